import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { SlaReport } from '@portal/api/contract';
import {
  Alert,
  Button,
  DataTable,
  Select,
  StatGrid,
  StatTile,
  TextField,
  downloadCsv,
  toCsv,
  type DataTableColumn,
} from '@portal/ui';
import { queryErrorText } from '../../kit/queryError.ts';
import { tenantText } from '../../lib/format.ts';
import { percentText } from './parts.tsx';
import { monitoringQueries } from './queries.ts';

type SlaRow = SlaReport['rows'][number];

const Form = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
`;

const Stack = styled.section`
  display: grid;
  gap: 16px;
`;

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The report's period from two dates (UTC days, both included). */
export function periodOf(from: string, to: string): { from: string; to: string } | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** The report's columns; the tenant with the customer's name beside its code where known. */
const columnsFor = (names: ReadonlyMap<string, string>): DataTableColumn<SlaRow>[] => [
  { id: 'name', header: 'Monitor', accessor: 'name' },
  {
    id: 'tenant',
    header: 'Tenant',
    accessor: (row) => tenantText(row.tenant, names.get(row.tenant)),
  },
  {
    id: 'availability',
    header: 'Availability %',
    accessor: 'availability',
    cell: (row) => percentText(row.availability),
    align: 'end',
  },
  { id: 'incidents', header: 'Incidents', accessor: 'incidents', align: 'end' },
  { id: 'downtime', header: 'Downtime (min)', accessor: 'downtime_minutes', align: 'end' },
  {
    id: 'maintenance',
    header: 'Maintenance (min)',
    accessor: 'maintenance_minutes',
    align: 'end',
  },
  { id: 'no-data', header: 'No data (min)', accessor: 'no_data_minutes', align: 'end' },
];

const availabilityTone = (value: number | null) =>
  value === null ? 'neutral' : value >= 99.9 ? 'good' : value >= 99 ? 'warning' : 'critical';

/**
 * An SLA report for a chosen period: availability of the checked time, incidents and downtime
 * outside maintenance, maintenance and the time without checks apart, for one monitor or for every monitor in view (a tenant's); shown and exported as CSV.
 */
export function SlaReportPanel({
  monitorId,
  heading = 'SLA report',
  withTenantFilter = false,
}: {
  monitorId?: number;
  heading?: string;
  /** Offer a choice of tenant (the super-tenant user). */
  withTenantFilter?: boolean;
}) {
  const [tenant, setTenant] = useState('');
  const targets = useQuery({ ...monitoringQueries.targets(), enabled: withTenantFilter });
  const columns = useMemo(
    () => columnsFor(new Map((targets.data ?? []).map((t) => [t.cdb_id, t.name]))),
    [targets.data],
  );
  const [from, setFrom] = useState(() => day(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(() => day(Date.now()));
  const period = periodOf(from, to);
  const report = useQuery({
    ...monitoringQueries.sla({
      from: period?.from ?? '',
      to: period?.to ?? '',
      ...(monitorId === undefined ? {} : { monitor_id: monitorId }),
      ...(tenant ? { tenant } : {}),
    }),
    enabled: period !== null,
  });
  const data = report.data;
  const total = data?.total;
  const exportCsv = () => {
    if (!data) return;
    downloadCsv(`sla-${from}-${to}.csv`, toCsv(data.rows, columns));
  };
  return (
    <Stack aria-labelledby="sla-heading">
      <h2 id="sla-heading">{heading}</h2>
      <Form>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={period === null ? 'Choose a day on or after the first.' : undefined}
        />
        {withTenantFilter ? (
          <Select
            label="Tenant"
            value={tenant || 'all'}
            onValueChange={(value) => setTenant(value === 'all' ? '' : value)}
            options={[
              { value: 'all', label: 'Every tenant' },
              ...(targets.data ?? []).map((t) => ({
                value: t.cdb_id,
                label: tenantText(t.cdb_id, t.name),
              })),
            ]}
          />
        ) : null}
        <Button variant="outlined" onClick={exportCsv} disabled={!data}>
          Export CSV
        </Button>
      </Form>
      {report.error ? (
        <Alert kind="error" title="The SLA report could not be made">
          {queryErrorText(report.error)}
        </Alert>
      ) : null}
      {total ? (
        <StatGrid>
          <StatTile
            label="Availability"
            value={percentText(total.availability)}
            tone={availabilityTone(total.availability)}
            hint="Of the checked time, maintenance apart"
          />
          <StatTile label="Incidents" value={String(total.incidents)} />
          <StatTile label="Downtime" value={`${total.downtime_minutes} min`} />
          <StatTile label="Maintenance" value={`${total.maintenance_minutes} min`} />
          <StatTile
            label="No data"
            value={`${total.no_data_minutes} min`}
            hint="Not checked yet, or paused"
          />
        </StatGrid>
      ) : null}
      <DataTable
        aria-label="SLA per monitor"
        data={data?.rows ?? []}
        columns={columns}
        getRowId={(row) => String(row.monitor_id)}
        loading={report.isLoading}
        searchable={false}
      />
    </Stack>
  );
}
