// The backup area's slow operations: creating a backup tenant, running a job now, deleting one.
import { formatSizeGb } from '@portal/api/domain';
import { BACKUP_CREATED_MESSAGE } from '@portal/api/contract';
import { Type } from 'typebox';
import { taskDefiner, taskTarget, type TargetKind } from '../../platform/tasks/registry.ts';
import type { BackupDriver } from './driver.ts';
import {
  applySummary,
  backupPaths,
  deleteBackup,
  findBackup,
  markSummaryDue,
  setBackupFailed,
} from './repository.ts';

const AREA = 'backup';
const KIND = 'backup';
const defineTask = taskDefiner<BackupDriver>(AREA, KIND);
const Empty = Type.Object({});

const GONE = 'The backup tenant no longer exists.';
const backupOf = taskTarget(
  (db, task, lock) => findBackup(db, task.tenantId, { id: task.targetId }, lock),
  GONE,
);

/** Where a backup tenant is in the portal: its page. */
export const backupTargets: TargetKind = {
  kind: KIND,
  paths: backupPaths,
};

export const createBackupTask = defineTask({
  op: 'backup.create',
  label: () => 'Create',
  operation: () => 'create',
  payload: Empty,
  async run(ctx, task) {
    const backup = await backupOf(ctx.db, task);
    return ctx.driver.createBackupAccount(ctx, backup.id, {
      name: backup.name,
      product: backup.product,
      location: backup.location,
      quotaGb: backup.quotaGb,
      retention: backup.retention,
    });
  },
  async apply(tx, task, facts) {
    // Locked, and still there: a tenant deleted meanwhile fails the task.
    await backupOf(tx, task, true);
    await applySummary(tx, task.tenantId, facts);
    return BACKUP_CREATED_MESSAGE;
  },
  failed: (tx, task) => setBackupFailed(tx, task.tenantId, task.targetId),
});

export const runJobTask = defineTask({
  op: 'backup.job',
  label: () => 'Run job',
  operation: () => 'runJob',
  payload: Empty,
  run: (ctx, task) => ctx.driver.runBackupJob(ctx, task.targetId),
  async apply(tx, task, facts) {
    const backup = await backupOf(tx, task, true);
    await applySummary(tx, task.tenantId, facts.summary);
    return facts.job.result === 'warning'
      ? `The job ended with a warning: ${facts.job.message}`
      : `The job backed up ${formatSizeGb(facts.job.transferred_gb)}; ${formatSizeGb(facts.summary.usedGb)} of ${formatSizeGb(backup.quotaGb)} used.`;
  },
  // A refused job (over the hard quota) is recorded by the platform: read its summary at the next
  // look, at once.
  failed: (tx, task) => markSummaryDue(tx, task.tenantId, task.targetId),
});

export const deleteBackupTask = defineTask({
  op: 'backup.delete',
  label: () => 'Delete',
  operation: () => 'delete',
  payload: Empty,
  run: (ctx, task) => ctx.driver.deleteBackupAccount(ctx, task.targetId),
  async apply(tx, task) {
    const backup = await backupOf(tx, task, true);
    await deleteBackup(tx, task.tenantId, backup.id);
    return `The backup tenant ${backup.name} was deleted.`;
  },
});

export const BACKUP_TASKS = [createBackupTask, runJobTask, deleteBackupTask] as const;
