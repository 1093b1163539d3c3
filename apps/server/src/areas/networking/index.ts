// The networking area's public surface.
export { default as networkingRoutes } from './routes.ts';
export { NETWORKING_TARGETS, NETWORKING_TASKS } from './tasks.ts';
export type { NetworkingDriver } from './driver.ts';
export { NetworkingSimulator } from './drivers/simulator/index.ts';
export { seedDemoNetworking } from './demo.ts';
export { seedTopologyBench } from './bench.ts';
