// What a backup platform (Veeam Cloud Connect, Acronis Cyber Protect Cloud) offers the portal,
// and the facts it reports. Backup tenants are named by the portal's ids.
import type { BackupRestorePoint } from '@portal/api/contract';
import { BACKUP_JOB_RESULTS, BackupJob, type BackupRetention } from '@portal/api/contract';
import { Type, type Static } from 'typebox';
import type { OperationContext } from '../../platform/driver.ts';

export { DriverError, type OperationContext } from '../../platform/driver.ts';

/** What the platform says of one backup tenant: usage, machines, the last job, the next one. */
export const BackupSummaryFacts = Type.Object({
  backupId: Type.Integer(),
  enabled: Type.Boolean(),
  usedGb: Type.Number(),
  /** The machines whose agents back up into it. */
  machines: Type.Array(
    Type.Object({
      name: Type.String(),
      os: Type.String(),
      size_gb: Type.Number(),
      last_backup_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  restorePoints: Type.Integer(),
  lastJob: Type.Union([
    Type.Object({
      result: Type.Enum(BACKUP_JOB_RESULTS),
      at: Type.String(),
      message: Type.String(),
    }),
    Type.Null(),
  ]),
  nextJobAt: Type.Union([Type.String(), Type.Null()]),
  /** The last job failed on the hard quota (and the quota is unchanged), or usage reached it. */
  overQuota: Type.Boolean(),
});
export type BackupSummaryFacts = Static<typeof BackupSummaryFacts>;

export const BackupJobFacts = Type.Object({ job: BackupJob, summary: BackupSummaryFacts });
export type BackupJobFacts = Static<typeof BackupJobFacts>;

export const BackupDeletedFacts = Type.Object({ name: Type.String() });
export type BackupDeletedFacts = Static<typeof BackupDeletedFacts>;

/** A backup tenant as the portal asks the platform to create it. */
export interface BackupAccountSpec {
  name: string;
  product: string;
  location: string;
  quotaGb: number;
  retention: BackupRetention;
}

export interface RestorePointQuery {
  sort: 'created' | 'size';
  desc: boolean;
  offset: number;
  limit: number;
}

export interface RestorePointPage {
  points: BackupRestorePoint[];
  total: number;
}

/**
 * The backup platform. Slow operations take an OperationContext and are idempotent per
 * `ctx.taskId`; the quick ones (quota, enabling, retention) answer at once or throw a DriverError
 * with a sentence. Scheduled jobs run on the platform by themselves; `backupSummaries` reports
 * where they are.
 */
export interface BackupDriver {
  createBackupAccount(
    ctx: OperationContext,
    backupId: number,
    spec: BackupAccountSpec,
  ): Promise<BackupSummaryFacts>;
  /** Runs a job now. A job refused on the hard quota throws its sentence (and is recorded). */
  runBackupJob(ctx: OperationContext, backupId: number): Promise<BackupJobFacts>;
  deleteBackupAccount(ctx: OperationContext, backupId: number): Promise<BackupDeletedFacts>;
  setBackupQuota(tenantId: number, backupId: number, quotaGb: number): Promise<BackupSummaryFacts>;
  setBackupEnabled(
    tenantId: number,
    backupId: number,
    enabled: boolean,
  ): Promise<BackupSummaryFacts>;
  setBackupRetention(
    tenantId: number,
    backupId: number,
    retention: BackupRetention,
  ): Promise<BackupSummaryFacts>;
  /** The summaries of these backup tenants (those the platform knows), its jobs run up to `now`. */
  backupSummaries(
    tenantId: number,
    backupIds: readonly number[],
    now: Date,
  ): Promise<BackupSummaryFacts[]>;
  backupJobs(tenantId: number, backupId: number, limit: number): Promise<BackupJob[]>;
  /** [epoch ms, used GB] after each job, oldest first. */
  backupUsage(tenantId: number, backupId: number): Promise<[number, number][]>;
  /** Restore points in the order asked for, `limit` of them after the first `offset`. */
  backupRestorePoints(
    tenantId: number,
    backupId: number,
    query: RestorePointQuery,
  ): Promise<RestorePointPage>;
}
