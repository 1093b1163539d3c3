import { useState } from 'react';
import { mdiChartBox, mdiChartLine, mdiPlus } from '@mdi/js';
import { isSuperTenantUser, MONITOR_TYPE_LABELS, type Monitor } from '@portal/api/contract';
import {
  Button,
  EmptyState,
  Link,
  LinkButton,
  Skeleton,
  Sparkline,
  type DataTableColumn,
} from '@portal/ui';
import { useSnapshot } from 'valtio';
import { deleteRowAction } from '../../kit/deleteRowAction.ts';
import { ListPage } from '../../kit/ListPage.tsx';
import { useUrlParam } from '../../kit/urlParam.ts';
import { formatRelative, tenantText } from '../../lib/format.ts';
import { session } from '../../services.ts';
import { useManageReason } from '../../state/permissions.ts';
import { MONITORING_PERMISSION } from './permission.ts';
import { MonitorStateChip, monitorResource, msText, percentText, stateLabel } from './parts.tsx';
import { monitoringClient, monitoringQueries } from './queries.ts';

// The delete dialog loads when a monitor is being deleted.
const DeleteMonitorDialog = lazyPart(
  () => import('./DeleteMonitorDialog.tsx'),
  'DeleteMonitorDialog',
);

// The SLA report (its period select) loads when it is opened, not before the monitors' rows.
const SlaReportPanel = lazyPart(
  () => import('./SlaReportPanel.tsx'),
  'SlaReportPanel',
  <Skeleton lines={4} />,
);
import { lazyPart } from '../../kit/lazyPart.tsx';

const CREATE_PATH = '/monitoring/create';
const REPORT_PARAM = 'report';

/** An uptime share over one window, right-aligned; a monitor without one sorts below 0 %. */
const uptimeColumn = (
  key: 'uptime_24h' | 'uptime_7d' | 'uptime_30d',
  header: string,
  priority: DataTableColumn<Monitor>['priority'],
): DataTableColumn<Monitor> => ({
  id: key,
  priority,
  header,
  accessor: (row) => row[key] ?? -1,
  cell: (row) => percentText(row[key]),
  align: 'end',
});

function columns(everyTenant: boolean): DataTableColumn<Monitor>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessor: 'name',
      cell: (row) => <Link href={`/monitoring/${row.id}`}>{row.name}</Link>,
    },
    ...(everyTenant
      ? [
          {
            id: 'tenant',
            priority: 2,
            header: 'Tenant',
            // The filter lists what the accessor gives: the customer's name beside the code.
            accessor: (row: Monitor) => tenantText(row.tenant, row.tenant_name),
            filter: 'select',
          } satisfies DataTableColumn<Monitor>,
        ]
      : []),
    {
      id: 'state',
      priority: 1,
      header: 'State',
      accessor: (row) => stateLabel(row.state),
      cell: (row) => <MonitorStateChip state={row.state} />,
      filter: 'select',
    },
    {
      id: 'type',
      priority: 4,
      header: 'Type',
      accessor: (row) => MONITOR_TYPE_LABELS[row.type],
      filter: 'select',
    },
    { id: 'target', priority: 2, header: 'Target', accessor: 'target' },
    uptimeColumn('uptime_24h', 'Uptime 24 h', 3),
    uptimeColumn('uptime_7d', 'Uptime 7 d', 4),
    uptimeColumn('uptime_30d', 'Uptime 30 d', 5),
    {
      id: 'last_check',
      priority: 4,
      header: 'Last check',
      accessor: (row) => row.last_check_at ?? '',
      cell: (row) => (row.last_check_at ? formatRelative(row.last_check_at) : 'not yet'),
    },
    {
      id: 'response',
      priority: 5,
      header: 'Response time',
      accessor: (row) => row.last_response_ms ?? -1,
      cell: (row) =>
        row.response_times.length > 0 ? (
          <Sparkline
            values={row.response_times}
            label={`Response time of ${row.name}, last checks`}
            format={msText}
            tone={row.state === 'down' ? 'error' : 'primary'}
          />
        ) : (
          '–'
        ),
      searchable: false,
    },
  ];
}

/**
 * `/monitoring`: the tenant's monitors, with their state, uptime and response times; the
 * provider's super-tenant user sees every tenant's, with a tenant filter, and creates them.
 */
export function MonitoringListPage() {
  const { user } = useSnapshot(session);
  const everyTenant = user ? isSuperTenantUser(user) : false;
  const readOnlyReason = useManageReason(MONITORING_PERMISSION);
  const [deleting, setDeleting] = useState<Monitor | null>(null);
  // The report is made only once asked for (with thousands of monitors it is not free), from the
  // header, above the table; `?report=sla` keeps it open on reload and in a shared link.
  const [report, setReport] = useUrlParam(REPORT_PARAM);
  const slaOpen = report === 'sla';
  const toggleSla = () => setReport(slaOpen ? null : 'sla');
  return (
    <>
      <ListPage
        listId="monitoring"
        title="Monitoring"
        description={
          readOnlyReason ??
          (everyTenant
            ? "The checks you run for your customers' services."
            : 'The checks your provider runs on your services, and how they have been doing.')
        }
        actions={
          <>
            <Button
              variant="outlined"
              leadingIcon={mdiChartBox}
              aria-expanded={slaOpen}
              aria-controls="sla-report"
              onClick={toggleSla}
            >
              {slaOpen ? 'Hide SLA report' : 'SLA report'}
            </Button>
            {everyTenant ? (
              <LinkButton href={CREATE_PATH} variant="primary" leadingIcon={mdiPlus}>
                Create
              </LinkButton>
            ) : null}
          </>
        }
        summary={
          slaOpen ? (
            <div id="sla-report">
              <SlaReportPanel
                heading={everyTenant ? 'SLA report per tenant' : 'SLA report'}
                withTenantFilter={everyTenant}
              />
            </div>
          ) : undefined
        }
        noun={{ one: 'monitor', other: 'monitors' }}
        query={monitoringQueries.list()}
        paged={{
          fetchPage: (request) => monitoringClient().page(request),
          sorts: ['name', 'tenant', 'state', 'type'],
        }}
        columns={columns(everyTenant)}
        defaultSorting={{ id: 'name', desc: false }}
        rowHref={(row) => `/monitoring/${row.id}`}
        rowResource={(row) => monitorResource(row.id)}
        rowActions={(row) => [deleteRowAction(() => setDeleting(row), readOnlyReason)]}
        emptyState={
          <EmptyState
            icon={mdiChartLine}
            title="No monitors yet"
            description={
              everyTenant
                ? "Create a monitor to watch a customer's VM, address or website."
                : 'Monitors your provider sets up for your services appear here.'
            }
            action={
              everyTenant ? (
                <LinkButton href={CREATE_PATH} variant="primary">
                  Create a monitor
                </LinkButton>
              ) : undefined
            }
          />
        }
      />
      {deleting && (
        <DeleteMonitorDialog
          monitor={deleting}
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
        />
      )}
    </>
  );
}
