// The compute area: its descriptor (what the server is composed from) and its public surface.
import { defineArea, seam } from '../../platform/area.ts';
import consoleRoutes from './console-routes.ts';
import type { ComputeDriver } from './driver.ts';
import { ComputeSimulator, type SimulatedNetworkPorts } from './drivers/simulator/index.ts';
import { seedDemoComputeOnce } from './demo.ts';
import computeRoutes from './routes.ts';
import { computeSeatCounters } from './seats.ts';
import { COMPUTE_TASKS, vmTargets } from './tasks.ts';
import type { SiteContext } from '../../platform/area.ts';

/** The site's simulated network, as the networking area provides it to compute's simulator. */
export const SIMULATED_NETWORK_PORTS = seam<SimulatedNetworkPorts>('simulated network ports');

const makeComputeSimulator = (site: SiteContext) =>
  new ComputeSimulator(site.db, { speed: site.config.simulatorSpeed }, () =>
    site.seam(SIMULATED_NETWORK_PORTS),
  );

/** The compute simulator of a site: one per site, shared with the storage simulator. */
export const computeSimulator = (site: SiteContext): ComputeSimulator =>
  site.shared(makeComputeSimulator);

export const computeArea = defineArea<ComputeDriver>({
  name: 'compute',
  permission: 'compute',
  routes: [computeRoutes, consoleRoutes],
  tasks: COMPUTE_TASKS,
  targets: [vmTargets],
  drivers: { simulator: computeSimulator },
  seed: seedDemoComputeOnce,
  seats: computeSeatCounters,
});

export { registerVmBase, type VmBaseOptions } from './vm-routes.ts';
export type { ComputeDriver, ConsoleTarget, MetricsRequest } from './driver.ts';
export { ComputeSimulator, DURATIONS } from './drivers/simulator/index.ts';
export type { SimulatedNetworkPorts } from './drivers/simulator/index.ts';
export { computeDeps, listVmsFor, type ComputeDeps, type VmScope } from './service.ts';
/** The VMs of a vwseries service, for that area's usage and backup pages. */
export { listVms, type VmRecord } from './repository.ts';
/** A VM and its snapshots, for volumes made from a snapshot and attached to a VM (storage). */
export { findSnapshot, findVm } from './repository.ts';
/** NAT entries of VMs, for networking's public addresses. */
export { listNats, type NatRecordRow } from './repository.ts';
export { DEMO_SERIES, DEMO_SERVERS } from './demo.ts';
/** When a VM changed power state, for another area's simulated platform (monitoring probes). */
export { powerHistory as vmPowerHistory } from './drivers/simulator/state.ts';
/** Every site's creation catalogue in one (networking's sites). */
export { siteCatalogue } from './sites.ts';
