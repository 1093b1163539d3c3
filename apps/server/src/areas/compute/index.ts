// The compute area's public surface: what app.ts and other areas may import from it.
export { default as computeRoutes } from './routes.ts';
export { default as consoleRoutes } from './console-routes.ts';
export { registerVmBase, type VmBaseOptions } from './vm-routes.ts';
export { COMPUTE_TASKS, vmTargets } from './tasks.ts';
export type { ComputeDriver, ConsoleTarget, MetricsRequest } from './driver.ts';
export { ComputeSimulator, DURATIONS } from './drivers/simulator/index.ts';
export { listVmsFor, type ComputeDeps, type VmScope } from './service.ts';
/** The VMs of a vwseries service, for that area's usage and backup pages. */
export { listVms, type VmRecord } from './repository.ts';
/** A VM and its snapshots, for volumes made from a snapshot and attached to a VM (storage). */
export { findSnapshot, findVm } from './repository.ts';
/** NAT entries of VMs, for networking's public addresses. */
export { listNats, type NatRecordRow } from './repository.ts';
export { seedDemoCompute } from './demo.ts';
/** The licence seats compute's VMs use (Windows, RHEL, SQL Server), for the licence area. */
export { computeSeatCounters } from './seats.ts';
/** When a VM changed power state, for another area's simulated platform (monitoring probes). */
export { powerHistory as vmPowerHistory } from './drivers/simulator/state.ts';
