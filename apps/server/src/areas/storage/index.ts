// The storage area: its descriptor and its public surface.
import { computeSimulator } from '../compute/index.ts';
import { defineArea, type SiteContext } from '../../platform/area.ts';
import { seedDemoStorage } from './demo.ts';
import type { StorageDriver } from './driver.ts';
import { StorageSimulator } from './drivers/simulator/index.ts';
import storageRoutes from './routes.ts';
import { STORAGE_TASKS, volumeTargets } from './tasks.ts';

/** The simulated storage of a site: volumes on the site's simulated VMs. */
const storageSimulator = (site: SiteContext) => {
  const compute = computeSimulator(site);
  return new StorageSimulator(
    site.db,
    { speed: site.config.simulatorSpeed },
    {
      locations: async () =>
        (await compute.catalogue()).regions.flatMap((region) =>
          region.sites.map((candidate) => candidate.location),
        ),
      vm: (q, tenantId, vmId) => compute.platformVm(tenantId, vmId, q),
    },
  );
};

export const storageArea = defineArea<StorageDriver>({
  name: 'storage',
  permission: 'storage',
  routes: [storageRoutes],
  tasks: STORAGE_TASKS,
  targets: [volumeTargets],
  drivers: { simulator: storageSimulator },
  seed: seedDemoStorage,
});

export type { StorageDriver, VolumeSpec } from './driver.ts';
export { StorageSimulator, type SimulatedHosts } from './drivers/simulator/index.ts';
