// The monitoring area's SQL. Every read is scoped: one tenant's monitors, or (for the
// super-tenant user) every tenant's, which `MonitorScope.tenantId = null` says.
import type {
  AlertContact,
  AlertDelivery,
  CheckResult,
  DnsRecordType,
  Incident,
  MaintenanceWindow,
  MaintenanceWindowBody,
  Monitor,
  MonitorState,
  MonitorType,
  TargetKind,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { insertedId } from '../../platform/rows.ts';
import type { ProbeSpec } from './driver.ts';
import { columnSorts, isoText, listJson, parsePaging, type Paging } from '../../platform/paging.ts';
import type { ListPagingQuery } from '@portal/api/contract';

/** Whose monitors a call may see: one tenant's, or every tenant's (null). */
export interface MonitorScope {
  tenantId: number | null;
}

const scopeSql = (scope: MonitorScope, params: unknown[], alias = 'm') => {
  if (scope.tenantId === null) return 'true';
  params.push(scope.tenantId);
  return `${alias}.tenant_id = $${params.length}`;
};

/** The contract's `Monitor`, field by field in its order, over `monitors m join tenants t`. */
const MONITOR_FIELDS = `m.id, m.name, t.cdb_id as tenant, t.name as tenant_name, m.type,
  m.target_kind, m.vm_id, m.target, m.port, m.expected_status, m.keyword, m.dns_record_type,
  m.tls_days_threshold, m.interval_seconds, m.timeout_seconds, m.retries, m.state,
  m.in_maintenance, m.uptime_24h, m.uptime_7d, m.uptime_30d,
  ${isoText('m.last_check_at')} as last_check_at, m.last_response_ms, m.last_message,
  m.response_times, m.contacts, ${isoText('m.created_at')} as created_at`;

const MONITOR_LIST = {
  name: 'monitoring',
  from: 'monitors m join tenants t on t.id = m.tenant_id',
  id: 'm.id',
  fields: MONITOR_FIELDS,
  sorts: columnSorts('m', {
    id: 'bigint',
    name: 'text',
    tenant: { sql: 't.cdb_id', type: 'text' },
    type: 'text',
    state: 'text',
    created: ['created_at', 'timestamptz'],
  }),
  defaultSort: 'id',
  search: ['m.name', 'm.target', 't.cdb_id', 't.name'],
} as const;

export const monitorPaging = (query: ListPagingQuery, scopeKey: string): Paging | null =>
  parsePaging(MONITOR_LIST, query, scopeKey);

/** The monitors in scope (optionally one tenant's), whole or a page, as the reply's JSON text. */
export function listMonitorsJson(
  db: Queryable,
  callerTenantId: number,
  scope: MonitorScope,
  tenantFilter: number | null,
  paging: Paging | null,
): Promise<string | Buffer> {
  const params: unknown[] = [];
  let where = scopeSql(scope, params);
  if (tenantFilter !== null) {
    params.push(tenantFilter);
    where += ` and m.tenant_id = $${params.length}`;
  }
  return listJson(db, MONITOR_LIST, { tenantId: callerTenantId, where, params }, paging);
}

/** One monitor in scope as the contract's `Monitor`, or null. */
export async function findMonitor(
  db: Queryable,
  scope: MonitorScope,
  id: number,
): Promise<Monitor | null> {
  const params: unknown[] = [id];
  const rows = await db.query<{ data: Monitor }>(
    `select row_to_json(r) as data from monitors m join tenants t on t.id = m.tenant_id
       cross join lateral (select ${MONITOR_FIELDS}) r
      where m.id = $1 and ${scopeSql(scope, params)}`,
    params,
  );
  return rows[0]?.data ?? null;
}

/** A monitor's row as the checks need it. */
export interface MonitorRow {
  id: number;
  tenant_id: number;
  name: string;
  type: MonitorType;
  target_kind: TargetKind;
  vm_id: number | null;
  target: string;
  port: number | null;
  expected_status: number | null;
  keyword: string | null;
  dns_record_type: DnsRecordType | null;
  tls_days_threshold: number | null;
  interval_seconds: number;
  timeout_seconds: number;
  retries: number;
  contacts: AlertContact[];
  status: 'creating' | 'active';
  state: MonitorState;
  paused: boolean;
  checked_until: Date | null;
  fail_streak: number;
  response_times: number[];
  /** Merged [start, end] epoch-millisecond spans the checks cover. */
  checked_spans: [number, number][];
  created_at: Date;
}

/** The monitor's row, locked for the rest of the transaction, or null when out of scope. */
export async function lockMonitor(
  tx: Queryable,
  scope: MonitorScope,
  id: number,
): Promise<MonitorRow | null> {
  const params: unknown[] = [id];
  const rows = await tx.query<MonitorRow>(
    `select m.* from monitors m where m.id = $1 and ${scopeSql(scope, params)} for update`,
    params,
  );
  return rows[0] ?? null;
}

/**
 * The active, running monitors in scope (or just `ids`) whose next check is due by `now`, locked;
 * rows another transaction is bringing up to date are skipped.
 */
export async function lockDueMonitors(
  tx: Queryable,
  scope: MonitorScope,
  ids: readonly number[] | null,
  now: Date,
  msPerIntervalSecond: number,
  /** Lock the rows (in a transaction), skipping those another transaction holds. */
  lock = true,
): Promise<MonitorRow[]> {
  const params: unknown[] = [now, msPerIntervalSecond];
  let where = scopeSql(scope, params);
  if (ids) {
    params.push(ids);
    where += ` and m.id = any($${params.length}::bigint[])`;
  }
  return tx.query<MonitorRow>(
    `select m.* from monitors m
      where ${where} and m.status = 'active' and not m.paused
        and m.checked_until + m.interval_seconds * $2::float8 * interval '1 millisecond' <= $1
      order by m.id${lock ? ' for update skip locked' : ''}`,
    params,
  );
}

/** A monitor as it is recorded: what its probe checks, and how the portal names and alerts it. */
export interface NewMonitor extends Omit<ProbeSpec, 'vmAddress'> {
  name: string;
  targetKind: TargetKind;
  retries: number;
  contacts: AlertContact[];
}

export async function insertMonitor(
  tx: Queryable,
  tenantId: number,
  monitor: NewMonitor,
): Promise<number> {
  return insertedId(
    tx,
    `insert into monitors (tenant_id, name, type, target_kind, vm_id, target, port,
       expected_status, keyword, dns_record_type, tls_days_threshold, interval_seconds,
       timeout_seconds, retries, contacts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb)
     returning id`,
    [
      tenantId,
      monitor.name,
      monitor.type,
      monitor.targetKind,
      monitor.vmId,
      monitor.target,
      monitor.port,
      monitor.expectedStatus,
      monitor.keyword,
      monitor.dnsRecordType,
      monitor.tlsDaysThreshold,
      monitor.intervalSeconds,
      monitor.timeoutSeconds,
      monitor.retries,
      JSON.stringify(monitor.contacts),
    ],
  );
}

/** The platform runs the monitor's checks from `startedAt` on. */
export async function activateMonitor(tx: Queryable, id: number, startedAt: Date): Promise<void> {
  await tx.query(
    `update monitors set status = 'active', checked_until = $2, last_message = 'Waiting for the first check'
      where id = $1`,
    [id, startedAt],
  );
}

export async function setPaused(tx: Queryable, id: number, paused: boolean, now: Date) {
  // Resumed: the checks start again from now; the paused time has none.
  await tx.query(
    `update monitors set paused = $2,
            state = case when $2 then 'paused' else 'pending' end,
            fail_streak = 0,
            checked_until = case when $2 then checked_until else $3 end,
            last_message = case when $2 then 'Paused' else 'Resumed; waiting for the next check' end
      where id = $1`,
    [id, paused, now],
  );
}

/** What a round of checks changed on one monitor. */
export interface MonitorProgress {
  id: number;
  checked_until: string;
  state: MonitorState;
  fail_streak: number;
  in_maintenance: boolean;
  last_check_at: string | null;
  last_response_ms: number | null;
  last_message: string;
  response_times: number[];
  checked_spans: (readonly [number, number])[];
  uptime_24h: number | null;
  uptime_7d: number | null;
  uptime_30d: number | null;
}

export async function saveProgress(tx: Queryable, rows: readonly MonitorProgress[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `update monitors m set checked_until = x.checked_until, state = x.state,
            fail_streak = x.fail_streak, in_maintenance = x.in_maintenance,
            last_check_at = coalesce(x.last_check_at, m.last_check_at),
            last_response_ms = x.last_response_ms, last_message = x.last_message,
            response_times = x.response_times, checked_spans = x.checked_spans,
            uptime_24h = x.uptime_24h,
            uptime_7d = x.uptime_7d, uptime_30d = x.uptime_30d
       from json_to_recordset($1::json) as x(id bigint, checked_until timestamptz, state text,
            fail_streak integer, in_maintenance boolean, last_check_at timestamptz,
            last_response_ms integer, last_message text, response_times jsonb,
            checked_spans jsonb, uptime_24h float8, uptime_7d float8, uptime_30d float8)
      where m.id = x.id`,
    [JSON.stringify(rows)],
  );
}

export interface NewResult {
  monitor_id: number;
  at: string;
  ok: boolean;
  state: MonitorState;
  response_ms: number | null;
  message: string;
  maintenance: boolean;
}

/** Stores check results and drops those older than `keepSince`. */
export async function insertResults(
  tx: Queryable,
  rows: readonly NewResult[],
  monitorIds: readonly number[],
  keepSince: Date,
): Promise<void> {
  if (rows.length > 0)
    await tx.query(
      `insert into monitor_results (monitor_id, at, ok, state, response_ms, message, maintenance)
       select * from json_to_recordset($1::json) as x(monitor_id bigint, at timestamptz,
              ok boolean, state text, response_ms integer, message text, maintenance boolean)`,
      [JSON.stringify(rows)],
    );
  await tx.query('delete from monitor_results where monitor_id = any($1::bigint[]) and at < $2', [
    monitorIds,
    keepSince,
  ]);
}

export async function openIncident(
  tx: Queryable,
  monitorId: number,
  at: string,
  message: string,
): Promise<number> {
  return insertedId(
    tx,
    `insert into monitor_incidents (monitor_id, started_at, message) values ($1, $2, $3)
     returning id`,
    [monitorId, at, message],
  );
}

export async function closeIncident(tx: Queryable, id: number, at: string): Promise<void> {
  await tx.query('update monitor_incidents set ended_at = $2 where id = $1', [id, at]);
}

/** The open incident of each monitor that has one. */
export async function openIncidents(
  tx: Queryable,
  monitorIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await tx.query<{ id: number; monitor_id: number }>(
    `select id, monitor_id from monitor_incidents
      where monitor_id = any($1::bigint[]) and ended_at is null`,
    [monitorIds],
  );
  return new Map(rows.map((row) => [row.monitor_id, row.id]));
}

export interface NewDelivery {
  monitor_id: number;
  incident_id: number;
  event: 'down' | 'up';
  kind: string;
  address: string;
  at: string;
  message: string;
  /** simulated (never sent), or pending: the alert sender sends it. */
  status: 'simulated' | 'pending';
  /** What is sent (pending deliveries). */
  payload: AlertPayload | null;
}

/** What an alert sends: the e-mail's subject and text, or the webhook's JSON body. */
export interface AlertPayload {
  subject: string;
  text: string;
  body: Record<string, unknown>;
}

export async function insertDeliveries(tx: Queryable, rows: readonly NewDelivery[], now: Date) {
  if (rows.length === 0) return;
  await tx.query(
    `insert into monitor_alert_deliveries (monitor_id, incident_id, event, kind, address, at,
            message, status, payload, next_attempt_at)
     select x.monitor_id, x.incident_id, x.event, x.kind, x.address, x.at, x.message, x.status,
            x.payload, case when x.status = 'pending' then $2::timestamptz end
       from json_to_recordset($1::json) as x(monitor_id bigint, incident_id bigint,
            event text, kind text, address text, at timestamptz, message text, status text,
            payload jsonb)`,
    [JSON.stringify(rows), now],
  );
}

/** Keeps a new monitor's webhook signing secret (never read back by a route). */
export async function insertWebhookSecret(tx: Queryable, monitorId: number, secret: string) {
  await tx.query('insert into monitor_webhook_secrets (monitor_id, secret) values ($1, $2)', [
    monitorId,
    secret,
  ]);
}

/** Incidents of the monitors that were open at any time since `since`, oldest first. */
export async function incidentsOf(
  db: Queryable,
  monitorIds: readonly number[],
  since: Date,
): Promise<Incident[]> {
  return db.query<Incident>(
    `select id, monitor_id, ${isoText('started_at')} as started_at,
            ${isoText('ended_at')} as ended_at, message
       from monitor_incidents
      where monitor_id = any($1::bigint[]) and (ended_at is null or ended_at > $2)
      order by monitor_incidents.started_at, monitor_incidents.id`,
    [monitorIds, since],
  );
}

const WINDOW_FIELDS = `id, monitor_id, name, kind, ${isoText('starts_at')} as starts_at,
  ${isoText('ends_at')} as ends_at, days, start_time, duration_minutes`;

export async function windowsOf(
  db: Queryable,
  monitorIds: readonly number[],
): Promise<MaintenanceWindow[]> {
  return db.query<MaintenanceWindow>(
    `select ${WINDOW_FIELDS} from monitor_maintenance
      where monitor_id = any($1::bigint[]) order by id`,
    [monitorIds],
  );
}

export async function insertWindow(
  tx: Queryable,
  monitorId: number,
  body: MaintenanceWindowBody,
): Promise<MaintenanceWindow> {
  const once = body.kind === 'once';
  const rows = await tx.query<MaintenanceWindow>(
    `insert into monitor_maintenance (monitor_id, name, kind, starts_at, ends_at, days,
       start_time, duration_minutes)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) returning ${WINDOW_FIELDS}`,
    [
      monitorId,
      body.name,
      body.kind,
      once ? body.starts_at : null,
      once ? body.ends_at : null,
      JSON.stringify(once ? [] : [...new Set(body.days ?? [])].sort()),
      once ? null : body.start_time,
      once ? null : body.duration_minutes,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into monitor_maintenance returned no row');
  return row;
}

/** Deletes one of the monitor's windows; false when it has no such window. */
/** Deletes a monitor with its results, incidents, deliveries and windows. */
export async function deleteMonitor(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from monitors where id = $1', [id]);
}

export async function deleteWindow(tx: Queryable, monitorId: number, id: number) {
  const rows = await tx.query(
    'delete from monitor_maintenance where monitor_id = $1 and id = $2 returning id',
    [monitorId, id],
  );
  return rows.length > 0;
}

export async function listResults(
  db: Queryable,
  monitorId: number,
  since: Date,
): Promise<CheckResult[]> {
  return db.query<CheckResult>(
    `select ${isoText('at')} as at, ok, state, response_ms, message, maintenance
       from monitor_results where monitor_id = $1 and at >= $2
      order by monitor_results.at, monitor_results.id`,
    [monitorId, since],
  );
}

export async function listDeliveries(db: Queryable, monitorId: number): Promise<AlertDelivery[]> {
  return db.query<AlertDelivery>(
    `select id, incident_id, event, kind, address, ${isoText('at')} as at, message, status,
            attempts
       from monitor_alert_deliveries where monitor_id = $1
      order by monitor_alert_deliveries.at desc, monitor_alert_deliveries.id desc limit 200`,
    [monitorId],
  );
}

/** The monitors in scope for an SLA report: id, name, tenant, creation, checked time. */
export async function slaMonitors(
  db: Queryable,
  scope: MonitorScope,
  filter: { tenantId: number | null; monitorId: number | null },
): Promise<
  {
    id: number;
    name: string;
    tenant: string;
    created_at: Date;
    checked_spans: [number, number][];
  }[]
> {
  const params: unknown[] = [];
  let where = scopeSql(scope, params);
  if (filter.tenantId !== null) {
    params.push(filter.tenantId);
    where += ` and m.tenant_id = $${params.length}`;
  }
  if (filter.monitorId !== null) {
    params.push(filter.monitorId);
    where += ` and m.id = $${params.length}`;
  }
  return db.query(
    `select m.id, m.name, t.cdb_id as tenant, m.created_at, m.checked_spans
       from monitors m join tenants t on t.id = m.tenant_id
      where ${where} and m.status = 'active' order by t.cdb_id, m.name, m.id`,
    params,
  );
}

/** The tenants a monitor may watch for: the customers (and proof-of-concept tenants). */
export async function watchableTenants(
  db: Queryable,
  onlyId: number | null,
): Promise<{ id: number; cdb_id: string; name: string }[]> {
  return db.query(
    `select id, cdb_id, name from tenants
      where ${onlyId === null ? "kind in ('customer', 'poc')" : 'id = $1'} order by cdb_id`,
    onlyId === null ? [] : [onlyId],
  );
}

/** Where a monitor is in the portal, for the task centre. */
export async function existingMonitors(
  db: Queryable,
  scope: MonitorScope,
  ids: readonly number[],
): Promise<number[]> {
  const params: unknown[] = [ids];
  const rows = await db.query<{ id: number }>(
    `select m.id from monitors m where m.id = any($1::bigint[]) and ${scopeSql(scope, params)}`,
    params,
  );
  return rows.map((row) => row.id);
}

/** The cdb_id of each monitor's tenant. */
export async function tenantCodes(
  db: Queryable,
  rows: readonly { tenant_id: number }[],
): Promise<Map<number, string>> {
  const found = await db.query<{ id: number; cdb_id: string }>(
    'select id, cdb_id from tenants where id = any($1::integer[])',
    [[...new Set(rows.map((row) => row.tenant_id))]],
  );
  return new Map(found.map((row) => [row.id, row.cdb_id]));
}

/** When an incident started, as ISO text. */
export async function incidentStartOf(db: Queryable, id: number): Promise<string> {
  const rows = await db.query<{ started_at: string }>(
    `select ${isoText('started_at')} as started_at from monitor_incidents where id = $1`,
    [id],
  );
  return rows[0]?.started_at ?? '';
}
