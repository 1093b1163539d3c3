import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mdiLanDisconnect, mdiLanConnect, mdiDownload } from '@mdi/js';
import type { EdrHost, HostFilter } from '@portal/api/contract';
import { containmentRefusal } from '@portal/api/domain';
import {
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  Link,
  Select,
  StatusChip,
  type DataTableColumn,
  type DataTableHandle,
} from '@portal/ui';
import { errorText } from '@portal/api/client';
import { tableReadProps } from '../../kit/queryError.ts';
import { useUrlParam } from '../../kit/urlParam.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useResourceBusy, useTaskAction } from '../../kit/useTaskAction.ts';
import { hostPath } from './paths.ts';
import { HOST_STATUS_LOOK } from './labels.ts';
import { crowdstrikeClient, crowdstrikeKeys, crowdstrikeQueries } from './queries.ts';

export const hostResource = (id: number) => `edr-host:${id}`;

export function HostStatus({ host, size }: { host: EdrHost; size?: 'medium' }) {
  const { busy, label } = useResourceBusy(hostResource(host.id));
  if (busy) return <StatusChip status="RUNNING" label={label} size={size} />;
  const look = HOST_STATUS_LOOK[host.status];
  return <StatusChip status={look.chip} label={look.label} size={size} />;
}

const columnsFor = (medrId: number): DataTableColumn<EdrHost>[] => [
  {
    id: 'hostname',
    header: 'Hostname',
    accessor: 'hostname',
    hideable: false,
    minWidth: 160,
    cell: (host) => <Link href={hostPath(medrId, host.id)}>{host.hostname}</Link>,
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (host) => HOST_STATUS_LOOK[host.status].label,
    filter: 'select',
    width: 150,
    priority: 1,
    cell: (host) => <HostStatus host={host} />,
  },
  { id: 'os', header: 'Operating system', accessor: 'os', minWidth: 170, priority: 4 },
  {
    id: 'kind',
    header: 'Kind',
    accessor: (host) => (host.kind === 'vm' ? 'Virtual machine' : 'Endpoint'),
    filter: 'select',
    width: 140,
    priority: 4,
  },
  {
    id: 'sensor',
    header: 'Sensor version',
    accessor: 'sensor_version',
    width: 160,
    priority: 2,
    cell: (host) =>
      host.outdated ? (
        <span>
          {host.sensor_version} <StatusChip status="warning" label="Outdated" />
        </span>
      ) : (
        host.sensor_version
      ),
  },
  {
    id: 'last_seen',
    header: 'Last seen',
    accessor: 'last_seen',
    width: 170,
    priority: 3,
    searchable: false,
    cell: (host) => (
      <span title={formatDateTime(host.last_seen)}>
        {formatRelative(host.last_seen)}
        {host.stale ? ' · stale' : ''}
      </span>
    ),
  },
];

const EMPTY: Record<'all' | HostFilter, { title: string; description: string }> = {
  all: { title: 'No hosts yet', description: 'Hosts appear here once their sensor checks in.' },
  outdated: {
    title: 'No outdated sensors',
    description: 'Every sensor runs the version the update policy asks for, or a newer one.',
  },
  stale: { title: 'No stale hosts', description: 'Every host checked in within the last hour.' },
};

const FILTERS: { value: 'all' | HostFilter; label: string }[] = [
  { value: 'all', label: 'All hosts' },
  { value: 'outdated', label: 'Outdated sensor' },
  { value: 'stale', label: 'Stale hosts' },
];

export interface PendingContainment {
  host: EdrHost;
  operation: 'contain' | 'lift';
}

/** The query parameter that keeps the hosts filter (`?hosts=outdated`). */
export const HOSTS_PARAM = 'hosts';
const filterOf = (value: string | null): 'all' | HostFilter =>
  value === 'outdated' || value === 'stale' ? value : 'all';

/** The medr's hosts: filters for outdated sensors and stale hosts, CSV, containment. */
export function HostsTab({ medrId, lockedReason }: { medrId: number; lockedReason?: string }) {
  const [hosts, setHosts] = useUrlParam(HOSTS_PARAM);
  const filter = filterOf(hosts);
  const setFilter = (value: 'all' | HostFilter) => setHosts(value === 'all' ? null : value);
  const query = useQuery(crowdstrikeQueries.hosts(medrId, filter === 'all' ? undefined : filter));
  const table = useRef<DataTableHandle<EdrHost>>(null);
  const [pending, setPending] = useState<PendingContainment | null>(null);
  const columns = useMemo(() => columnsFor(medrId), [medrId]);

  const exportCsv = async () => {
    const handle = table.current;
    if (!handle) return;
    const { downloadCsv, toCsv } = await import('@portal/ui/csv');
    downloadCsv(
      `hosts-${medrId}${filter === 'all' ? '' : `-${filter}`}.csv`,
      toCsv(handle.getVisibleRows(), handle.getVisibleColumns()),
    );
  };

  const action = (host: EdrHost, operation: 'contain' | 'lift') => ({
    id: operation,
    label: operation === 'contain' ? 'Contain' : 'Lift containment',
    icon: operation === 'contain' ? mdiLanDisconnect : mdiLanConnect,
    tone: operation === 'contain' ? ('danger' as const) : undefined,
    disabledReason: lockedReason ?? containmentRefusal(operation, host.status) ?? undefined,
    onSelect: () => setPending({ host, operation }),
  });

  return (
    <>
      <DataTable<EdrHost>
        aria-label="Hosts"
        ref={table}
        data={query.data ?? []}
        columns={columns}
        getRowId={(host) => String(host.id)}
        getRowLabel={(host) => host.hostname}
        {...tableReadProps(query)}
        searchLabel="Search hosts"
        emptyState={<EmptyState {...EMPTY[filter]} />}
        defaultSorting={{ id: 'hostname' }}
        rowActions={(host) => [
          host.status === 'contained' ? action(host, 'lift') : action(host, 'contain'),
        ]}
        toolbar={
          <>
            <Select
              label="Show"
              inline
              options={FILTERS}
              value={filter}
              onValueChange={(value) => setFilter(value as 'all' | HostFilter)}
            />
            <Button variant="outlined" leadingIcon={mdiDownload} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </>
        }
      />
      <ContainmentDialog medrId={medrId} pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

/** Confirms containing a host, or lifting its containment, and starts the task. */
export function ContainmentDialog({
  medrId,
  pending,
  onClose,
}: {
  medrId: number;
  pending: PendingContainment | null;
  onClose: () => void;
}) {
  const task = useTaskAction({
    operation: 'Contain host',
    kind: 'other',
    invalidates: [crowdstrikeKeys.medr(medrId), crowdstrikeKeys.list()],
  });
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        pending?.operation === 'lift'
          ? `Lift containment of ${pending.host.hostname}?`
          : `Contain ${pending?.host.hostname ?? 'host'}?`
      }
      description={
        pending?.operation === 'lift'
          ? 'The host gets its network back.'
          : 'The host loses every network connection except to the security platform until containment is lifted.'
      }
      confirmLabel={pending?.operation === 'lift' ? 'Lift containment' : 'Contain'}
      tone={pending?.operation === 'lift' ? 'primary' : 'danger'}
      onConfirm={async () => {
        if (!pending) return;
        const { host, operation } = pending;
        const result = await task.run(
          () => crowdstrikeClient().containment(medrId, host.id, operation),
          {
            operation: operation === 'contain' ? 'Contain host' : 'Lift containment',
            resource: hostResource(host.id),
            runningLabel: operation === 'contain' ? 'Containing…' : 'Lifting…',
          },
        );
        if (!result.ok) throw new Error(errorText(result.error));
      }}
    />
  );
}
