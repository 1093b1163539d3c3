// The monitoring area: its descriptor and its public surface.
import { defineArea } from '../../platform/area.ts';
import { seedDemoMonitoring } from './demo.ts';
import type { MonitoringDriver } from './driver.ts';
import { MonitoringSimulator } from './drivers/simulator/index.ts';
import monitoringRoutes from './routes.ts';
import { MONITORING_TASKS, monitorTargets } from './tasks.ts';

export const monitoringArea = defineArea<MonitoringDriver>({
  name: 'monitoring',
  permission: 'monitoring',
  routes: [monitoringRoutes],
  tasks: MONITORING_TASKS,
  targets: [monitorTargets],
  drivers: {
    simulator: (site) => new MonitoringSimulator(site.db, { speed: site.config.simulatorSpeed }),
  },
  seed: seedDemoMonitoring,
});

export type { MonitoringDriver } from './driver.ts';
