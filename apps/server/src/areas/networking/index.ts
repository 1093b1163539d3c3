// The networking area: its descriptor and its public surface.
import {
  LXD_DEFAULT_PUBLIC_ADDRESSES,
  lxdClientOf,
  SIMULATED_NETWORK_PORTS,
} from '../compute/index.ts';
import { defineArea, provide, type SiteContext } from '../../platform/area.ts';
import { seedDemoNetworking } from './demo.ts';
import type { NetworkingDriver } from './driver.ts';
import { LxdNetworkingDriver } from './drivers/lxd/index.ts';
import { NetworkingSimulator } from './drivers/simulator/index.ts';
import networkingRoutes from './routes.ts';
import { NETWORKING_TARGETS, NETWORKING_TASKS } from './tasks.ts';

const makeNetworkingSimulator = (site: SiteContext) =>
  new NetworkingSimulator(site.db, { speed: site.config.simulatorSpeed });

/** The simulated network of a site: one per site, shared with compute's simulator (its ports). */
const networkingSimulator = (site: SiteContext) => site.shared(makeNetworkingSimulator);

/** The network of an LXD site: bridges, and gateways and public addresses from its pool. */
const makeLxdNetworking = (site: SiteContext): LxdNetworkingDriver =>
  new LxdNetworkingDriver({
    client: site.shared(lxdClientOf),
    db: site.db,
    location: site.site.locations?.[0] ?? 'LXD1',
    publicAddresses: site.site.lxd?.forwardAddresses.length
      ? site.site.lxd.forwardAddresses
      : LXD_DEFAULT_PUBLIC_ADDRESSES,
  });

const lxdNetworking = (site: SiteContext): LxdNetworkingDriver => site.shared(makeLxdNetworking);

export const networkingArea = defineArea<NetworkingDriver>({
  name: 'networking',
  permission: 'networking',
  routes: [networkingRoutes],
  tasks: NETWORKING_TASKS,
  targets: NETWORKING_TARGETS,
  drivers: { simulator: networkingSimulator, lxd: lxdNetworking },
  provides: [provide(SIMULATED_NETWORK_PORTS, 'simulator', networkingSimulator)],
  seed: seedDemoNetworking,
});

export type { NetworkingDriver } from './driver.ts';
export { NetworkingSimulator } from './drivers/simulator/index.ts';
export { LxdNetworkingDriver, bridgeName } from './drivers/lxd/index.ts';
export { seedTopologyBench } from './bench.ts';
