// The monitoring area's public surface.
export { default as monitoringRoutes } from './routes.ts';
export { MONITORING_TASKS, monitorTargets } from './tasks.ts';
export type { MonitoringDriver } from './driver.ts';
export { MonitoringSimulator } from './drivers/simulator/index.ts';
export { seedDemoMonitoring } from './demo.ts';
