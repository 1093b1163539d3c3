// The monitoring area: its descriptor and its public surface.
import type { SiteContext } from '../../platform/area.ts';
import { defineArea } from '../../platform/area.ts';
import { seedDemoMonitoring } from './demo.ts';
import type { MonitoringDriver } from './driver.ts';
import { MonitoringProber } from './drivers/real/index.ts';
import proberPlugin from './drivers/real/plugin.ts';
import { MonitoringSimulator } from './drivers/simulator/index.ts';
import monitoringRoutes from './routes.ts';
import { MONITORING_TASKS, monitorTargets } from './tasks.ts';

const simulator = (site: SiteContext) =>
  new MonitoringSimulator(site.db, { speed: site.config.simulatorSpeed });

export const monitoringArea = defineArea<MonitoringDriver>({
  name: 'monitoring',
  permission: 'monitoring',
  routes: [monitoringRoutes],
  tasks: MONITORING_TASKS,
  targets: [monitorTargets],
  // MONITORING_DRIVER=real (the default, ADR 033): addresses, URLs and VMs of real sites are
  // really checked; VMs of a simulated site (and the probes the simulator set up) stay simulated.
  drivers: {
    simulator: (site) =>
      site.config.monitoring.driver === 'real'
        ? new MonitoringProber(site.db, simulator(site), site.config.monitoring.msPerIntervalSecond)
        : simulator(site),
    lxd: (site) =>
      site.config.monitoring.driver === 'real'
        ? new MonitoringProber(site.db, null, site.config.monitoring.msPerIntervalSecond)
        : simulator(site),
  },
  // The scheduler of real checks, where this instance runs background work.
  publicRoutes: [proberPlugin],
  seed: seedDemoMonitoring,
});

export type { MonitoringDriver } from './driver.ts';
