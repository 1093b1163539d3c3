// The backup area's SQL on the portal's tables (backup_tenants, backup_quota_alerts), always
// scoped by tenant.
import type { BackupRetention, QuotaAlert, QuotaAlertRule } from '@portal/api/contract';
import { alertThresholdGb } from '@portal/api/domain';
import { insertAuditEntry } from '../../db/audit.ts';
import type { Queryable } from '../../db/database.ts';
import { insertedId } from '../../platform/rows.ts';
import { columnSorts, isoText, tenantList } from '../../platform/paging.ts';
import type { BackupSummaryFacts } from './driver.ts';

/** What a backup account is made with and keeps: its name, place, product, quota and agent. */
interface BackupSettings {
  uuid: string;
  name: string;
  location: string;
  repository: string;
  product: string;
  quotaGb: number;
  warningPercent: number;
  retention: BackupRetention;
  agentAccount: string;
}

export interface BackupRecord extends BackupSettings {
  id: number;
  tenantId: number;
  tenantCdbId: string;
  state: 'creating' | 'active' | 'disabled' | 'over_quota' | 'failed';
  usedGb: number;
  protectedMachines: number;
  machines: BackupSummaryFacts['machines'];
  restorePoints: number;
  lastJob: { result: 'success' | 'warning' | 'failed'; at: string; message: string } | null;
  nextJobAt: Date | null;
  createdAt: Date;
}

const SELECT = `
  select b.id::integer as id, b.uuid::text as uuid, b.tenant_id as "tenantId",
         t.cdb_id as "tenantCdbId", b.name, b.location, b.repository, b.product,
         b.quota_gb as "quotaGb", b.warning_percent as "warningPercent", b.retention, b.state,
         b.agent_account as "agentAccount", b.used_gb::float8 as "usedGb",
         b.protected_machines as "protectedMachines", b.machines, b.restore_points as "restorePoints",
         b.last_job as "lastJob", b.next_job_at as "nextJobAt", b.created_at as "createdAt"
    from backup_tenants b join tenants t on t.id = b.tenant_id`;

/** One of the tenant's backup tenants by uuid (or id), else null. */
export async function findBackup(
  db: Queryable,
  tenantId: number,
  key: { uuid: string } | { id: number },
  lock = false,
): Promise<BackupRecord | null> {
  const [column, value] = 'id' in key ? ['b.id', key.id] : ['b.uuid', key.uuid.toLowerCase()];
  const rows = await db.query<BackupRecord>(
    `${SELECT} where b.tenant_id = $1 and ${column} = $2${lock ? ' for update of b' : ''}`,
    [tenantId, value],
  );
  return rows[0] ?? null;
}

/** The alerts the list and the detail show, as a JSON array, in the contract's field order. */
const ALERTS_JSON = `coalesce((select json_agg(json_build_object(
      'kind', a.kind, 'value', a.value::float8, 'triggered_at', ${isoText('a.triggered_at')})
      order by a.id) from backup_quota_alerts a where a.backup_id = b.id), '[]'::json)`;

const LIST_FIELDS = `b.uuid::text as uuid, b.name, t.cdb_id as tenant_id, b.location, b.repository,
  b.product, b.state, b.quota_gb, b.warning_percent, b.used_gb::float8 as used_gb,
  b.protected_machines, b.restore_points, b.last_job, ${ALERTS_JSON} as alerts,
  ${isoText('b.created_at')} as created_at`;

/** The tenant's backup tenants (by name, or a page). */
export const backupList = tenantList(
  {
    name: 'backup',
    from: 'backup_tenants b join tenants t on t.id = b.tenant_id',
    id: 'b.id',
    fields: LIST_FIELDS,
    sorts: columnSorts('b', {
      name: 'text',
      state: 'text',
      location: 'text',
      product: 'text',
      quota: ['quota_gb', 'integer'],
      created: ['created_at', 'timestamptz'],
    }),
    defaultSort: 'name',
    search: ['b.name', 'b.location', 'b.product', 'b.state', 'b.uuid::text'],
  },
  'b',
);

export async function listAlerts(db: Queryable, backupId: number): Promise<QuotaAlert[]> {
  return db.query<QuotaAlert>(
    `select kind, value::float8 as value, ${isoText('triggered_at')} as triggered_at
       from backup_quota_alerts where backup_id = $1 order by id`,
    [backupId],
  );
}

/** The ids of the tenant's backup tenants whose next scheduled job has fallen due. */
export async function dueBackups(db: Queryable, tenantId: number, id?: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id::integer as id from backup_tenants
      where tenant_id = $1 and state in ('active', 'over_quota') and next_job_at <= now()
        ${id === undefined ? '' : 'and id = $2'}
      order by id limit 200`,
    id === undefined ? [tenantId] : [tenantId, id],
  );
  return rows.map((row) => row.id);
}

export interface NewBackup extends BackupSettings {
  agentSecretHash: string;
  state?: 'creating' | 'active' | 'disabled';
  createdAt?: Date;
}

export async function insertBackup(
  db: Queryable,
  tenantId: number,
  backup: NewBackup,
): Promise<number> {
  return insertedId(
    db,
    `insert into backup_tenants (uuid, tenant_id, name, location, repository, product, quota_gb,
                                 warning_percent, retention, state, agent_account,
                                 agent_secret_hash, created_at, next_job_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, coalesce($13, now()),
             case when $10 = 'creating' then null else now() end)
     returning id::integer as id`,
    [
      backup.uuid,
      tenantId,
      backup.name,
      backup.location,
      backup.repository,
      backup.product,
      backup.quotaGb,
      backup.warningPercent,
      JSON.stringify(backup.retention),
      backup.state ?? 'creating',
      backup.agentAccount,
      backup.agentSecretHash,
      backup.createdAt ?? null,
    ],
  );
}

export async function setBackupFailed(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query(
    `update backup_tenants set state = 'failed', next_job_at = null
      where tenant_id = $1 and id = $2 and state = 'creating'`,
    [tenantId, id],
  );
}

export async function updateBackupSettings(
  db: Queryable,
  tenantId: number,
  id: number,
  change: { quotaGb?: number; warningPercent?: number; retention?: BackupRetention },
): Promise<void> {
  await db.query(
    `update backup_tenants set quota_gb = coalesce($3, quota_gb),
            warning_percent = coalesce($4, warning_percent),
            retention = coalesce($5::jsonb, retention)
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      id,
      change.quotaGb ?? null,
      change.warningPercent ?? null,
      change.retention ? JSON.stringify(change.retention) : null,
    ],
  );
}

export async function replaceAlerts(
  db: Queryable,
  tenantId: number,
  id: number,
  alerts: readonly QuotaAlertRule[],
): Promise<void> {
  await db.query('delete from backup_quota_alerts where backup_id = $1 and tenant_id = $2', [
    id,
    tenantId,
  ]);
  for (const alert of alerts) {
    await db.query(
      `insert into backup_quota_alerts (backup_id, tenant_id, kind, value) values ($1, $2, $3, $4)`,
      [id, tenantId, alert.kind, alert.value],
    );
  }
}

/**
 * Writes what the platform reported of a backup tenant, and fires the alerts its usage reached
 * (each firing recorded in the audit log, for the provider); those it fell below are re-armed.
 */
export async function applySummary(
  db: Queryable,
  tenantId: number,
  facts: BackupSummaryFacts,
): Promise<void> {
  const rows = await db.query<{ quota_gb: number; name: string; cdb_id: string; uuid: string }>(
    `update backup_tenants b set used_gb = $3, machines = $4::jsonb,
            protected_machines = jsonb_array_length($4::jsonb), restore_points = $5,
            last_job = $6::jsonb, next_job_at = $7,
            state = case when not $8 then 'disabled' when $9 then 'over_quota' else 'active' end
       from tenants t
      where b.tenant_id = $1 and b.id = $2 and t.id = b.tenant_id
      returning b.quota_gb, b.name, t.cdb_id, b.uuid::text as uuid`,
    [
      tenantId,
      facts.backupId,
      facts.usedGb,
      JSON.stringify(facts.machines),
      facts.restorePoints,
      facts.lastJob ? JSON.stringify(facts.lastJob) : null,
      facts.nextJobAt,
      facts.enabled,
      facts.overQuota,
    ],
  );
  const backup = rows[0];
  if (!backup) return;
  const alerts = await db.query<{
    id: number;
    kind: 'percent' | 'gb';
    value: number;
    fired: boolean;
  }>(
    `select id::integer as id, kind, value::float8 as value, triggered_at is not null as fired
       from backup_quota_alerts where backup_id = $1`,
    [facts.backupId],
  );
  for (const alert of alerts) {
    const threshold = alertThresholdGb(alert, backup.quota_gb);
    const reached = facts.usedGb >= threshold;
    if (reached && !alert.fired) {
      await db.query('update backup_quota_alerts set triggered_at = now() where id = $1', [
        alert.id,
      ]);
      await insertAuditEntry(db, {
        actorEmail: null,
        actorTenant: backup.cdb_id,
        actingTenant: backup.cdb_id,
        action: 'backup.quota_alert',
        target: `backup:${facts.backupId}`,
        result: 'success',
        detail: {
          uuid: backup.uuid,
          name: backup.name,
          alert: { kind: alert.kind, value: alert.value },
          used_gb: facts.usedGb,
          quota_gb: backup.quota_gb,
        },
      });
    } else if (!reached && alert.fired) {
      await db.query('update backup_quota_alerts set triggered_at = null where id = $1', [
        alert.id,
      ]);
    }
  }
}

/** Asks for the platform's summary at the next read (after a refused job, new alerts). */
export async function markSummaryDue(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query(
    `update backup_tenants set next_job_at = least(next_job_at, now())
      where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
}

export async function deleteBackup(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('delete from backup_tenants where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** The portal paths of those of these backup tenants that still exist. */
export async function backupPaths(
  db: Queryable,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; uuid: string }>(
    `select id::integer as id, uuid::text as uuid from backup_tenants
      where tenant_id = $1 and id = any($2::bigint[])`,
    [tenantId, [...ids]],
  );
  return new Map(rows.map((row) => [row.id, `/backup/${row.uuid}`]));
}

/** The machines protected in the tenant's backup tenants, for licence seats. */
export async function protectedMachines(
  db: Queryable,
  tenantId: number,
): Promise<{ backupUuid: string; name: string }[]> {
  return db.query<{ backupUuid: string; name: string }>(
    `select b.uuid::text as "backupUuid", m.name
       from backup_tenants b, jsonb_to_recordset(b.machines) as m(name text)
      where b.tenant_id = $1 and b.state <> 'failed'
      order by b.name, b.id, m.name`,
    [tenantId],
  );
}
