import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { mdiDelete, mdiPause, mdiPlay, mdiPlus } from '@mdi/js';
import { MONITOR_TYPE_LABELS, type MaintenanceWindow, type Monitor } from '@portal/api/contract';
import {
  Alert,
  Button,
  IconButton,
  KeyValue,
  MetricChart,
  StatGrid,
  StatTile,
  type MetricRange,
} from '@portal/ui';
import { DetailPage, DetailStack } from '../../kit/DetailPage.tsx';
import { useHandedOnce } from '../../kit/handedOnce.ts';
import { useResourceBusy } from '../../kit/useTaskAction.ts';
import { queryErrorText } from '../../kit/queryError.ts';
import { formatDateTime, formatDuration, formatRelative } from '../../lib/format.ts';
import { notify } from '../../services.ts';
import { useManage } from '../../state/permissions.ts';
import { DeleteMonitorDialog } from './DeleteMonitorDialog.tsx';
import { MaintenanceDialog } from './MaintenanceDialog.tsx';
import { MONITORING_PERMISSION } from './permission.ts';
import { DeliveryStatusChip, MonitorStateChip, monitorResource, percentText } from './parts.tsx';
import { monitoringClient, monitoringKeys, monitoringQueries } from './queries.ts';
import { SlaReportPanel } from './SlaReportPanel.tsx';
import { WEBHOOK_SECRET, WebhookSecret } from './WebhookSecret.tsx';

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  & > li {
    border-inline-start: 3px solid var(--ui-color-border);
    padding: 4px 0 4px 12px;
  }
  & > li[data-open='true'] {
    border-color: var(--ui-color-error, #c62828);
  }
  & p {
    margin: 4px 0 0;
    color: var(--ui-color-text-secondary);
  }
`;

const Attempts = styled.ol`
  margin: 0;
  padding-left: 20px;
  flex-basis: 100%;
  color: var(--ui-color-text-secondary);
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  & > li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    flex-wrap: wrap;
  }
`;

const HOURS: Partial<Record<MetricRange, number>> = { '1h': 1, '6h': 6, '24h': 24, '7d': 168 };

const targetText = (monitor: Monitor) =>
  [
    monitor.target_kind === 'vm' ? `VM ${monitor.target}` : monitor.target,
    monitor.port ? `port ${monitor.port}` : null,
  ]
    .filter(Boolean)
    .join(', ');

function OverviewTab({ monitor }: { monitor: Monitor }) {
  const [range, setRange] = useState<MetricRange>('1h');
  const results = useQuery(monitoringQueries.results(monitor.id, HOURS[range] ?? 24));
  const points = (results.data ?? []).map((r) => [Date.parse(r.at), r.response_ms] as const);
  return (
    <DetailStack>
      <StatGrid>
        {(
          [
            ['Uptime 24 h', monitor.uptime_24h],
            ['Uptime 7 days', monitor.uptime_7d],
            ['Uptime 30 days', monitor.uptime_30d],
          ] as const
        ).map(([label, value]) => (
          <StatTile
            key={label}
            label={label}
            value={percentText(value)}
            tone={
              value === null
                ? 'neutral'
                : value >= 99.9
                  ? 'good'
                  : value >= 99
                    ? 'warning'
                    : 'critical'
            }
          />
        ))}
        <StatTile
          label="Last check"
          value={monitor.last_check_at ? formatRelative(monitor.last_check_at) : 'not yet'}
          hint={monitor.last_message || undefined}
        />
      </StatGrid>
      <MetricChart
        title="Response time (ms)"
        series={[{ label: 'Response time (ms)', unit: 'count', points }]}
        range={range}
        onRangeChange={(next) => setRange(HOURS[next] ? next : '7d')}
        loading={results.isLoading}
        error={results.error ? queryErrorText(results.error) : undefined}
        onRetry={() => void results.refetch()}
        emptyMessage="No checks in this period yet."
        headingLevel={2}
      />
      <KeyValue
        items={[
          { label: 'Tenant', value: `${monitor.tenant} · ${monitor.tenant_name}` },
          { label: 'Type', value: MONITOR_TYPE_LABELS[monitor.type] },
          { label: 'Target', value: targetText(monitor) },
          { label: 'Interval', value: `${monitor.interval_seconds} s` },
          { label: 'Timeout', value: `${monitor.timeout_seconds} s` },
          { label: 'Retries before down', value: String(monitor.retries) },
          ...(monitor.expected_status
            ? [{ label: 'Expected status', value: String(monitor.expected_status) }]
            : []),
          ...(monitor.keyword ? [{ label: 'Keyword', value: monitor.keyword }] : []),
          ...(monitor.dns_record_type
            ? [{ label: 'Record type', value: monitor.dns_record_type }]
            : []),
          ...(monitor.tls_days_threshold
            ? [{ label: 'Warn before expiry', value: `${monitor.tls_days_threshold} days` }]
            : []),
          {
            label: 'Alert contacts',
            value: monitor.contacts.map((contact) => contact.address).join(', ') || 'none',
          },
          { label: 'Created', value: formatDateTime(monitor.created_at) },
        ]}
      />
    </DetailStack>
  );
}

function IncidentsTab({ id }: { id: number }) {
  const incidents = useQuery(monitoringQueries.incidents(id));
  if (incidents.error)
    return (
      <Alert kind="error" title="The incidents could not be loaded">
        {queryErrorText(incidents.error)}
      </Alert>
    );
  if (!incidents.data) return <p>Loading incidents…</p>;
  if (incidents.data.length === 0)
    return <p>No incidents: every check outside maintenance passed.</p>;
  return (
    <Timeline aria-label="Incidents, newest first">
      {incidents.data.map((incident) => {
        const end = incident.ended_at;
        return (
          <li key={incident.id} data-open={end === null}>
            <strong>
              {end === null
                ? `Down since ${formatDateTime(incident.started_at)} (ongoing)`
                : `Down from ${formatDateTime(incident.started_at)} to ${formatDateTime(end)} (${formatDuration(Date.parse(end) - Date.parse(incident.started_at))})`}
            </strong>
            <p>{incident.message}</p>
          </li>
        );
      })}
    </Timeline>
  );
}

const windowText = (window: MaintenanceWindow) => {
  if (window.kind === 'once')
    return `${formatDateTime(window.starts_at)} to ${formatDateTime(window.ends_at)}`;
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return `Every ${window.days.map((day) => names[day]).join(', ')} at ${window.start_time ?? ''} UTC for ${window.duration_minutes ?? 0} minutes`;
};

function MaintenanceTab({ id }: { id: number }) {
  const client = useQueryClient();
  const { canManage, readOnlyReason: reason } = useManage(MONITORING_PERMISSION);
  const [adding, setAdding] = useState(false);
  const windows = useQuery(monitoringQueries.maintenance(id));
  const remove = useMutation({
    mutationFn: (windowId: number) => monitoringClient().removeMaintenance(id, windowId),
    onSuccess: () => notify('The maintenance window was removed.', 'success'),
    onError: (error) => notify(queryErrorText(error), 'error'),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.monitor(id) }),
  });
  return (
    <DetailStack>
      <div>
        <Button
          variant="primary"
          leadingIcon={mdiPlus}
          onClick={() => setAdding(true)}
          disabled={!canManage}
          disabledReason={reason}
        >
          Add maintenance window
        </Button>
      </div>
      {windows.error ? (
        <Alert kind="error" title="The maintenance windows could not be loaded">
          {queryErrorText(windows.error)}
        </Alert>
      ) : windows.data?.length === 0 ? (
        <p>No maintenance windows.</p>
      ) : (
        <Rows aria-label="Maintenance windows">
          {(windows.data ?? []).map((window) => (
            <li key={window.id}>
              <span>
                <strong>{window.name}</strong>: {windowText(window)}
              </span>
              <IconButton
                icon={mdiDelete}
                aria-label={`Remove ${window.name}`}
                onClick={() => remove.mutate(window.id)}
                disabled={!canManage}
              />
            </li>
          ))}
        </Rows>
      )}
      {adding ? <MaintenanceDialog monitorId={id} onClose={() => setAdding(false)} /> : null}
    </DetailStack>
  );
}

function AlertsTab({ id }: { id: number }) {
  const deliveries = useQuery(monitoringQueries.deliveries(id));
  if (deliveries.error)
    return (
      <Alert kind="error" title="The alert log could not be loaded">
        {queryErrorText(deliveries.error)}
      </Alert>
    );
  if (!deliveries.data) return <p>Loading the alert log…</p>;
  const simulated = deliveries.data.some((delivery) => delivery.status === 'simulated');
  return (
    <DetailStack>
      {simulated ? (
        <Alert kind="info" title="Some alerts are simulated">
          Alerts of simulated checks are recorded here as they would have been sent; they never
          leave the portal.
        </Alert>
      ) : null}
      {deliveries.data.length === 0 ? (
        <p>No alerts yet.</p>
      ) : (
        <Rows aria-label="Alert deliveries">
          {deliveries.data.map((delivery) => (
            <li key={delivery.id}>
              <span>
                {formatDateTime(delivery.at)} · {delivery.event === 'down' ? 'Down' : 'Up'} ·{' '}
                {delivery.message}
              </span>
              <DeliveryStatusChip status={delivery.status} />
              {delivery.attempts.length > 0 ? (
                <Attempts aria-label={`Attempts to send alert ${delivery.id}`}>
                  {delivery.attempts.map((attempt, index) => (
                    <li key={attempt.at + String(index)}>
                      Attempt {index + 1}, {formatDateTime(attempt.at)}: {attempt.outcome}
                    </li>
                  ))}
                </Attempts>
              ) : null}
            </li>
          ))}
        </Rows>
      )}
    </DetailStack>
  );
}

/** `/monitoring/:id`: a monitor's response times, incidents, maintenance, SLA and alerts. */
export function MonitoringDetailPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const monitor = useQuery(monitoringQueries.monitor(id));
  const { canManage, readOnlyReason: reason } = useManage(MONITORING_PERMISSION);
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const deleting = useResourceBusy(monitorResource(id));
  const operate = useMutation({
    mutationFn: (operation: 'pause' | 'resume') => monitoringClient().operate(id, operation),
    onSuccess: (updated) => {
      client.setQueryData(monitoringKeys.monitor(id), updated);
      notify(
        updated.state === 'paused' ? `${updated.name} is paused.` : `${updated.name} resumed.`,
        'success',
      );
    },
    onError: (error) => notify(queryErrorText(error), 'error'),
    onSettled: () => client.invalidateQueries({ queryKey: monitoringKeys.lists() }),
  });
  const data = monitor.data;
  const paused = data?.state === 'paused';
  // Just created: the wizard hands over the webhook signing secret, shown here this once.
  const secret = useHandedOnce<string>(WEBHOOK_SECRET);
  return (
    <DetailPage
      notice={secret ? <WebhookSecret secret={secret} /> : undefined}
      listPath="/monitoring"
      listLabel="Monitoring"
      noun="monitor"
      loadingTitle={`Monitor ${id}`}
      title={data?.name}
      status={
        data ? (
          <>
            <MonitorStateChip state={data.state} />
            {data.in_maintenance ? ' In maintenance' : null}
          </>
        ) : undefined
      }
      description={data ? `${MONITOR_TYPE_LABELS[data.type]} · ${targetText(data)}` : undefined}
      loading={monitor.isLoading}
      error={monitor.error ?? undefined}
      onRetry={() => void monitor.refetch()}
      actions={
        data ? (
          <>
            <Button
              variant="outlined"
              leadingIcon={paused ? mdiPlay : mdiPause}
              loading={operate.isPending}
              disabled={!canManage || deleting.busy}
              disabledReason={reason}
              onClick={() => operate.mutate(paused ? 'resume' : 'pause')}
            >
              {paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              variant="danger"
              leadingIcon={mdiDelete}
              loading={deleting.busy}
              disabled={!canManage}
              disabledReason={reason}
              onClick={() => setDeleteOpen(true)}
            >
              Delete
            </Button>
            <DeleteMonitorDialog
              monitor={data}
              open={deleteOpen}
              onOpenChange={setDeleteOpen}
              onStarted={() => navigate('/monitoring')}
            />
          </>
        ) : undefined
      }
      tabsLabel="Monitor details"
      tabs={
        data
          ? [
              { id: 'overview', label: 'Overview', content: <OverviewTab monitor={data} /> },
              { id: 'incidents', label: 'Incidents', content: <IncidentsTab id={id} /> },
              { id: 'maintenance', label: 'Maintenance', content: <MaintenanceTab id={id} /> },
              { id: 'sla', label: 'SLA', content: <SlaReportPanel monitorId={id} /> },
              { id: 'alerts', label: 'Alerts', content: <AlertsTab id={id} /> },
            ]
          : []
      }
    />
  );
}
