// The composition of the areas: the infrastructure driver is every area's driver together, and
// the task registry holds every area's task definitions. Adding an area adds a line here; adding
// an operation to an area does not touch this file.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database.ts';
import {
  COMPUTE_TASKS,
  ComputeSimulator,
  vmTargets,
  type ComputeDriver,
} from './areas/compute/index.ts';
import {
  VWSERIES_TASKS,
  VwseriesSimulator,
  vwseriesTargets,
  type VwseriesDriver,
} from './areas/vwseries/index.ts';
import {
  NETWORKING_TARGETS,
  NETWORKING_TASKS,
  NetworkingSimulator,
  type NetworkingDriver,
} from './areas/networking/index.ts';
import type { Catalogue } from '@portal/api/contract';
import type { Queryable } from './db/database.ts';
import { TaskRegistry } from './platform/tasks/registry.ts';
import { TaskEngine, type TaskWorkerOptions } from './platform/tasks/worker.ts';

import type { OperationContext } from './platform/driver.ts';

export { DriverError, type OperationContext } from './platform/driver.ts';

/** The infrastructure seam: one driver per area, behind one object. */
export interface InfrastructureDriver extends ComputeDriver, VwseriesDriver, NetworkingDriver {
  readonly name: string;
}

/** Every area's task definitions. */
export const TASKS = new TaskRegistry<InfrastructureDriver>(
  [...COMPUTE_TASKS, ...VWSERIES_TASKS, ...NETWORKING_TASKS],
  [vmTargets, vwseriesTargets, ...NETWORKING_TARGETS],
);

/**
 * The built-in driver: each area's simulator. Compute's operations are inherited, so adding one
 * touches only the compute area; another area's simulator is reached through a delegating method.
 */
export class SimulatorDriver extends ComputeSimulator implements InfrastructureDriver {
  readonly name = 'simulator';
  private readonly vwseries: VwseriesSimulator;
  private readonly networking: NetworkingSimulator;

  constructor(db: Database, options: { speed: number }) {
    super(db, options);
    this.vwseries = new VwseriesSimulator(db, options);
    this.networking = new NetworkingSimulator(db, options);
  }

  refreshVwseries(ctx: OperationContext, serviceId: number) {
    return this.vwseries.refreshVwseries(ctx, serviceId);
  }

  // Networking: its operations, and the compute platform's seams into it (a tenant's networks
  // are portgroups, its adapters ports with addresses from the network, NAT uses its addresses).
  createNetwork(...args: Parameters<NetworkingDriver['createNetwork']>) {
    return this.networking.createNetwork(...args);
  }
  updateNetwork(...args: Parameters<NetworkingDriver['updateNetwork']>) {
    return this.networking.updateNetwork(...args);
  }
  deleteNetwork(...args: Parameters<NetworkingDriver['deleteNetwork']>) {
    return this.networking.deleteNetwork(...args);
  }
  createGateway(...args: Parameters<NetworkingDriver['createGateway']>) {
    return this.networking.createGateway(...args);
  }
  updateGateway(...args: Parameters<NetworkingDriver['updateGateway']>) {
    return this.networking.updateGateway(...args);
  }
  allocateAddress(...args: Parameters<NetworkingDriver['allocateAddress']>) {
    return this.networking.allocateAddress(...args);
  }
  releaseAddress(...args: Parameters<NetworkingDriver['releaseAddress']>) {
    return this.networking.releaseAddress(...args);
  }

  override async catalogue(tenantId?: number, db?: Queryable): Promise<Catalogue> {
    const base = await super.catalogue();
    return tenantId === undefined ? base : this.networking.withTenantNetworks(base, tenantId, db);
  }
  protected override async adapterIp(
    tx: Queryable,
    tenantId: number,
    vm: { id: number; location: string },
    index: number,
    vlanId: number,
  ): Promise<string> {
    const port = { vmId: vm.id, location: vm.location, adapter: index, vlanId };
    return (
      (await this.networking.attachPort(tx, tenantId, port)) ??
      super.adapterIp(tx, tenantId, vm, index, vlanId)
    );
  }
  protected override adapterReleased(tx: Queryable, vmId: number, index: number | null) {
    return this.networking.detachPorts(tx, vmId, index);
  }
  protected override async natAddress(
    tx: Queryable,
    tenantId: number,
    nat: { vmId: number; location: string; gatewayId: number },
    requested: number | null,
  ) {
    return requested === null
      ? super.natAddress(tx, tenantId, nat, null)
      : this.networking.bindAddress(tx, tenantId, { ...nat, globalIpaddressId: requested });
  }
  protected override natAddressFreed(tx: Queryable, globalIpaddressId: number) {
    return this.networking.unbindAddress(tx, globalIpaddressId);
  }
}

/** This process's task worker over every area's tasks. */
export class TaskWorker extends TaskEngine<InfrastructureDriver> {
  constructor(
    db: Database,
    driver: InfrastructureDriver,
    log: FastifyBaseLogger,
    options: TaskWorkerOptions,
    registry: TaskRegistry<InfrastructureDriver> = TASKS,
  ) {
    super(db, driver, log, options, registry);
  }
}
