import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import {
  mdiDelete,
  mdiHistory,
  mdiPauseCircleOutline,
  mdiPencil,
  mdiPlayCircleOutline,
  mdiPlay,
} from '@mdi/js';
import {
  RETENTION_FIELDS,
  type BackupJob,
  type BackupRestorePoint,
  type BackupTenant,
} from '@portal/api/contract';
import { backupConcerns } from '@portal/api/domain';
import {
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  KeyValue,
  MetricChart,
  StatusChip,
  type DataTableColumn,
  type MetricRange,
} from '@portal/ui';
import { DetailPage, DetailStack, detailReadProps } from '../../kit/DetailPage.tsx';
import { useHandedOnce } from '../../kit/handedOnce.ts';
import { queryErrorText, readStateProps } from '../../kit/queryError.ts';
import { useTaskAction } from '../../kit/useTaskAction.ts';
import { formatDateTime, formatRelative, formatSizeGb } from '../../lib/format.ts';
import { notify } from '../../services.ts';
import { useManage } from '../../state/permissions.ts';
import { AGENT_CREDENTIALS, AgentSecret, type AgentCredentials } from './AgentSecret.tsx';
import { BACKUP_PERMISSION } from './permission.ts';
import { BackupStateChip, UsageMeter, alertText } from './parts.tsx';
import { QuotaDialog, type QuotaForm } from './QuotaDialog.tsx';
import { RetentionDialog } from './RetentionDialog.tsx';
import { api, backupKeys, backupQueries } from './queries.ts';

const LIST_PATH = '/backup';
const POINTS_PAGE = 25;
const GB = 1024 ** 3;
const RANGE_DAYS: Record<MetricRange, number> = {
  '1h': 1 / 24,
  '6h': 0.25,
  '24h': 1,
  '7d': 7,
  '30d': 30,
};

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** `/backup/{uuid}`: usage, quota, retention, jobs and restore points of one backup tenant. */
export function BackupTenantPage() {
  const uuid = useParams().uuid ?? '';
  const query = useQuery(backupQueries.tenant(uuid));
  const tenant = query.data;
  // Just created: the wizard hands over the agent's secret, shown on this page this once.
  const credentials = useHandedOnce<AgentCredentials>(AGENT_CREDENTIALS);
  return (
    <DetailPage
      notice={credentials ? <AgentSecret credentials={credentials} /> : undefined}
      listPath={LIST_PATH}
      listLabel="Backup tenants"
      title={tenant?.name}
      loadingTitle={`Backup tenant ${uuid}`}
      status={tenant ? <BackupStateChip state={tenant.state} /> : undefined}
      description={
        tenant ? `${tenant.product} · ${tenant.location} · ${tenant.repository}` : undefined
      }
      actions={tenant ? <TenantActions tenant={tenant} /> : undefined}
      noun="backup tenant"
      {...detailReadProps(query)}
      tabsLabel="Backup tenant details"
      tabs={
        tenant
          ? [
              { id: 'overview', label: 'Overview', content: <Overview tenant={tenant} /> },
              { id: 'usage', label: 'Usage', content: <UsageTab uuid={uuid} /> },
              { id: 'jobs', label: 'Jobs', content: <JobsTab uuid={uuid} /> },
              {
                id: 'restore-points',
                label: 'Restore points',
                content: <RestorePointsTab uuid={uuid} />,
              },
            ]
          : undefined
      }
    />
  );
}

function TenantActions({ tenant }: { tenant: BackupTenant }) {
  const client = useQueryClient();
  const { canManage, readOnlyReason: readOnly } = useManage(BACKUP_PERMISSION);
  const [quotaOpen, setQuotaOpen] = useState(false);
  const [retentionOpen, setRetentionOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const resource = `backup:${tenant.uuid}`;
  const invalidates = [backupKeys.tenant(tenant.uuid), backupKeys.list()];
  const job = useTaskAction({
    operation: `Run job of ${tenant.name}`,
    kind: 'backup',
    resource,
    runningLabel: 'Running job…',
    invalidates,
  });
  const removal = useTaskAction({
    operation: `Delete ${tenant.name}`,
    kind: 'backup',
    resource,
    runningLabel: 'Deleting…',
    invalidates: [backupKeys.list()],
  });
  const ready = tenant.state !== 'creating' && tenant.state !== 'failed';
  const disabledReason = !canManage ? readOnly : undefined;

  const refresh = (next: BackupTenant) => {
    client.setQueryData(backupKeys.tenant(tenant.uuid), next);
    void client.invalidateQueries({ queryKey: backupKeys.all });
  };
  const saveQuota = async (values: QuotaForm) => {
    refresh(await api().setQuota(tenant.uuid, values));
    notify(`The quota of ${tenant.name} was saved.`, 'success');
  };
  const saveRetention = async (retention: BackupTenant['retention']) => {
    refresh(await api().setRetention(tenant.uuid, retention));
    notify(`The retention of ${tenant.name} was saved.`, 'success');
  };
  const toggle = async () => {
    setSwitching(true);
    try {
      const enabled = tenant.state === 'disabled';
      refresh(await api().setEnabled(tenant.uuid, enabled));
      notify(`${tenant.name} is ${enabled ? 'enabled' : 'disabled'}.`, 'success');
    } catch (error) {
      notify(queryErrorText(error), 'error');
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Actions>
      <Button
        variant="primary"
        leadingIcon={mdiPlay}
        loading={job.busy}
        disabled={!canManage || !ready || tenant.state === 'disabled'}
        disabledReason={disabledReason}
        onClick={() => void job.run(() => api().runJob(tenant.uuid))}
      >
        {job.busy ? (job.label ?? 'Running job…') : 'Run job now'}
      </Button>
      <Button
        variant="outlined"
        leadingIcon={mdiPencil}
        disabled={!canManage || !ready}
        disabledReason={disabledReason}
        onClick={() => setQuotaOpen(true)}
      >
        Edit quota
      </Button>
      <Button
        variant="outlined"
        leadingIcon={mdiHistory}
        disabled={!canManage || !ready}
        disabledReason={disabledReason}
        onClick={() => setRetentionOpen(true)}
      >
        Edit retention
      </Button>
      <Button
        variant="outlined"
        leadingIcon={tenant.state === 'disabled' ? mdiPlayCircleOutline : mdiPauseCircleOutline}
        loading={switching}
        disabled={!canManage || !ready}
        disabledReason={disabledReason}
        onClick={() => void toggle()}
      >
        {tenant.state === 'disabled' ? 'Enable' : 'Disable'}
      </Button>
      <Button
        variant="danger"
        leadingIcon={mdiDelete}
        loading={removal.busy}
        disabled={!canManage || tenant.state === 'creating'}
        disabledReason={disabledReason}
        onClick={() => setDeleteOpen(true)}
      >
        Delete
      </Button>
      <QuotaDialog
        tenant={tenant}
        open={quotaOpen}
        onOpenChange={setQuotaOpen}
        onSave={saveQuota}
      />
      <RetentionDialog
        tenant={tenant}
        open={retentionOpen}
        onOpenChange={setRetentionOpen}
        onSave={saveRetention}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete ${tenant.name}?`}
        description="Its restore points are deleted with it and cannot be recovered. Agents signed in with its account stop backing up."
        confirmLabel="Delete"
        tone="danger"
        requireText={tenant.name}
        requireTextLabel={`Type ${tenant.name} to confirm`}
        onConfirm={() => removal.run(() => api().remove(tenant.uuid))}
      />
    </Actions>
  );
}

function Overview({ tenant }: { tenant: BackupTenant }) {
  const concerns = backupConcerns(tenant);
  return (
    <DetailStack>
      <Card title="Storage">
        <UsageMeter tenant={tenant} />
        <KeyValue
          columns={2}
          items={[
            { label: 'Quota (hard limit)', value: formatSizeGb(tenant.quota_gb) },
            { label: 'Warning at (soft limit)', value: `${tenant.warning_percent} %` },
            {
              label: 'Alert rules',
              value:
                tenant.alerts.length === 0
                  ? 'None set'
                  : tenant.alerts
                      .map(
                        (alert) =>
                          `${alertText(alert)}${alert.triggered_at ? ` (reached ${formatRelative(alert.triggered_at)})` : ''}`,
                      )
                      .join('; '),
            },
            {
              label: 'Alerts',
              // What needs attention now, as the list says it: not merely the rules set.
              value: concerns.length === 0 ? 'None' : concerns.join(' '),
            },
          ]}
        />
      </Card>
      <Card title="Jobs and retention">
        <KeyValue
          columns={3}
          items={[
            {
              label: 'Last job',
              value: tenant.last_job
                ? `${tenant.last_job.result} ${formatRelative(tenant.last_job.at)}: ${tenant.last_job.message}`
                : 'No job yet',
            },
            { label: 'Next scheduled job', value: formatDateTime(tenant.next_job_at, 'none') },
            { label: 'Restore points', value: tenant.restore_points },
            ...RETENTION_FIELDS.map((field) => ({
              label: `Retention: ${field.label.toLowerCase()}`,
              value: tenant.retention[field.key],
            })),
          ]}
        />
      </Card>
      <Card title="Agents">
        <KeyValue
          columns={2}
          items={[
            {
              label: 'Agent account',
              value: tenant.agent_account,
              mono: true,
              copyable: true,
              copyLabel: 'Copy the agent account',
            },
            { label: 'Owning tenant', value: tenant.tenant_id },
          ]}
        />
        <DataTable
          aria-label="Protected machines"
          data={tenant.machines}
          columns={MACHINE_COLUMNS}
          getRowId={(row) => row.name}
          emptyState="No machine is protected yet."
        />
      </Card>
    </DetailStack>
  );
}

type Machine = BackupTenant['machines'][number];
const MACHINE_COLUMNS: DataTableColumn<Machine>[] = [
  { id: 'name', header: 'Machine', accessor: (row) => row.name },
  { id: 'os', header: 'Operating system', accessor: (row) => row.os },
  {
    id: 'size',
    header: 'Size',
    accessor: (row) => row.size_gb,
    cell: (row) => formatSizeGb(row.size_gb),
  },
  {
    id: 'last',
    header: 'Last backup',
    accessor: (row) => row.last_backup_at ?? '',
    cell: (row) => formatDateTime(row.last_backup_at),
  },
];

function UsageTab({ uuid }: { uuid: string }) {
  const [range, setRange] = useState<MetricRange>('30d');
  const query = useQuery(backupQueries.usage(uuid));
  // The range ends when the points were read.
  const since = query.dataUpdatedAt - RANGE_DAYS[range] * 86_400_000;
  const points = (query.data?.points ?? [])
    .filter(([at]) => at >= since)
    .map(([at, gb]) => [at, gb * GB] as const);
  const quota = query.data ? query.data.quota_gb * GB : null;
  return (
    <MetricChart
      title="Storage used"
      headingLevel={2}
      series={[
        { label: 'Used', unit: 'bytes', points },
        ...(quota === null
          ? []
          : [
              {
                label: 'Quota',
                unit: 'bytes' as const,
                points: points.length > 0 ? points.map(([at]) => [at, quota] as const) : [],
              },
            ]),
      ]}
      range={range}
      onRangeChange={setRange}
      {...readStateProps(query)}
      emptyMessage="No job ran in this range."
    />
  );
}

const JOB_KIND: Record<BackupJob['result'], string> = {
  success: 'success',
  warning: 'warning',
  failed: 'error',
};

const JOB_COLUMNS: DataTableColumn<BackupJob>[] = [
  {
    id: 'started',
    header: 'Started',
    accessor: (row) => row.started_at,
    cell: (row) => formatDateTime(row.started_at),
    sortable: true,
  },
  {
    id: 'result',
    header: 'Result',
    accessor: (row) => row.result,
    cell: (row) => <StatusChip status={JOB_KIND[row.result]} label={row.result} />,
    filter: 'select',
    filterOptions: ['success', 'warning', 'failed'],
  },
  { id: 'trigger', header: 'Trigger', accessor: (row) => row.trigger },
  { id: 'message', header: 'Message', accessor: (row) => row.message, minWidth: 260 },
  {
    id: 'transferred',
    header: 'Transferred',
    accessor: (row) => row.transferred_gb,
    cell: (row) => formatSizeGb(row.transferred_gb),
    align: 'end',
  },
  {
    id: 'used',
    header: 'Used after',
    accessor: (row) => row.used_gb,
    cell: (row) => formatSizeGb(row.used_gb),
    align: 'end',
  },
];

function JobsTab({ uuid }: { uuid: string }) {
  const query = useQuery(backupQueries.jobs(uuid));
  return (
    <DataTable
      aria-label="Jobs"
      data={query.data ?? []}
      columns={JOB_COLUMNS}
      getRowId={(row) => String(row.seq)}
      {...readStateProps(query)}
      emptyState="No job has run yet."
      defaultSorting={{ id: 'started', desc: true }}
    />
  );
}

const POINT_COLUMNS: DataTableColumn<BackupRestorePoint>[] = [
  {
    id: 'created',
    header: 'Created',
    accessor: (row) => row.created_at,
    cell: (row) => formatDateTime(row.created_at),
  },
  { id: 'kind', header: 'Kind', accessor: (row) => row.kind },
  {
    id: 'size',
    header: 'Size',
    accessor: (row) => row.size_gb,
    cell: (row) => formatSizeGb(row.size_gb),
    align: 'end',
  },
  { id: 'machines', header: 'Machines', accessor: (row) => row.machines, align: 'end' },
];

function RestorePointsTab({ uuid }: { uuid: string }) {
  const query = useInfiniteQuery({
    queryKey: backupKeys.restorePoints(uuid),
    queryFn: ({ pageParam }) =>
      api().restorePoints(uuid, {
        limit: POINTS_PAGE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.page.next_cursor ?? undefined,
  });
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.page.total;
  return (
    <DetailStack>
      <DataTable
        aria-label="Restore points"
        data={rows}
        columns={POINT_COLUMNS}
        getRowId={(row) => String(row.id)}
        {...readStateProps(query)}
        emptyState="No restore point yet."
      />
      {total !== undefined && (
        <Actions>
          <span role="status">
            {rows.length} of {total} restore points
          </span>
          {query.hasNextPage && (
            <Button
              variant="outlined"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </Actions>
      )}
    </DetailStack>
  );
}
