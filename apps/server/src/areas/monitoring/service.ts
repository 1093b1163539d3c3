// The monitoring area's rules: who sees which monitors, the creation check, and bringing a
// monitor's checks up to date when it is read (the platform works them out from time, so no loop
// runs in the background): results, state, incidents, alert deliveries and uptime.
import { randomBytes } from 'node:crypto';
import {
  SLA_MAX_DAYS,
  SUPER_TENANT_CDB_ID,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
  type Monitor,
  type MonitorCreate,
  type MonitorListQuery,
  type MonitorState,
  type MonitorTargets,
  type SlaQuery,
  type SlaReport,
} from '@portal/api/contract';
import {
  addSpan,
  checkedSpan,
  combineSla,
  maintenanceRefusal,
  maintenanceSpans,
  monitorSettingsRefusal,
  slaFigures,
  targetHost,
  type FieldRefusal,
} from '@portal/api/domain';
import { hostRefusal } from './drivers/real/guard.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { findTenantByCdbId } from '../../db/tenants.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { listVms } from '../compute/index.ts';
import type { MonitoringDriver, ProbeSpec } from './driver.ts';
import {
  closeIncident,
  deleteWindow,
  incidentStartOf,
  insertWebhookSecret,
  tenantCodes,
  findMonitor,
  incidentsOf,
  insertDeliveries,
  insertMonitor,
  insertResults,
  insertWindow,
  listDeliveries,
  listMonitorsJson,
  listResults,
  lockDueMonitors,
  lockMonitor,
  monitorPaging,
  openIncident,
  openIncidents,
  saveProgress,
  setPaused,
  slaMonitors,
  watchableTenants,
  windowsOf,
  type MonitorProgress,
  type MonitorRow,
  type MonitorScope,
  type AlertPayload,
  type NewDelivery,
  type NewResult,
} from './repository.ts';

export interface MonitoringDeps {
  db: Database;
  driver: MonitoringDriver;
}

const DAY_MS = 86_400_000;
/** Checks worked out per monitor and read at most (a monitor unread for longer skips the rest). */
const CHECKS_PER_READ = 10_000;
/** Results stored per monitor and read (the newest). */
const RESULTS_PER_READ = 500;
/** Results are kept this long (the response-time chart's longest period). */
const RESULTS_KEPT_MS = 7 * DAY_MS;
const SPARKLINE_POINTS = 30;
/** Checked time is remembered this long (an SLA report may look back as far). */
const CHECKED_SPANS_KEPT_MS = 2 * SLA_MAX_DAYS * DAY_MS;

export const NOT_SUPER_TENANT_MESSAGE =
  "Only the provider's super-tenant user may create monitors.";

const isSuper = (caller: Caller) => caller.tenantCdbId === SUPER_TENANT_CDB_ID;

/** The super-tenant user sees every tenant's monitors; everyone else their own tenant's. */
export const scopeOf = (caller: Caller): MonitorScope => ({
  tenantId: isSuper(caller) ? null : caller.tenantId,
});

const noMonitor = (id: number) => notFound(`No monitor ${id}.`);

/** The tenant a `tenant` filter names, if the caller may see it; else 404. */
async function visibleTenant(db: Queryable, caller: Caller, cdbId: string): Promise<number> {
  const tenant = await findTenantByCdbId(db, cdbId);
  if (!tenant || (!isSuper(caller) && tenant.id !== caller.tenantId))
    throw notFound(`No tenant ${cdbId} of yours.`);
  return tenant.id;
}

export const probeSpec = (row: MonitorRow): ProbeSpec => ({
  type: row.type,
  target: row.target,
  vmId: row.vm_id,
  port: row.port,
  expectedStatus: row.expected_status,
  keyword: row.keyword,
  dnsRecordType: row.dns_record_type,
  tlsDaysThreshold: row.tls_days_threshold,
  intervalSeconds: row.interval_seconds,
  timeoutSeconds: row.timeout_seconds,
});

const inWindow = (windows: readonly MaintenanceWindow[], at: number) =>
  windows.some((window) => maintenanceSpans(window, at, at + 1).length > 0);

const summaryOf = (row: MonitorRow, event: 'down' | 'up', message: string) =>
  event === 'down' ? `${row.name} is down: ${message}` : `${row.name} is up again`;

/** The alert log's line: what is sent, or (simulated checks) what would have been. */
const deliveryText = (
  row: MonitorRow,
  event: 'down' | 'up',
  contact: { kind: string; address: string },
  message: string,
  live: boolean,
) => {
  const summary = summaryOf(row, event, message);
  if (live)
    return contact.kind === 'email'
      ? `E-mail to ${contact.address}: "${summary}"`
      : `POST ${contact.address}: "${summary}"`;
  return contact.kind === 'email'
    ? `E-mail to ${contact.address}: "${summary}" (simulated, not sent)`
    : `POST ${contact.address} {"monitor":${row.id},"event":"${event}"}: "${summary}" (simulated, not sent)`;
};

/** What a real alert sends: an e-mail's subject and text, a webhook's JSON body. */
function alertPayload(
  row: MonitorRow,
  tenant: string,
  event: 'down' | 'up',
  incident: { id: number; startedAt: string },
  check: { at: string; message: string },
): AlertPayload {
  const summary = summaryOf(row, event, check.message);
  return {
    subject: `[${event === 'down' ? 'Down' : 'Up'}] ${row.name}`,
    text: [
      summary,
      '',
      `Monitor: ${row.name} (${row.type}, every ${row.interval_seconds} s) for ${tenant}`,
      `Target: ${row.target}`,
      `Checked at: ${check.at}`,
      `Check: ${check.message}`,
      `Incident ${incident.id}, since ${incident.startedAt}`,
    ].join('\n'),
    body: {
      event,
      at: check.at,
      message: check.message,
      summary,
      monitor: {
        id: row.id,
        name: row.name,
        tenant,
        type: row.type,
        target: row.target,
      },
      incident: {
        id: incident.id,
        started_at: incident.startedAt,
        ended_at: event === 'up' ? check.at : null,
      },
    },
  };
}

/**
 * Asks the platform for the checks each due monitor in scope (or just `ids`) ran since it was last
 * read, and records them: results, state, incidents (opened by a down check outside maintenance,
 * closed by the next passing one), alert deliveries, the sparkline and uptime.
 */
export async function refreshMonitors(
  deps: MonitoringDeps,
  scope: MonitorScope,
  ids: readonly number[] | null,
  now = Date.now(),
  /** Ask the platform even when no check is due by the interval (it just reported new checks). */
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const msPerIntervalSecond = force ? 0 : deps.driver.checkPeriodMs(1);
  // The platform is asked first, outside the transaction (PGlite runs one at a time); then the
  // rows are locked and only those nobody brought up to date meanwhile are recorded.
  const due = await lockDueMonitors(deps.db, scope, ids, new Date(now), msPerIntervalSecond, false);
  if (due.length === 0) return;
  const checks = await deps.driver.checks(
    due.map((row) => ({
      monitorId: row.id,
      spec: probeSpec(row),
      since: new Date(row.checked_until ?? row.created_at).getTime(),
    })),
    now,
    CHECKS_PER_READ,
  );
  const asked = new Map(due.map((row) => [row.id, new Date(row.checked_until ?? 0).getTime()]));
  await deps.db.transaction(async (tx) => {
    const locked = await lockDueMonitors(
      tx,
      scope,
      due.map((row) => row.id),
      new Date(now),
      msPerIntervalSecond,
    );
    const rows = locked.filter(
      (row) => asked.get(row.id) === new Date(row.checked_until ?? 0).getTime(),
    );
    if (rows.length === 0) return;
    const monitorIds = rows.map((row) => row.id);
    const windows = await windowsOf(tx, monitorIds);
    const open = await openIncidents(tx, monitorIds);
    const tenants = await tenantCodes(tx, rows);
    const results: NewResult[] = [];
    const deliveries: NewDelivery[] = [];
    const progress: MonitorProgress[] = [];
    for (const row of rows) {
      const reported = checks.get(row.id);
      const done = reported?.checks ?? [];
      const own = windows.filter((window) => window.monitor_id === row.id);
      let state: MonitorState = row.state;
      let streak = row.fail_streak;
      let incident = open.get(row.id) ?? null;
      let incidentStart = '';
      const live = reported?.live === true;
      const stored: NewResult[] = [];
      const storeFrom = done.length - RESULTS_PER_READ;
      for (const [index, check] of done.entries()) {
        const maintenance = own.length > 0 && inWindow(own, check.at);
        const keep = index >= storeFrom;
        const at = keep || !check.ok || incident !== null ? new Date(check.at).toISOString() : '';
        if (check.ok) {
          streak = 0;
          state = check.warning ? 'degraded' : 'up';
        } else {
          streak += 1;
          state = streak > row.retries ? 'down' : 'pending';
        }
        const alert = (event: 'down' | 'up', incidentId: number) => {
          const payload = live
            ? alertPayload(
                row,
                tenants.get(row.tenant_id) ?? '',
                event,
                { id: incidentId, startedAt: incidentStart || at },
                { at, message: check.message },
              )
            : null;
          for (const contact of row.contacts)
            deliveries.push({
              monitor_id: row.id,
              incident_id: incidentId,
              event,
              kind: contact.kind,
              address: contact.address,
              at,
              message: deliveryText(row, event, contact, check.message, live),
              status: live ? 'pending' : 'simulated',
              payload,
            });
        };
        if (state === 'down' && incident === null && !maintenance) {
          incident = await openIncident(tx, row.id, at, check.message);
          incidentStart = at;
          alert('down', incident);
        } else if (check.ok && incident !== null) {
          await closeIncident(tx, incident, at);
          if (!incidentStart) incidentStart = await incidentStartOf(tx, incident);
          alert('up', incident);
          incident = null;
          incidentStart = '';
        }
        if (keep)
          stored.push({
            monitor_id: row.id,
            at,
            ok: check.ok,
            state,
            response_ms: check.responseMs,
            message: check.message,
            maintenance,
          });
      }
      results.push(...stored);
      const last = done.at(-1);
      const first = done[0];
      const checkedSpans =
        first && last
          ? addSpan(
              row.checked_spans,
              checkedSpan(
                first.at,
                last.at,
                reported?.periodMs ?? row.interval_seconds * deps.driver.checkPeriodMs(1),
                new Date(row.checked_until ?? row.created_at).getTime(),
              ),
              now - CHECKED_SPANS_KEPT_MS,
            )
          : row.checked_spans;
      const times = [
        ...row.response_times,
        ...done.slice(-SPARKLINE_POINTS).map((check) => check.responseMs ?? 0),
      ].slice(-SPARKLINE_POINTS);
      progress.push({
        id: row.id,
        checked_until: new Date(last?.at ?? row.checked_until ?? now).toISOString(),
        state,
        fail_streak: streak,
        in_maintenance: inWindow(own, now),
        last_check_at: last ? new Date(last.at).toISOString() : null,
        last_response_ms: last ? last.responseMs : null,
        last_message: last?.message ?? '',
        response_times: times,
        checked_spans: checkedSpans,
        uptime_24h: null,
        uptime_7d: null,
        uptime_30d: null,
      });
    }
    await insertResults(tx, results, monitorIds, new Date(now - RESULTS_KEPT_MS));
    await insertDeliveries(tx, deliveries, new Date());
    const incidents = await incidentsOf(tx, monitorIds, new Date(now - 30 * DAY_MS));
    for (const item of progress) {
      const row = rows.find((candidate) => candidate.id === item.id);
      if (!row) continue;
      const uptime = (days: number) =>
        slaFigures({
          from: now - days * DAY_MS,
          to: now,
          now,
          createdAt: new Date(row.created_at).getTime(),
          checked: item.checked_spans,
          incidents: incidents.filter((incident) => incident.monitor_id === item.id),
          windows: windows.filter((window) => window.monitor_id === item.id),
        }).availability;
      item.uptime_24h = uptime(1);
      item.uptime_7d = uptime(7);
      item.uptime_30d = uptime(30);
    }
    // A monitor without new checks keeps its last check's message and response time.
    await saveProgress(
      tx,
      progress.filter((item) => item.last_check_at !== null),
    );
  });
}

/** `GET /services/monitoring`: the monitors in the caller's view, brought up to date. */
export async function listMonitors(
  deps: MonitoringDeps,
  caller: Caller,
  query: MonitorListQuery,
): Promise<string | Buffer> {
  const scope = scopeOf(caller);
  const tenantFilter = query.tenant ? await visibleTenant(deps.db, caller, query.tenant) : null;
  await refreshMonitors(deps, tenantFilter === null ? scope : { tenantId: tenantFilter }, null);
  const { tenant: _tenant, ...pagingQuery } = query;
  const paging = monitorPaging(pagingQuery, `${scope.tenantId ?? 'all'}:${tenantFilter ?? ''}`);
  return listMonitorsJson(deps.db, caller.tenantId, scope, tenantFilter, paging);
}

/** One monitor in the caller's view, brought up to date; 404 otherwise. */
export async function readMonitor(
  deps: MonitoringDeps,
  caller: Caller,
  id: number,
): Promise<Monitor> {
  const scope = scopeOf(caller);
  await refreshMonitors(deps, scope, [id]);
  const monitor = await findMonitor(deps.db, scope, id);
  if (!monitor) throw noMonitor(id);
  return monitor;
}

export async function readResults(deps: MonitoringDeps, caller: Caller, id: number, hours: number) {
  await readMonitor(deps, caller, id);
  return listResults(deps.db, id, new Date(Date.now() - hours * 3_600_000));
}

export async function readIncidents(deps: MonitoringDeps, caller: Caller, id: number) {
  await readMonitor(deps, caller, id);
  const incidents = await incidentsOf(deps.db, [id], new Date(0));
  return incidents.reverse();
}

export async function readDeliveries(deps: MonitoringDeps, caller: Caller, id: number) {
  await readMonitor(deps, caller, id);
  return listDeliveries(deps.db, id);
}

export async function readWindows(deps: MonitoringDeps, caller: Caller, id: number) {
  await readMonitor(deps, caller, id);
  return windowsOf(deps.db, [id]);
}

/** `POST /services/monitoring/{id}`: pause or resume its checks. */
export async function operateMonitor(
  deps: MonitoringDeps,
  caller: Caller,
  id: number,
  operation: 'pause' | 'resume',
): Promise<Monitor> {
  const scope = scopeOf(caller);
  // The checks up to now count before the pause.
  await refreshMonitors(deps, scope, [id]);
  await deps.db.transaction(async (tx) => {
    const row = await lockMonitor(tx, scope, id);
    if (!row) throw noMonitor(id);
    if (row.status !== 'active') throw conflict(`${row.name} is still being created.`);
    if (operation === 'pause' && row.paused) throw conflict(`${row.name} is already paused.`);
    if (operation === 'resume' && !row.paused) throw conflict(`${row.name} is not paused.`);
    await setPaused(tx, id, operation === 'pause', new Date());
  });
  await deps.driver.pauseProbe?.(id, operation === 'pause');
  return readMonitor(deps, caller, id);
}

export async function addWindow(
  deps: MonitoringDeps,
  caller: Caller,
  id: number,
  body: MaintenanceWindowBody,
): Promise<MaintenanceWindow> {
  const refusal = maintenanceRefusal(body);
  if (refusal) throw badRequest(`${refusal.field}: ${refusal.message}`, refusal.field);
  const scope = scopeOf(caller);
  await refreshMonitors(deps, scope, [id]);
  return deps.db.transaction(async (tx) => {
    const row = await lockMonitor(tx, scope, id);
    if (!row) throw noMonitor(id);
    return insertWindow(tx, id, body);
  });
}

export async function removeWindow(
  deps: MonitoringDeps,
  caller: Caller,
  id: number,
  windowId: number,
): Promise<void> {
  const scope = scopeOf(caller);
  await deps.db.transaction(async (tx) => {
    const row = await lockMonitor(tx, scope, id);
    if (!row) throw noMonitor(id);
    if (!(await deleteWindow(tx, id, windowId)))
      throw notFound(`${row.name} has no maintenance window ${windowId}.`);
  });
}

/** `GET /services/monitoring/sla`: per monitor and in total, for a period. */
export async function slaReport(
  deps: MonitoringDeps,
  caller: Caller,
  query: SlaQuery,
): Promise<SlaReport> {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (to <= from) throw badRequest('to: must be after from', 'to');
  if (to - from > SLA_MAX_DAYS * DAY_MS)
    throw badRequest(`to: a report covers at most ${SLA_MAX_DAYS} days`, 'to');
  const scope = scopeOf(caller);
  const tenantId = query.tenant ? await visibleTenant(deps.db, caller, query.tenant) : null;
  const monitorId = query.monitor_id ?? null;
  const monitors = await slaMonitors(deps.db, scope, { tenantId, monitorId });
  if (monitorId !== null && monitors.length === 0) throw noMonitor(monitorId);
  const ids = monitors.map((monitor) => monitor.id);
  await refreshMonitors(deps, scope, ids);
  const incidents = await incidentsOf(deps.db, ids, new Date(from));
  const windows = await windowsOf(deps.db, ids);
  const now = Date.now();
  const rows = monitors.map((monitor) => {
    const figures = slaFigures({
      from,
      to,
      now,
      createdAt: new Date(monitor.created_at).getTime(),
      checked: monitor.checked_spans,
      incidents: incidents.filter((incident) => incident.monitor_id === monitor.id),
      windows: windows.filter((window) => window.monitor_id === monitor.id),
    });
    return { monitor_id: monitor.id, name: monitor.name, tenant: monitor.tenant, ...figures };
  });
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    rows: rows.map(({ observed_minutes: _observed, ...row }) => row),
    total: combineSla(rows),
  };
}

/** The tenants the caller may watch for (every customer for the super-tenant user), with VMs. */
export async function readTargets(deps: MonitoringDeps, caller: Caller): Promise<MonitorTargets> {
  const tenants = await watchableTenants(deps.db, isSuper(caller) ? null : caller.tenantId);
  return Promise.all(
    tenants.map(async (tenant) => ({
      cdb_id: tenant.cdb_id,
      name: tenant.name,
      vms: (await listVms(deps.db, tenant.id, { series: 'any' })).map((vm) => ({
        id: vm.id,
        display_name: vm.displayName,
        power_state: vm.powerState,
        address: vm.adapters.find((adapter) => adapter.ip)?.ip ?? null,
      })),
    })),
  );
}

/**
 * `POST /services/monitoring`: the super-tenant user only (403 for anyone else); the tenant and
 * VM must exist, the settings hold together (400 naming the field). The monitor is recorded as
 * being created; the task sets up its probe.
 */
export async function prepareCreate(
  tx: Queryable,
  caller: Caller,
  body: MonitorCreate,
  policy: ReachPolicy,
): Promise<Prepared<Record<string, never>>> {
  if (!isSuper(caller)) throw forbidden(NOT_SUPER_TENANT_MESSAGE);
  const tenant = await findTenantByCdbId(tx, body.tenant);
  if (!tenant) throw badRequest(`tenant: there is no tenant ${body.tenant}`, 'tenant');
  const refusal = monitorSettingsRefusal(body) ?? reachRefusal(body, policy);
  if (refusal) throw badRequest(`${refusal.field}: ${refusal.message}`, refusal.field);
  let target = body.target?.trim() ?? '';
  if (body.target_kind === 'vm') {
    const vms = await listVms(tx, tenant.id, { series: 'any' });
    const vm = vms.find((candidate) => candidate.id === body.vm_id);
    if (!vm)
      throw new HttpError(400, `vm_id: ${tenant.cdb_id} has no VM ${body.vm_id ?? ''}`, 'vm_id');
    target = vm.displayName;
  }
  const id = await insertMonitor(tx, tenant.id, {
    name: body.name.trim(),
    type: body.type,
    targetKind: body.target_kind,
    vmId: body.target_kind === 'vm' ? (body.vm_id ?? null) : null,
    target,
    port: body.port ?? null,
    expectedStatus: body.type === 'http' ? (body.expected_status ?? 200) : null,
    keyword: body.type === 'http' && body.keyword ? body.keyword : null,
    dnsRecordType: body.type === 'dns' ? (body.dns_record_type ?? 'A') : null,
    tlsDaysThreshold: body.type === 'tls' ? (body.tls_days_threshold ?? null) : null,
    intervalSeconds: body.interval_seconds,
    timeoutSeconds: body.timeout_seconds,
    retries: body.retries,
    contacts: body.contacts,
  });
  // Webhooks are signed with a secret of the monitor's, shown this once.
  const secret = body.contacts.some((contact) => contact.kind === 'webhook')
    ? `whsec_${randomBytes(32).toString('base64url')}`
    : null;
  if (secret) await insertWebhookSecret(tx, id, secret);
  return {
    target: { id, name: body.name },
    payload: {},
    reply: { id },
    ...(secret ? { secretReply: { webhook_secret: secret } } : {}),
    detail: { tenant: tenant.cdb_id, name: body.name },
  };
}

/** What the real prober may reach (MONITORING_DRIVER, MONITORING_ALLOW_PRIVATE). */
export interface ReachPolicy {
  real: boolean;
  allowPrivate: boolean;
}

/**
 * A target (or webhook) the real prober would refuse, where that is known before any lookup (an
 * IP address outside the public ranges, `localhost`): refused at once, naming the field. Names
 * are checked on what they resolve to at each connection.
 */
function reachRefusal(body: MonitorCreate, policy: ReachPolicy): FieldRefusal | null {
  if (!policy.real || policy.allowPrivate) return null;
  if (body.target_kind !== 'vm' && body.target) {
    const refusal = hostRefusal(targetHost(body.target.trim()), false);
    if (refusal) return { field: 'target', message: refusal };
  }
  for (const contact of body.contacts) {
    if (contact.kind !== 'webhook') continue;
    const refusal = hostRefusal(targetHost(contact.address), false);
    if (refusal)
      return { field: 'contacts', message: `The webhook ${contact.address}: ${refusal}` };
  }
  return null;
}

/** `DELETE /services/monitoring/{id}`: refused while it is still being created. */
export async function prepareDelete(
  tx: Queryable,
  caller: Caller,
  id: number,
): Promise<Prepared<Record<string, never>>> {
  const row = await lockMonitor(tx, scopeOf(caller), id);
  if (!row) throw noMonitor(id);
  if (row.status !== 'active')
    throw conflict(`${row.name} is still being created; delete it once it is active.`);
  return { target: { id: row.id, name: row.name }, payload: {} };
}
