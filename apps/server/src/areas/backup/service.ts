// Backup tenants' business rules: reads (with the platform's scheduled jobs caught up lazily),
// the quick changes the platform answers at once, and the preconditions of the slow ones.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BACKUP_LOCATIONS,
  type BackupCreate,
  type BackupJob,
  type BackupQuotaBody,
  type BackupRestorePoint,
  type BackupRetention,
  type BackupTenant,
  type BackupUsage,
  type ListPagingQuery,
} from '@portal/api/contract';
import { quotaAlertRefusal } from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { DriverError } from '../../platform/driver.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import type { BackupDriver, BackupSummaryFacts } from './driver.ts';
import {
  applySummary,
  dueBackups,
  findBackup,
  insertBackup,
  listAlerts,
  backupList,
  markSummaryDue,
  replaceAlerts,
  updateBackupSettings,
  type BackupRecord,
} from './repository.ts';

export interface BackupDeps {
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };
  driver: BackupDriver;
  lists?: ListCache;
}

const JOB_HISTORY = 100;
const POINTS_DEFAULT_LIMIT = 50;

async function requireBackup(
  db: Queryable,
  caller: Caller,
  uuid: string,
  lock = false,
): Promise<BackupRecord> {
  const backup = await findBackup(db, caller.tenantId, { uuid }, lock);
  if (!backup) throw notFound(`No backup tenant ${uuid}.`);
  return backup;
}

/** Refuses a change to a backup tenant the platform does not hold (yet, or any more). */
function requireReady(backup: BackupRecord): void {
  if (backup.state === 'creating')
    throw conflict(`${backup.name} is still being created; try again once it is active.`);
  if (backup.state === 'failed')
    throw conflict(`${backup.name} could not be created; delete it and create it again.`);
}

/** The platform's refusal as a 409 with its sentence. */
async function onPlatform<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DriverError) throw conflict(error.message);
    throw error;
  }
}

/** Brings in the summaries of the tenant's backup tenants whose scheduled job fell due. */
async function catchUp(deps: BackupDeps, tenantId: number, id?: number): Promise<void> {
  const due = await dueBackups(deps.db, tenantId, id);
  if (due.length === 0) return;
  const summaries = await deps.driver.backupSummaries(tenantId, due, new Date());
  await writeSummaries(deps, tenantId, summaries);
}

function writeSummaries(deps: BackupDeps, tenantId: number, summaries: BackupSummaryFacts[]) {
  return deps.db.transaction(async (tx) => {
    for (const summary of summaries) await applySummary(tx, tenantId, summary);
  });
}

/** `GET /services/backup`: the reply's JSON text, the whole list or a page. */
export const listBackups = (deps: BackupDeps, caller: Caller, query: ListPagingQuery) =>
  backupList.reply(deps, caller.tenantId, query, () => catchUp(deps, caller.tenantId));

async function toBackupTenant(db: Queryable, backup: BackupRecord): Promise<BackupTenant> {
  return {
    uuid: backup.uuid,
    name: backup.name,
    tenant_id: backup.tenantCdbId,
    location: backup.location,
    repository: backup.repository,
    product: backup.product as BackupTenant['product'],
    state: backup.state,
    quota_gb: backup.quotaGb,
    warning_percent: backup.warningPercent,
    used_gb: backup.usedGb,
    protected_machines: backup.protectedMachines,
    restore_points: backup.restorePoints,
    last_job: backup.lastJob,
    alerts: await listAlerts(db, backup.id),
    created_at: backup.createdAt.toISOString(),
    retention: backup.retention,
    agent_account: backup.agentAccount,
    next_job_at: backup.nextJobAt ? backup.nextJobAt.toISOString() : null,
    machines: backup.machines,
  };
}

/** `GET /services/backup/{id}`. */
export async function readBackup(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
): Promise<BackupTenant> {
  const backup = await requireBackup(deps.db, caller, uuid);
  await catchUp(deps, caller.tenantId, backup.id);
  return toBackupTenant(deps.db, await requireBackup(deps.db, caller, uuid));
}

/** `GET /services/backup/{id}/jobs`: the newest first. */
export async function readJobs(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
): Promise<BackupJob[]> {
  const backup = await requireBackup(deps.db, caller, uuid);
  if (backup.state === 'creating' || backup.state === 'failed') return [];
  await catchUp(deps, caller.tenantId, backup.id);
  return onPlatform(() => deps.driver.backupJobs(caller.tenantId, backup.id, JOB_HISTORY));
}

/** `GET /services/backup/{id}/usage`: used storage after each job. */
export async function readUsage(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
): Promise<BackupUsage> {
  const backup = await requireBackup(deps.db, caller, uuid);
  const points =
    backup.state === 'creating' || backup.state === 'failed'
      ? []
      : await onPlatform(() => deps.driver.backupUsage(caller.tenantId, backup.id));
  return { quota_gb: backup.quotaGb, warning_percent: backup.warningPercent, points };
}

const POINT_SORTS = ['created', 'size'] as const;
const encodePointCursor = (sort: string, offset: number) =>
  Buffer.from(`rp:${sort}:${offset}`).toString('base64url');

/** `GET /services/backup/{id}/restore_points`: a page (newest first unless `sort` says). */
export async function readRestorePoints(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
  query: ListPagingQuery,
): Promise<{ data: BackupRestorePoint[]; page: { next_cursor: string | null; total: number } }> {
  const wanted = query.sort ?? '-created';
  const desc = wanted.startsWith('-');
  const sort = POINT_SORTS.find((candidate) => candidate === (desc ? wanted.slice(1) : wanted));
  if (!sort)
    throw badRequest(
      'sort: must be one of created, size (with - before it for descending)',
      'sort',
    );
  let offset = 0;
  if (query.cursor) {
    const match = /^rp:(-?\w+):(\d{1,9})$/.exec(
      Buffer.from(query.cursor, 'base64url').toString('utf8'),
    );
    if (!match || match[1] !== wanted)
      throw badRequest('cursor: is not a cursor this list gave out', 'cursor');
    offset = Number(match[2]);
  }
  const backup = await requireBackup(deps.db, caller, uuid);
  const limit = query.limit ?? POINTS_DEFAULT_LIMIT;
  if (backup.state === 'creating' || backup.state === 'failed')
    return { data: [], page: { next_cursor: null, total: 0 } };
  const page = await onPlatform(() =>
    deps.driver.backupRestorePoints(caller.tenantId, backup.id, { sort, desc, offset, limit }),
  );
  const next = offset + page.points.length;
  return {
    data: page.points,
    page: {
      next_cursor: next < page.total ? encodePointCursor(wanted, next) : null,
      total: page.total,
    },
  };
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** `POST /services/backup`: records the backup tenant as creating; the task creates it. */
export async function prepareCreate(
  tx: Queryable,
  caller: Caller,
  body: BackupCreate,
): Promise<Prepared<Record<string, never>>> {
  const site = BACKUP_LOCATIONS.find((entry) => entry.location === body.location);
  if (!site) throw badRequest('location: is not a backup location', 'location');
  const uuid = randomUUID();
  const agentAccount = `${caller.tenantCdbId.toLowerCase()}-bk-${uuid.slice(0, 8)}`;
  const agentSecret = randomBytes(24).toString('base64url');
  const id = await insertBackup(tx, caller.tenantId, {
    uuid,
    name: body.name,
    location: site.location,
    repository: site.repository,
    product: body.product,
    quotaGb: body.quota_gb,
    warningPercent: body.warning_percent,
    retention: body.retention,
    agentAccount,
    agentSecretHash: hashSecret(agentSecret),
  });
  return {
    target: { id, name: body.name },
    payload: {},
    detail: { uuid, name: body.name, quota_gb: body.quota_gb },
    secretReply: { uuid, agent_account: agentAccount, agent_secret: agentSecret },
  };
}

/** `PATCH /services/backup/{id}/quota`: the platform applies a new hard quota at once. */
export async function changeQuota(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
  body: BackupQuotaBody,
): Promise<BackupTenant> {
  const backup = await requireBackup(deps.db, caller, uuid);
  requireReady(backup);
  const quotaGb = body.quota_gb ?? backup.quotaGb;
  body.alerts?.forEach((alert, index) => {
    const refusal = quotaAlertRefusal(alert, quotaGb);
    if (refusal) throw badRequest(`alerts.${index}.value: ${refusal}`, `alerts.${index}.value`);
  });
  const summary =
    body.quota_gb === undefined || body.quota_gb === backup.quotaGb
      ? null
      : await onPlatform(() => deps.driver.setBackupQuota(caller.tenantId, backup.id, quotaGb));
  await deps.db.transaction(async (tx) => {
    await updateBackupSettings(tx, caller.tenantId, backup.id, {
      quotaGb,
      warningPercent: body.warning_percent,
    });
    if (body.alerts) await replaceAlerts(tx, caller.tenantId, backup.id, body.alerts);
    if (summary) await applySummary(tx, caller.tenantId, summary);
    else if (body.alerts) await markSummaryDue(tx, caller.tenantId, backup.id);
  });
  return readBackup(deps, caller, uuid);
}

/** `PUT /services/backup/{id}/enabled`: jobs stop while disabled, and resume. */
export async function changeEnabled(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
  enabled: boolean,
): Promise<BackupTenant> {
  const backup = await requireBackup(deps.db, caller, uuid);
  requireReady(backup);
  const summary = await onPlatform(() =>
    deps.driver.setBackupEnabled(caller.tenantId, backup.id, enabled),
  );
  await writeSummaries(deps, caller.tenantId, [summary]);
  return readBackup(deps, caller, uuid);
}

/** `PUT /services/backup/{id}/retention`: the platform prunes what the new policy drops. */
export async function changeRetention(
  deps: BackupDeps,
  caller: Caller,
  uuid: string,
  retention: BackupRetention,
): Promise<BackupTenant> {
  const backup = await requireBackup(deps.db, caller, uuid);
  requireReady(backup);
  const summary = await onPlatform(() =>
    deps.driver.setBackupRetention(caller.tenantId, backup.id, retention),
  );
  await deps.db.transaction(async (tx) => {
    await updateBackupSettings(tx, caller.tenantId, backup.id, { retention });
    await applySummary(tx, caller.tenantId, summary);
  });
  return readBackup(deps, caller, uuid);
}

/** `POST /services/backup/{id}/jobs`: a job now, on an enabled backup tenant. */
export async function prepareRunJob(
  tx: Queryable,
  caller: Caller,
  uuid: string,
): Promise<Prepared<Record<string, never>>> {
  const backup = await requireBackup(tx, caller, uuid, true);
  requireReady(backup);
  if (backup.state === 'disabled')
    throw conflict(`${backup.name} is disabled; enable it to run a job.`);
  return { target: { id: backup.id, name: backup.name }, payload: {} };
}

/** `DELETE /services/backup/{id}`: removes it from the platform with its restore points. */
export async function prepareDelete(
  tx: Queryable,
  caller: Caller,
  uuid: string,
): Promise<Prepared<Record<string, never>>> {
  const backup = await requireBackup(tx, caller, uuid, true);
  if (backup.state === 'creating')
    throw conflict(`${backup.name} is still being created; try again once it is active.`);
  return { target: { id: backup.id, name: backup.name }, payload: {}, detail: { uuid } };
}
