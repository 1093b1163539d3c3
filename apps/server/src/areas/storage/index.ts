// The storage area's public surface.
export { default as storageRoutes } from './routes.ts';
export { STORAGE_TASKS, volumeTargets } from './tasks.ts';
export type { StorageDriver, VolumeSpec } from './driver.ts';
export { StorageSimulator, type SimulatedHosts } from './drivers/simulator/index.ts';
export { seedDemoStorage } from './demo.ts';
