// The vwseries area: its descriptor and its public surface.
import { DEMO_SERIES } from '../compute/index.ts';
import { defineArea, supply } from '../../platform/area.ts';
import type { VwseriesDriver } from './driver.ts';
import { VwseriesSimulator } from './drivers/simulator/index.ts';
import { insertDemoVwseries } from './repository.ts';
import vwseriesRoutes from './routes.ts';
import { VWSERIES_TASKS, vwseriesTargets } from './tasks.ts';

export const vwseriesArea = defineArea<VwseriesDriver>({
  name: 'vwseries',
  permission: 'vwseries',
  routes: [vwseriesRoutes],
  tasks: VWSERIES_TASKS,
  targets: [vwseriesTargets],
  drivers: {
    simulator: (site) => new VwseriesSimulator(site.db, { speed: site.config.simulatorSpeed }),
  },
  seedProvides: [supply(DEMO_SERIES, insertDemoVwseries)],
});

export type { VwseriesDriver } from './driver.ts';
export { VwseriesSimulator } from './drivers/simulator/index.ts';
