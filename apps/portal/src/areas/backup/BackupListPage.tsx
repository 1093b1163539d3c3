import { mdiBackupRestore } from '@mdi/js';
import type { BackupTenantSummary } from '@portal/api/contract';
import { BACKUP_STATE_LABELS } from '@portal/api/contract';
import type { DataTableColumn } from '@portal/ui';
import { CreateEmptyState, CreateLink } from '../../kit/CreateLink.tsx';
import { ListPage } from '../../kit/ListPage.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useManage } from '../../state/permissions.ts';
import { BACKUP_PERMISSION } from './permission.ts';
import { BackupStateChip, QuotaWarnings, UsageMeter } from './parts.tsx';
import { backupPaged, backupQueries } from './queries.ts';

const CREATE_PATH = '/backup/create';

const COLUMNS: readonly DataTableColumn<BackupTenantSummary>[] = [
  { id: 'name', header: 'Name', accessor: (row) => row.name, sortable: true, minWidth: 160 },
  {
    id: 'state',
    header: 'State',
    accessor: (row) => BACKUP_STATE_LABELS[row.state],
    cell: (row) => <BackupStateChip state={row.state} />,
    sortable: true,
    filter: 'select',
    filterOptions: Object.values(BACKUP_STATE_LABELS),
    priority: 1,
  },
  {
    id: 'usage',
    header: 'Storage used',
    accessor: (row) => (row.quota_gb > 0 ? row.used_gb / row.quota_gb : 0),
    cell: (row) => (
      <div>
        <UsageMeter tenant={row} compact />
        <QuotaWarnings tenant={row} compact />
      </div>
    ),
    sortable: true,
    minWidth: 220,
    priority: 2,
  },
  {
    id: 'location',
    header: 'Location',
    accessor: (row) => row.location,
    sortable: true,
    priority: 4,
  },
  {
    id: 'product',
    header: 'Product',
    accessor: (row) => row.product,
    sortable: true,
    priority: 4,
  },
  {
    id: 'machines',
    header: 'Machines',
    accessor: (row) => row.protected_machines,
    sortable: true,
    align: 'end',
    priority: 3,
  },
  {
    id: 'last_job',
    header: 'Last job',
    accessor: (row) => (row.last_job ? `${row.last_job.result} ${row.last_job.at}` : ''),
    priority: 2,
    cell: (row) =>
      row.last_job ? (
        <span title={`${formatDateTime(row.last_job.at)}: ${row.last_job.message}`}>
          {row.last_job.result === 'success'
            ? 'Succeeded'
            : row.last_job.result === 'warning'
              ? 'Warning'
              : 'Failed'}{' '}
          {formatRelative(row.last_job.at)}
        </span>
      ) : (
        'No job yet'
      ),
  },
];

/** `/backup`: the tenant's backup tenants, with usage, state and quota warnings. */
export function BackupListPage() {
  const { canManage, readOnlyReason } = useManage(BACKUP_PERMISSION);
  return (
    <ListPage
      listId="backup"
      title="Backup tenants"
      description={
        readOnlyReason ??
        'Backup accounts your agents sign in to: how much they use, whether jobs succeed, how long restore points are kept.'
      }
      actions={<CreateLink href={CREATE_PATH} permission={BACKUP_PERMISSION} />}
      noun={{ one: 'backup tenant', other: 'backup tenants' }}
      query={backupQueries.list()}
      paged={backupPaged}
      columns={COLUMNS}
      getRowId={(row) => row.uuid}
      defaultSorting={{ id: 'name', desc: false }}
      rowHref={(row) => `/backup/${row.uuid}`}
      rowResource={(row) => `backup:${row.uuid}`}
      emptyState={
        <CreateEmptyState
          icon={mdiBackupRestore}
          title="No backup tenants yet"
          canCreate={canManage}
          hint="Create a backup tenant, then install the backup agent on your machines."
          href={CREATE_PATH}
          createLabel="Create a backup tenant"
          plural="Backup tenants"
        />
      }
    />
  );
}
