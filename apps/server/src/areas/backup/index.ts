// The backup area's public surface.
export { default as backupRoutes } from './routes.ts';
export { BACKUP_TASKS, backupTargets } from './tasks.ts';
export type { BackupDriver } from './driver.ts';
export {
  BackupSimulator,
  BACKUP_DURATIONS,
  JOB_INTERVAL_HOURS,
} from './drivers/simulator/index.ts';
export { backupSeatCounters } from './seats.ts';
export { seedDemoBackup } from './demo.ts';
