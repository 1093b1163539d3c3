// The vwseries area's public surface.
export { default as vwseriesRoutes } from './routes.ts';
export { VWSERIES_TASKS, vwseriesTargets } from './tasks.ts';
export type { VwseriesDriver } from './driver.ts';
export { VwseriesSimulator } from './drivers/simulator/index.ts';
export { insertDemoVwseries, insertVwseries } from './repository.ts';
