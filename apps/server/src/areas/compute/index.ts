// The compute area: its descriptor (what the server is composed from) and its public surface.
import { defineArea, seam } from '../../platform/area.ts';
import consoleRoutes from './console-routes.ts';
import type { ComputeDriver } from './driver.ts';
import { ComputeSimulator, type SimulatedNetworkPorts } from './drivers/simulator/index.ts';
import { seedDemoComputeOnce } from './demo.ts';
import computeRoutes from './routes.ts';
import { computeSeatCounters } from './seats.ts';
import { COMPUTE_TASKS, vmTargets } from './tasks.ts';
import { LxdComputeDriver } from './drivers/lxd/index.ts';
import { LxdClient } from '../../platform/lxd/client.ts';
import { installationId, lxdNamePrefix } from '../../platform/installation.ts';
import { tenantLimits } from './repository/vms.ts';
import type { SiteContext } from '../../platform/area.ts';
import type { SiteAction } from '@portal/api/contract';

/** The site's simulated network, as the networking area provides it to compute's simulator. */
export const SIMULATED_NETWORK_PORTS = seam<SimulatedNetworkPorts>('simulated network ports');

/**
 * What another area cannot do at a site (storage on LXD: a volume from a snapshot), each with its
 * reason: the catalogue lists it among the site's unavailable actions with compute's own.
 */
export const SITE_UNAVAILABLE = seam<Partial<Record<SiteAction, string>>>(
  'site unavailable actions',
);

const makeComputeSimulator = (site: SiteContext) =>
  new ComputeSimulator(site.db, { speed: site.config.simulatorSpeed }, () =>
    site.seam(SIMULATED_NETWORK_PORTS),
  );

/** The compute simulator of a site: one per site, shared with the storage simulator. */
export const computeSimulator = (site: SiteContext): ComputeSimulator =>
  site.shared(makeComputeSimulator);

/** The LXD client of a site: one per site, shared by its areas' drivers. */
export const lxdClientOf = (site: SiteContext) => {
  const settings = site.site.lxd;
  if (!settings) throw new Error(`the site ${site.site.name} has no LXD endpoint`);
  return new LxdClient(settings.endpoint, {
    owner: () => installationId(site.db),
    namePrefix: () => lxdNamePrefix(site.db),
  });
};

/** The compute driver of an LXD site: instances in a project per tenant. */
const lxdCompute = (site: SiteContext): ComputeDriver => {
  const location = site.site.locations?.[0] ?? 'LXD1';
  const region = site.site.region ?? 'Local';
  return new LxdComputeDriver({
    client: site.shared(lxdClientOf),
    db: site.db,
    site: {
      regionId: region.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      regionName: region,
      id: location.toLowerCase(),
      name: `${location} (LXD)`,
      location,
    },
    tenantLimits: (tenantId) => tenantLimits(site.db, tenantId),
    otherAreas: () => site.seam(SITE_UNAVAILABLE),
    natAddresses: site.site.lxd?.forwardAddresses.length
      ? site.site.lxd.forwardAddresses
      : undefined,
  });
};

export const computeArea = defineArea<ComputeDriver>({
  name: 'compute',
  permission: 'compute',
  routes: [computeRoutes, consoleRoutes],
  tasks: COMPUTE_TASKS,
  targets: [vmTargets],
  drivers: { simulator: computeSimulator, lxd: lxdCompute },
  seed: seedDemoComputeOnce,
  seats: computeSeatCounters,
});

export { registerVmBase, type VmBaseOptions } from './vm-routes.ts';
export type { ComputeDriver, ConsoleTarget, MetricsRequest } from './driver.ts';
export { ComputeSimulator, DURATIONS } from './drivers/simulator/index.ts';
export type { SimulatedNetworkPorts } from './drivers/simulator/index.ts';
export { computeDeps, type ComputeDeps, type VmScope } from './service.ts';
export { listVmsFor } from './vm-service.ts';
/** The VMs of a vwseries service, for that area's usage and backup pages. */
export { listVms, type VmRecord } from './repository/vms.ts';
/** A VM and its snapshots, for volumes made from a snapshot and attached to a VM (storage). */
export { findSnapshot } from './repository/snapshots.ts';
export { findVm } from './repository/vms.ts';
/** NAT entries of VMs, for networking's public addresses. */
export { listNats, type NatRecordRow } from './repository/nats.ts';
export { DEMO_SERIES, DEMO_SERVERS } from './demo.ts';
/** When a VM changed power state, for another area's simulated platform (monitoring probes). */
export { powerHistory as vmPowerHistory } from './drivers/simulator/state.ts';
/** Every site's creation catalogue in one (networking's sites). */
export { siteCatalogue } from './sites.ts';
/**
 * What the other areas' LXD drivers share with compute's (storage on LXD): the tenant's project,
 * the portal's config keys on LXD objects, the VM → instance mapping and once-per-task facts.
 */
export { projectOf, tenantProject } from './drivers/lxd/index.ts';
export {
  DEFAULT_FORWARD_ADDRESSES as LXD_DEFAULT_PUBLIC_ADDRESSES,
  TASK_ID_KEY as LXD_TASK_ID_KEY,
} from './drivers/lxd/nat.ts';
export { VM_ID_KEY as LXD_VM_ID_KEY } from './drivers/lxd/observe.ts';
export { findLxdVm, lxdTaskSteps, type LxdTaskStep } from './drivers/lxd/state.ts';
