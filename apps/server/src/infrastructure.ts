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
  MONITORING_TASKS,
  MonitoringSimulator,
  monitorTargets,
  type MonitoringDriver,
} from './areas/monitoring/index.ts';
import { TaskRegistry } from './platform/tasks/registry.ts';
import { TaskEngine, type TaskWorkerOptions } from './platform/tasks/worker.ts';

import type { OperationContext } from './platform/driver.ts';

export { DriverError, type OperationContext } from './platform/driver.ts';

/** The infrastructure seam: one driver per area, behind one object. */
export interface InfrastructureDriver extends ComputeDriver, VwseriesDriver, MonitoringDriver {
  readonly name: string;
}

/** Every area's task definitions. */
export const TASKS = new TaskRegistry<InfrastructureDriver>(
  [...COMPUTE_TASKS, ...VWSERIES_TASKS, ...MONITORING_TASKS],
  [vmTargets, vwseriesTargets, monitorTargets],
);

/**
 * The built-in driver: each area's simulator. Compute's operations are inherited, so adding one
 * touches only the compute area; another area's simulator is reached through a delegating method.
 */
export class SimulatorDriver extends ComputeSimulator implements InfrastructureDriver {
  readonly name = 'simulator';
  private readonly vwseries: VwseriesSimulator;
  private readonly monitoring: MonitoringSimulator;

  constructor(db: Database, options: { speed: number }) {
    super(db, options);
    this.vwseries = new VwseriesSimulator(db, options);
    this.monitoring = new MonitoringSimulator(db, options);
  }

  refreshVwseries(ctx: OperationContext, serviceId: number) {
    return this.vwseries.refreshVwseries(ctx, serviceId);
  }

  createProbe(...args: Parameters<MonitoringDriver['createProbe']>) {
    return this.monitoring.createProbe(...args);
  }

  checks(...args: Parameters<MonitoringDriver['checks']>) {
    return this.monitoring.checks(...args);
  }

  checkPeriodMs(intervalSeconds: number) {
    return this.monitoring.checkPeriodMs(intervalSeconds);
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
