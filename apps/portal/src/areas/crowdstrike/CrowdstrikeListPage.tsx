import { mdiShieldOffOutline } from '@mdi/js';
import type { EdrSubscription } from '@portal/api/contract';
import { EmptyState, Link, type DataTableColumn } from '@portal/ui';
import { ListPage } from '../../kit/ListPage.tsx';
import { KIND_LABELS, openDetections } from './labels.ts';
import { crowdstrikePaged, crowdstrikeQueries } from './queries.ts';
import { SubscriptionStateChip, subscriptionStateLabel } from './SubscriptionStateChip.tsx';

const COLUMNS: DataTableColumn<EdrSubscription>[] = [
  {
    id: 'name',
    header: 'Name',
    accessor: 'name',
    width: 'minmax(180px, 1.5fr)',
    hideable: false,
    cell: (row) => <Link href={`/crowdstrike/${row.kind}/${row.id}`}>{row.name}</Link>,
  },
  {
    id: 'kind',
    priority: 4,
    header: 'Kind',
    accessor: (row) => KIND_LABELS[row.kind],
    filter: 'select',
    width: 130,
  },
  {
    id: 'state',
    priority: 1,
    header: 'State',
    accessor: (row) => subscriptionStateLabel(row.state),
    width: 120,
    cell: (row) => <SubscriptionStateChip state={row.state} />,
  },
  {
    id: 'children',
    priority: 5,
    header: 'Children',
    accessor: (row) => row.children ?? '',
    align: 'end',
    width: 100,
  },
  {
    id: 'hosts',
    priority: 3,
    header: 'Hosts',
    accessor: (row) => row.totals.hosts,
    align: 'end',
    width: 90,
  },
  {
    id: 'outdated',
    priority: 3,
    header: 'Outdated sensors',
    accessor: (row) => row.totals.outdated,
    align: 'end',
    width: 150,
  },
  {
    id: 'stale',
    priority: 3,
    header: 'Stale hosts',
    accessor: (row) => row.totals.stale,
    align: 'end',
    width: 120,
  },
  {
    id: 'open',
    priority: 1,
    header: 'Open detections',
    accessor: (row) => openDetections(row.totals.open_detections),
    align: 'end',
    width: 150,
  },
  {
    id: 'critical',
    priority: 2,
    header: 'Critical',
    accessor: (row) => row.totals.open_detections.critical,
    align: 'end',
    width: 100,
  },
  {
    id: 'tenant',
    priority: 5,
    header: 'Tenant',
    accessor: 'tenant_name',
    defaultHidden: true,
    minWidth: 160,
  },
];

/** `/crowdstrike`: the tenant's managed EDR and MSSP subscriptions with their figures. */
export function CrowdstrikeListPage() {
  return (
    <ListPage
      listId="crowdstrike"
      title="Endpoint security"
      description="Managed EDR watches your hosts for threats; an MSSP subscription oversees several customers' Managed EDR."
      tableLabel="Endpoint security subscriptions"
      noun={{ one: 'subscription', other: 'subscriptions' }}
      query={crowdstrikeQueries.list()}
      paged={crowdstrikePaged}
      columns={COLUMNS}
      getRowId={(row) => `${row.kind}-${row.id}`}
      rowHref={(row) => `/crowdstrike/${row.kind}/${row.id}`}
      defaultSorting={{ id: 'name' }}
      emptyState={
        <EmptyState
          icon={mdiShieldOffOutline}
          title="No endpoint security yet"
          description="Managed EDR and MSSP subscriptions your tenant contracts appear here."
        />
      }
    />
  );
}
