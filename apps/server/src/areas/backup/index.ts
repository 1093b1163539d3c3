// The backup area: its descriptor and its public surface.
import { defineArea } from '../../platform/area.ts';
import { seedDemoBackup } from './demo.ts';
import type { BackupDriver } from './driver.ts';
import { BackupSimulator } from './drivers/simulator/index.ts';
import backupRoutes from './routes.ts';
import { backupSeatCounters } from './seats.ts';
import { BACKUP_TASKS, backupTargets } from './tasks.ts';

export const backupArea = defineArea<BackupDriver>({
  name: 'backup',
  permission: 'backup',
  routes: [backupRoutes],
  tasks: BACKUP_TASKS,
  targets: [backupTargets],
  drivers: {
    simulator: (site) => new BackupSimulator(site.db, { speed: site.config.simulatorSpeed }),
  },
  seed: seedDemoBackup,
  seats: backupSeatCounters,
});

export type { BackupDriver } from './driver.ts';
