// The simulated backup platform: accounts with their protected machines, jobs on a schedule
// (every JOB_INTERVAL_HOURS from the account's creation, run lazily up to the moment the portal
// asks, so nothing is lost across a restart), restore points pruned by the retention, and the
// refusals a real platform answers (a name taken in the tenant, a quota above the tenant's
// allowance, a job that would pass the hard quota). Deterministic: every figure follows from the
// account's id and the job's number.
import { formatSizeGb } from '@portal/api/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BackupJob, BackupRetention } from '@portal/api/contract';
import type { Database, Queryable } from '../../../../db/database.ts';
import { DriverError, type OperationContext } from '../../../../platform/driver.ts';
import type {
  BackupAccountSpec,
  BackupDeletedFacts,
  BackupDriver,
  BackupJobFacts,
  BackupSummaryFacts,
  RestorePointPage,
  RestorePointQuery,
} from '../../driver.ts';
import { pointsToKeep } from './retention.ts';

/** Seconds a creation, a job run on request and a deletion take at speed 1. */
export const BACKUP_DURATIONS = { create: 4, job: 3, delete: 2 };
/** Hours between scheduled jobs at speed 1. */
export const JOB_INTERVAL_HOURS = 6;
/** At most this many missed scheduled jobs are run when the platform catches up. */
export const MAX_CATCH_UP = 60;
/** What a tenant may allocate in backup quotas altogether, unless sim_backup_allowance says. */
export const DEFAULT_ALLOWANCE_GB = 20_000;

const OS = ['Windows Server 2022', 'Ubuntu 24.04 LTS', 'Red Hat Enterprise Linux 9', 'Debian 12'];
const ROLES = ['app', 'db', 'file', 'web'];

/** A deterministic fraction in [0, 1) of some integers. */
export function fraction(...parts: number[]): number {
  let hash = 2166136261;
  for (const part of parts) {
    hash ^= part;
    hash = Math.imul(hash, 16777619);
    hash ^= hash >>> 13;
  }
  return ((hash >>> 0) % 100_000) / 100_000;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

interface AccountRow {
  backup_id: number;
  tenant_id: number;
  name: string;
  quota_gb: number;
  retention: BackupRetention;
  enabled: boolean;
  created_at: Date;
  scheduled_done: number;
}

interface JobRow {
  seq: number;
  trigger: 'schedule' | 'manual';
  started_at: Date;
  finished_at: Date;
  result: BackupJob['result'];
  message: string;
  transferred_gb: number;
  used_gb: number;
  over_quota: boolean;
  quota_gb: number;
}

const JOB_COLUMNS = `seq, trigger, started_at, finished_at, result, message,
  transferred_gb::float8 as transferred_gb, used_gb::float8 as used_gb, over_quota, quota_gb`;

const toJob = (row: JobRow): BackupJob => ({
  seq: row.seq,
  trigger: row.trigger,
  started_at: row.started_at.toISOString(),
  finished_at: row.finished_at.toISOString(),
  result: row.result,
  message: row.message,
  transferred_gb: row.transferred_gb,
  used_gb: row.used_gb,
});

const GONE = 'The backup tenant no longer exists on the backup platform.';

export class BackupSimulator implements BackupDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  private get intervalMs(): number {
    return (JOB_INTERVAL_HOURS * 3_600_000) / this.options.speed;
  }

  private wait(seconds: number, signal: AbortSignal) {
    return sleep((seconds * 1000) / this.options.speed, undefined, { signal });
  }

  private async account(
    db: Queryable,
    tenantId: number,
    backupId: number,
    lock = false,
  ): Promise<AccountRow | null> {
    const rows = await db.query<AccountRow>(
      `select backup_id::integer as backup_id, tenant_id, name, quota_gb, retention, enabled,
              created_at, scheduled_done
         from sim_backup_account
        where backup_id = $1 and tenant_id = $2 and not deleted${lock ? ' for update' : ''}`,
      [backupId, tenantId],
    );
    return rows[0] ?? null;
  }

  private async requireAccount(db: Queryable, tenantId: number, backupId: number, lock = false) {
    const account = await this.account(db, tenantId, backupId, lock);
    if (!account) throw new DriverError(GONE);
    return account;
  }

  private async allowanceRefusal(
    db: Queryable,
    tenantId: number,
    backupId: number,
    quotaGb: number,
  ): Promise<string | null> {
    const rows = await db.query<{ allowance: number; allocated: number }>(
      `select coalesce((select gb from sim_backup_allowance where tenant_id = $1), $3)::integer
                as allowance,
              coalesce((select sum(quota_gb) from sim_backup_account
                         where tenant_id = $1 and not deleted and backup_id <> $2), 0)::integer
                as allocated`,
      [tenantId, backupId, DEFAULT_ALLOWANCE_GB],
    );
    const { allowance = DEFAULT_ALLOWANCE_GB, allocated = 0 } = rows[0] ?? {};
    if (allocated + quotaGb <= allowance) return null;
    const free = Math.max(0, allowance - allocated);
    return `A quota of ${formatSizeGb(quotaGb)} is above your tenant's backup allowance: ${formatSizeGb(free)} of ${formatSizeGb(allowance)} is still free.`;
  }

  async createBackupAccount(
    ctx: OperationContext,
    backupId: number,
    spec: BackupAccountSpec,
  ): Promise<BackupSummaryFacts> {
    const existing = await this.account(this.db, ctx.tenantId, backupId);
    if (existing) return this.summary(this.db, existing);
    await this.wait(BACKUP_DURATIONS.create, ctx.signal);
    return this.db.transaction(async (tx) => {
      // One creation per tenant at a time, so two cannot both take a name or the allowance.
      await tx.query('select pg_advisory_xact_lock(7420261, $1)', [ctx.tenantId]);
      const taken = await tx.query(
        `select 1 from sim_backup_account
          where tenant_id = $1 and lower(name) = lower($2) and not deleted and backup_id <> $3`,
        [ctx.tenantId, spec.name, backupId],
      );
      if (taken.length > 0)
        throw new DriverError(`A backup tenant named ${spec.name} already exists in your tenant.`);
      const refusal = await this.allowanceRefusal(tx, ctx.tenantId, backupId, spec.quotaGb);
      if (refusal) throw new DriverError(refusal);
      await tx.query(
        `insert into sim_backup_account (backup_id, tenant_id, name, product, location, quota_gb,
                                         retention, created_at)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, now()) on conflict (backup_id) do nothing`,
        [
          backupId,
          ctx.tenantId,
          spec.name,
          spec.product,
          spec.location,
          spec.quotaGb,
          JSON.stringify(spec.retention),
        ],
      );
      await insertMachines(tx, backupId, spec.name);
      return this.summary(tx, await this.requireAccount(tx, ctx.tenantId, backupId));
    });
  }

  async runBackupJob(ctx: OperationContext, backupId: number): Promise<BackupJobFacts> {
    const done = await this.jobOfTask(ctx.taskId);
    if (!done) await this.wait(BACKUP_DURATIONS.job, ctx.signal);
    const job = await this.db.transaction(async (tx) => {
      const account = await this.requireAccount(tx, ctx.tenantId, backupId, true);
      const again = await this.jobOfTask(ctx.taskId, tx);
      if (again) return again;
      if (!account.enabled) throw new DriverError('The backup tenant is disabled.');
      await this.advance(tx, account, new Date());
      return this.runJobAt(tx, account, new Date(), 'manual', ctx.taskId);
    });
    if (job.result === 'failed') throw new DriverError(job.message);
    const account = await this.requireAccount(this.db, ctx.tenantId, backupId);
    return { job: toJob(job), summary: await this.summary(this.db, account) };
  }

  private async jobOfTask(taskId: number, db: Queryable = this.db): Promise<JobRow | null> {
    const rows = await db.query<JobRow>(
      `select ${JOB_COLUMNS} from sim_backup_job where task_id = $1`,
      [taskId],
    );
    return rows[0] ?? null;
  }

  async deleteBackupAccount(ctx: OperationContext, backupId: number): Promise<BackupDeletedFacts> {
    const rows = await this.db.query<{ name: string; deleted: boolean }>(
      'select name, deleted from sim_backup_account where backup_id = $1 and tenant_id = $2',
      [backupId, ctx.tenantId],
    );
    const row = rows[0];
    // Never created (its creation failed): nothing to remove on the platform.
    if (!row) return { name: '' };
    if (row.deleted) return { name: row.name };
    await this.wait(BACKUP_DURATIONS.delete, ctx.signal);
    await this.db.transaction(async (tx) => {
      await tx.query('update sim_backup_account set deleted = true where backup_id = $1', [
        backupId,
      ]);
      await tx.query('delete from sim_backup_point where backup_id = $1', [backupId]);
      await tx.query('delete from sim_backup_machine where backup_id = $1', [backupId]);
    });
    return { name: row.name };
  }

  setBackupQuota(tenantId: number, backupId: number, quotaGb: number) {
    return this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(7420261, $1)', [tenantId]);
      const account = await this.requireAccount(tx, tenantId, backupId, true);
      const refusal = await this.allowanceRefusal(tx, tenantId, backupId, quotaGb);
      if (refusal) throw new DriverError(refusal);
      await this.advance(tx, account, new Date());
      await tx.query('update sim_backup_account set quota_gb = $2 where backup_id = $1', [
        backupId,
        quotaGb,
      ]);
      return this.summary(tx, { ...account, quota_gb: quotaGb });
    });
  }

  setBackupEnabled(tenantId: number, backupId: number, enabled: boolean) {
    return this.db.transaction(async (tx) => {
      const account = await this.requireAccount(tx, tenantId, backupId, true);
      await this.advance(tx, account, new Date());
      await tx.query('update sim_backup_account set enabled = $2 where backup_id = $1', [
        backupId,
        enabled,
      ]);
      return this.summary(tx, { ...account, enabled });
    });
  }

  setBackupRetention(tenantId: number, backupId: number, retention: BackupRetention) {
    return this.db.transaction(async (tx) => {
      const account = await this.requireAccount(tx, tenantId, backupId, true);
      await this.advance(tx, account, new Date());
      await tx.query('update sim_backup_account set retention = $2::jsonb where backup_id = $1', [
        backupId,
        JSON.stringify(retention),
      ]);
      await prune(tx, backupId, retention);
      return this.summary(tx, { ...account, retention });
    });
  }

  async backupSummaries(
    tenantId: number,
    backupIds: readonly number[],
    now: Date,
  ): Promise<BackupSummaryFacts[]> {
    const summaries: BackupSummaryFacts[] = [];
    for (const backupId of backupIds) {
      const summary = await this.db.transaction(async (tx) => {
        const account = await this.account(tx, tenantId, backupId, true);
        if (!account) return null;
        const advanced = await this.advance(tx, account, now);
        return this.summary(tx, advanced);
      });
      if (summary) summaries.push(summary);
    }
    return summaries;
  }

  async backupJobs(tenantId: number, backupId: number, limit: number): Promise<BackupJob[]> {
    await this.requireAccount(this.db, tenantId, backupId);
    const rows = await this.db.query<JobRow>(
      `select ${JOB_COLUMNS} from sim_backup_job where backup_id = $1
        order by started_at desc, seq desc limit $2`,
      [backupId, limit],
    );
    return rows.map(toJob);
  }

  async backupUsage(tenantId: number, backupId: number): Promise<[number, number][]> {
    await this.requireAccount(this.db, tenantId, backupId);
    const rows = await this.db.query<{ at: Date; used_gb: number }>(
      `select finished_at as at, used_gb::float8 as used_gb from (
         select finished_at, used_gb, seq from sim_backup_job where backup_id = $1
          order by started_at desc, seq desc limit $2) recent
        order by finished_at, seq`,
      [backupId, MAX_CATCH_UP],
    );
    return rows.map((row) => [row.at.getTime(), row.used_gb]);
  }

  async backupRestorePoints(
    tenantId: number,
    backupId: number,
    query: RestorePointQuery,
  ): Promise<RestorePointPage> {
    await this.requireAccount(this.db, tenantId, backupId);
    const column = query.sort === 'size' ? 'size_gb' : 'created_at';
    const direction = query.desc ? 'desc' : 'asc';
    const rows = await this.db.query<{
      id: number;
      created_at: Date;
      kind: 'full' | 'incremental';
      size_gb: number;
      machines: number;
      total: number;
    }>(
      `select id::integer as id, created_at, kind, size_gb::float8 as size_gb, machines,
              (count(*) over ())::integer as total
         from sim_backup_point where backup_id = $1
        order by ${column} ${direction}, id ${direction} offset $2 limit $3`,
      [backupId, query.offset, query.limit],
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      const counted = await this.db.query<{ n: number }>(
        'select count(*)::integer as n from sim_backup_point where backup_id = $1',
        [backupId],
      );
      total = counted[0]?.n ?? 0;
    }
    return {
      points: rows.map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        kind: row.kind,
        size_gb: row.size_gb,
        machines: row.machines,
      })),
      total,
    };
  }

  /** Runs the scheduled jobs that fell due up to `now` (those of a disabled account are skipped). */
  private async advance(tx: Queryable, account: AccountRow, now: Date): Promise<AccountRow> {
    const due = Math.floor((now.getTime() - account.created_at.getTime()) / this.intervalMs);
    if (due <= account.scheduled_done) return account;
    if (account.enabled) {
      for (let k = Math.max(account.scheduled_done + 1, due - MAX_CATCH_UP + 1); k <= due; k++) {
        const at = new Date(account.created_at.getTime() + k * this.intervalMs);
        await this.runJobAt(tx, account, at, 'schedule', null);
      }
    }
    await tx.query('update sim_backup_account set scheduled_done = $2 where backup_id = $1', [
      account.backup_id,
      due,
    ]);
    return { ...account, scheduled_done: due };
  }

  private async runJobAt(
    tx: Queryable,
    account: AccountRow,
    at: Date,
    trigger: 'schedule' | 'manual',
    taskId: number | null,
  ): Promise<JobRow> {
    const id = account.backup_id;
    const last = await tx.query<{ seq: number }>(
      'select coalesce(max(seq), 0)::integer as seq from sim_backup_job where backup_id = $1',
      [id],
    );
    const seq = (last[0]?.seq ?? 0) + 1;
    const machines = await tx.query<{ name: string; size_gb: number }>(
      'select name, size_gb::float8 as size_gb from sim_backup_machine where backup_id = $1 order by name',
      [id],
    );
    const total = machines.reduce((sum, machine) => sum + machine.size_gb, 0);
    const usedBefore = await usedGb(tx, id);
    const first = usedBefore === 0;
    // A first job copies every machine (compressed); later ones only what changed.
    const transferred = round1(first ? total * 0.55 : total * (0.02 + fraction(id, seq) * 0.05));
    let result: BackupJob['result'] = 'success';
    let message = `${machines.length} machines backed up, ${formatSizeGb(transferred)} transferred.`;
    let overQuota = false;
    let usedAfter = usedBefore;
    if (usedBefore + transferred > account.quota_gb) {
      result = 'failed';
      overQuota = true;
      const free = round1(Math.max(0, account.quota_gb - usedBefore));
      message = `The job needs ${formatSizeGb(transferred)} but only ${formatSizeGb(free)} of the ${formatSizeGb(account.quota_gb)} hard quota is free; raise the quota or keep fewer restore points.`;
    } else {
      const offline = machines.length > 1 && fraction(id, seq, 7) < 0.08 ? machines[1] : undefined;
      if (offline) {
        result = 'warning';
        message = `${offline.name} did not answer; it will be backed up by the next job.`;
      }
      await tx.query(
        `insert into sim_backup_point (backup_id, job_seq, created_at, kind, size_gb, machines)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          id,
          seq,
          at,
          first ? 'full' : 'incremental',
          transferred,
          machines.length - (offline ? 1 : 0),
        ],
      );
      await prune(tx, id, account.retention);
      usedAfter = await usedGb(tx, id);
    }
    // The job is recorded once it has run: it ends no later than now (a manual run, or a
    // scheduled one that fell due moments ago, ran just before), so "last job" is never ahead.
    const durationMs = (60 + transferred * 4) * 1000;
    const finished = new Date(Math.min(at.getTime() + durationMs, Date.now()));
    const started = new Date(finished.getTime() - durationMs);
    const rows = await tx.query<JobRow>(
      `insert into sim_backup_job (backup_id, seq, trigger, task_id, started_at, finished_at, result,
                                   message, transferred_gb, used_gb, over_quota, quota_gb)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${JOB_COLUMNS}`,
      [
        id,
        seq,
        trigger,
        taskId,
        started,
        finished,
        result,
        message,
        result === 'failed' ? 0 : transferred,
        usedAfter,
        overQuota,
        account.quota_gb,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('insert into sim_backup_job returned no row');
    return row;
  }

  private async summary(db: Queryable, account: AccountRow): Promise<BackupSummaryFacts> {
    const id = account.backup_id;
    const machines = await db.query<{ name: string; os: string; size_gb: number; at: Date | null }>(
      `select m.name, m.os, m.size_gb::float8 as size_gb,
              (select max(j.finished_at) from sim_backup_job j
                where j.backup_id = m.backup_id and j.result <> 'failed') as at
         from sim_backup_machine m where m.backup_id = $1 order by m.name`,
      [id],
    );
    const counts = await db.query<{ points: number; used: number }>(
      `select (select count(*) from sim_backup_point where backup_id = $1)::integer as points,
              (select coalesce(sum(size_gb), 0) from sim_backup_point where backup_id = $1)::float8
                as used`,
      [id],
    );
    const jobs = await db.query<JobRow>(
      `select ${JOB_COLUMNS} from sim_backup_job where backup_id = $1
        order by started_at desc, seq desc limit 1`,
      [id],
    );
    const job = jobs[0];
    const used = round1(counts[0]?.used ?? 0);
    const next = new Date(
      account.created_at.getTime() + (account.scheduled_done + 1) * this.intervalMs,
    );
    return {
      backupId: id,
      enabled: account.enabled,
      usedGb: used,
      machines: machines.map((machine) => ({
        name: machine.name,
        os: machine.os,
        size_gb: machine.size_gb,
        last_backup_at: machine.at ? machine.at.toISOString() : null,
      })),
      restorePoints: counts[0]?.points ?? 0,
      lastJob: job
        ? { result: job.result, at: job.finished_at.toISOString(), message: job.message }
        : null,
      nextJobAt: account.enabled ? next.toISOString() : null,
      overQuota:
        used >= account.quota_gb ||
        (job !== undefined && job.over_quota && job.quota_gb === account.quota_gb),
    };
  }
}

async function usedGb(db: Queryable, backupId: number): Promise<number> {
  const rows = await db.query<{ used: number }>(
    'select coalesce(sum(size_gb), 0)::float8 as used from sim_backup_point where backup_id = $1',
    [backupId],
  );
  return rows[0]?.used ?? 0;
}

async function prune(db: Queryable, backupId: number, retention: BackupRetention): Promise<void> {
  const points = await db.query<{ id: number; created_at: Date }>(
    'select id::integer as id, created_at from sim_backup_point where backup_id = $1',
    [backupId],
  );
  const keep = pointsToKeep(
    points.map((point) => ({ id: point.id, createdAt: point.created_at })),
    retention,
  );
  const gone = points.filter((point) => !keep.has(point.id)).map((point) => point.id);
  if (gone.length > 0)
    await db.query('delete from sim_backup_point where id = any($1::bigint[])', [gone]);
}

/** The machines whose agents sign in to a new account: one to four, from its id. */
async function insertMachines(db: Queryable, backupId: number, name: string): Promise<void> {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'host';
  const count = 1 + Math.floor(fraction(backupId, 1) * 4);
  for (let index = 0; index < count; index++) {
    await db.query(
      `insert into sim_backup_machine (backup_id, name, os, size_gb) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [
        backupId,
        `${slug.slice(0, 40)}-${ROLES[index] ?? 'srv'}-0${index + 1}`,
        OS[Math.floor(fraction(backupId, index, 3) * OS.length)] ?? 'Debian 12',
        40 + Math.round(fraction(backupId, index, 2) * 360),
      ],
    );
  }
}

/** For the demo: an account as the platform would have it, created `daysAgo` days ago. */
export async function insertDemoAccount(
  db: Queryable,
  tenantId: number,
  backupId: number,
  spec: BackupAccountSpec & { createdAt: Date; enabled: boolean },
): Promise<void> {
  await db.query(
    `insert into sim_backup_account (backup_id, tenant_id, name, product, location, quota_gb,
                                     retention, enabled, created_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) on conflict (backup_id) do nothing`,
    [
      backupId,
      tenantId,
      spec.name,
      spec.product,
      spec.location,
      spec.quotaGb,
      JSON.stringify(spec.retention),
      spec.enabled,
      spec.createdAt,
    ],
  );
  await insertMachines(db, backupId, spec.name);
}
