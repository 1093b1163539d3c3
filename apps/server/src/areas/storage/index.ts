// The storage area: its descriptor and its public surface.
import { computeSimulator, lxdClientOf, SITE_UNAVAILABLE } from '../compute/index.ts';
import { defineArea, provide, type SiteContext } from '../../platform/area.ts';
import { seedDemoStorage } from './demo.ts';
import type { StorageDriver } from './driver.ts';
import { LxdStorageDriver } from './drivers/lxd/index.ts';
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

/** The storage of an LXD site: custom volumes in each tenant's project on the site's pool. */
const makeLxdStorage = (site: SiteContext): LxdStorageDriver =>
  new LxdStorageDriver({
    client: site.shared(lxdClientOf),
    db: site.db,
    location: site.site.locations?.[0] ?? 'LXD1',
    pool: site.site.lxd?.storagePool ?? 'portal',
    ...(site.site.lxd?.storageLookMs ? { watch: { everyMs: site.site.lxd.storageLookMs } } : {}),
  });

const lxdStorage = (site: SiteContext): LxdStorageDriver => site.shared(makeLxdStorage);

export const storageArea = defineArea<StorageDriver>({
  name: 'storage',
  permission: 'storage',
  routes: [storageRoutes],
  tasks: STORAGE_TASKS,
  targets: [volumeTargets],
  drivers: { simulator: storageSimulator, lxd: lxdStorage },
  // What LXD storage cannot do is offered disabled on the site's catalogue entry.
  provides: [provide(SITE_UNAVAILABLE, 'lxd', (site) => lxdStorage(site).unavailable)],
  seed: seedDemoStorage,
});

export type { StorageDriver, VolumeSpec } from './driver.ts';
export { StorageSimulator, type SimulatedHosts } from './drivers/simulator/index.ts';
