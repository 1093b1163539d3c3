import { mdiServerOff } from '@mdi/js';
import type { DseriesItem } from '@portal/api/contract';
import { EmptyState, StatusChip, type DataTableColumn } from '@portal/ui';
import { formatSizeGb } from '../../lib/format.ts';
import { ListPage } from '../../kit/ListPage.tsx';
import { dseriesQueries } from './queries.ts';

const STATUS_LOOK: Record<DseriesItem['status'], { chip: string; label: string }> = {
  running: { chip: 'running', label: 'Running' },
  stopped: { chip: 'stopped', label: 'Stopped' },
  maintenance: { chip: 'warning', label: 'Maintenance' },
};

const COLUMNS: DataTableColumn<DseriesItem>[] = [
  { id: 'name', header: 'Name', accessor: 'name', width: 'minmax(170px, 1.5fr)', hideable: false },
  {
    id: 'status',
    priority: 1,
    header: 'Status',
    accessor: (item) => STATUS_LOOK[item.status].label,
    filter: 'select',
    width: 136,
    cell: (item) => (
      <StatusChip status={STATUS_LOOK[item.status].chip} label={STATUS_LOOK[item.status].label} />
    ),
  },
  { id: 'model', priority: 4, header: 'Model', accessor: 'model', width: 96 },
  { id: 'cores', priority: 4, header: 'Cores', accessor: 'cpu_cores', align: 'end', width: 90 },
  {
    id: 'memory',
    priority: 4,
    header: 'Memory',
    accessor: 'memory_gb',
    align: 'end',
    width: 110,
    searchable: false,
    cell: (item) => formatSizeGb(item.memory_gb),
  },
  {
    id: 'storage',
    priority: 5,
    header: 'Storage',
    accessor: 'storage',
    width: 'minmax(150px, 1.2fr)',
  },
  {
    id: 'location',
    priority: 3,
    header: 'Location',
    accessor: 'location',
    filter: 'select',
    width: 110,
  },
  { id: 'ip', priority: 2, header: 'IP address', accessor: (item) => item.ip ?? '', minWidth: 120 },
];

/** `/dseries`: the tenant's dedicated servers (a listing; the specification shows no detail). */
export function DseriesListPage() {
  return (
    <ListPage
      listId="dseries"
      title="D series"
      description="Your dedicated servers."
      tableLabel="D series servers"
      noun={{ one: 'server', other: 'servers' }}
      query={dseriesQueries.list()}
      columns={COLUMNS}
      defaultSorting={{ id: 'name' }}
      emptyState={
        <EmptyState
          icon={mdiServerOff}
          title="No dedicated servers"
          description="Dedicated servers your tenant contracts appear here."
        />
      }
    />
  );
}
