// The composition of the areas: the infrastructure driver is every area's driver together, and
// the task registry holds every area's task definitions. Adding an area adds a line here; adding
// an operation to an area does not touch this file.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database.ts';
import {
  COMPUTE_TASKS,
  ComputeSimulator,
  vmTargets,
  type ComputeDriver,
} from './areas/compute/index.ts';
import {
  VWSERIES_TASKS,
  VwseriesSimulator,
  vwseriesTargets,
  type VwseriesDriver,
} from './areas/vwseries/index.ts';
import {
  BACKUP_TASKS,
  BackupSimulator,
  backupTargets,
  type BackupDriver,
} from './areas/backup/index.ts';
import { TaskRegistry } from './platform/tasks/registry.ts';
import { TaskEngine, type TaskWorkerOptions } from './platform/tasks/worker.ts';

import type { OperationContext } from './platform/driver.ts';

export { DriverError, type OperationContext } from './platform/driver.ts';

/** The infrastructure seam: one driver per area, behind one object. */
export interface InfrastructureDriver extends ComputeDriver, VwseriesDriver, BackupDriver {
  readonly name: string;
}

/** Every area's task definitions. */
export const TASKS = new TaskRegistry<InfrastructureDriver>(
  [...COMPUTE_TASKS, ...VWSERIES_TASKS, ...BACKUP_TASKS],
  [vmTargets, vwseriesTargets, backupTargets],
);

/**
 * The built-in driver: each area's simulator. Compute's operations are inherited, so adding one
 * touches only the compute area; another area's simulator is reached through a delegating method.
 */
export class SimulatorDriver extends ComputeSimulator implements InfrastructureDriver {
  readonly name = 'simulator';
  private readonly vwseries: VwseriesSimulator;
  private readonly backup: BackupSimulator;

  constructor(db: Database, options: { speed: number }) {
    super(db, options);
    this.vwseries = new VwseriesSimulator(db, options);
    this.backup = new BackupSimulator(db, options);
  }

  refreshVwseries(ctx: OperationContext, serviceId: number) {
    return this.vwseries.refreshVwseries(ctx, serviceId);
  }

  // Backup tenants: the backup area's simulator.
  createBackupAccount(...args: Parameters<BackupDriver['createBackupAccount']>) {
    return this.backup.createBackupAccount(...args);
  }
  runBackupJob(...args: Parameters<BackupDriver['runBackupJob']>) {
    return this.backup.runBackupJob(...args);
  }
  deleteBackupAccount(...args: Parameters<BackupDriver['deleteBackupAccount']>) {
    return this.backup.deleteBackupAccount(...args);
  }
  setBackupQuota(...args: Parameters<BackupDriver['setBackupQuota']>) {
    return this.backup.setBackupQuota(...args);
  }
  setBackupEnabled(...args: Parameters<BackupDriver['setBackupEnabled']>) {
    return this.backup.setBackupEnabled(...args);
  }
  setBackupRetention(...args: Parameters<BackupDriver['setBackupRetention']>) {
    return this.backup.setBackupRetention(...args);
  }
  backupSummaries(...args: Parameters<BackupDriver['backupSummaries']>) {
    return this.backup.backupSummaries(...args);
  }
  backupJobs(...args: Parameters<BackupDriver['backupJobs']>) {
    return this.backup.backupJobs(...args);
  }
  backupUsage(...args: Parameters<BackupDriver['backupUsage']>) {
    return this.backup.backupUsage(...args);
  }
  backupRestorePoints(...args: Parameters<BackupDriver['backupRestorePoints']>) {
    return this.backup.backupRestorePoints(...args);
  }
}

/** This process's task worker over every area's tasks. */
export class TaskWorker extends TaskEngine<InfrastructureDriver> {
  constructor(
    db: Database,
    driver: InfrastructureDriver,
    log: FastifyBaseLogger,
    options: TaskWorkerOptions,
    registry: TaskRegistry<InfrastructureDriver> = TASKS,
  ) {
    super(db, driver, log, options, registry);
  }
}
