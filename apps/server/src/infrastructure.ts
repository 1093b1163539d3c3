// The composition of the areas: the infrastructure driver is every area's driver together, and
// the task registry holds every area's task definitions. Adding an area adds a line here; adding
// an operation to an area does not touch this file.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database.ts';
import {
  COMPUTE_TASKS,
  ComputeSimulator,
  computeSeatCounters,
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
  STORAGE_TASKS,
  StorageSimulator,
  volumeTargets,
  type StorageDriver,
  type VolumeSpec,
} from './areas/storage/index.ts';
import {
  CROWDSTRIKE_TASKS,
  EndpointSimulator,
  edrHostTargets,
  endpointSeatCounters,
  type EndpointDriver,
} from './areas/crowdstrike/index.ts';
import type { SeatCounter } from './platform/seats.ts';
import {
  PHISHING_TASKS,
  PhishingMailDriver,
  PhishingSimulator,
  type MailPhishingOptions,
  campaignTargets,
  type PhishingDriver,
} from './areas/phishing/index.ts';
import {
  MONITORING_TASKS,
  MonitoringSimulator,
  monitorTargets,
  type MonitoringDriver,
} from './areas/monitoring/index.ts';
import {
  BACKUP_TASKS,
  BackupSimulator,
  backupSeatCounters,
  backupTargets,
  type BackupDriver,
} from './areas/backup/index.ts';
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
export interface InfrastructureDriver
  extends
    ComputeDriver,
    VwseriesDriver,
    StorageDriver,
    EndpointDriver,
    PhishingDriver,
    MonitoringDriver,
    BackupDriver,
    NetworkingDriver {
  readonly name: string;
}

/** Every area's task definitions. */
export const TASKS = new TaskRegistry<InfrastructureDriver>(
  [
    ...COMPUTE_TASKS,
    ...VWSERIES_TASKS,
    ...BACKUP_TASKS,
    ...STORAGE_TASKS,
    ...MONITORING_TASKS,
    ...CROWDSTRIKE_TASKS,
    ...PHISHING_TASKS,
    ...NETWORKING_TASKS,
  ],
  [
    vmTargets,
    vwseriesTargets,
    backupTargets,
    volumeTargets,
    monitorTargets,
    edrHostTargets,
    campaignTargets,
    ...NETWORKING_TARGETS,
  ],
);

/** Every area's licence seat counters, handed to the licence area. */
export const SEAT_COUNTERS: readonly SeatCounter[] = [
  ...computeSeatCounters,
  ...backupSeatCounters,
  ...endpointSeatCounters,
];

/**
 * The built-in driver: each area's simulator. Compute's operations are inherited, so adding one
 * touches only the compute area; another area's simulator is reached through a delegating method.
 */
export class SimulatorDriver extends ComputeSimulator implements InfrastructureDriver {
  readonly name = 'simulator';
  private readonly vwseries: VwseriesSimulator;
  private readonly storage: StorageSimulator;
  private readonly endpoints: EndpointSimulator;
  private readonly phishing: PhishingDriver;
  private readonly monitoring: MonitoringSimulator;
  private readonly backup: BackupSimulator;
  private readonly networking: NetworkingSimulator;

  /** `phishingMail`: campaigns go out as real mail (the simulator keeps what it launched). */
  constructor(db: Database, options: { speed: number; phishingMail?: MailPhishingOptions | null }) {
    super(db, options);
    this.vwseries = new VwseriesSimulator(db, options);
    this.storage = new StorageSimulator(db, options, {
      locations: async () =>
        (await this.catalogue()).regions.flatMap((region) =>
          region.sites.map((site) => site.location),
        ),
      vm: (q, tenantId, vmId) => this.platformVm(tenantId, vmId, q),
    });
    this.endpoints = new EndpointSimulator(db, options);
    const phishingSimulator = new PhishingSimulator(db, options);
    this.phishing = options.phishingMail
      ? new PhishingMailDriver(db, phishingSimulator, options.phishingMail)
      : phishingSimulator;
    this.monitoring = new MonitoringSimulator(db, options);
    this.backup = new BackupSimulator(db, options);
    this.networking = new NetworkingSimulator(db, options);
  }

  observeEndpoints(...args: Parameters<EndpointDriver['observeEndpoints']>) {
    return this.endpoints.observeEndpoints(...args);
  }

  setContainment(...args: Parameters<EndpointDriver['setContainment']>) {
    return this.endpoints.setContainment(...args);
  }

  refreshVwseries(ctx: OperationContext, serviceId: number) {
    return this.vwseries.refreshVwseries(ctx, serviceId);
  }

  storageLocations() {
    return this.storage.storageLocations();
  }
  createVolume(ctx: OperationContext, volumeId: number, spec: VolumeSpec) {
    return this.storage.createVolume(ctx, volumeId, spec);
  }
  attachVolume(ctx: OperationContext, volumeId: number, vmId: number) {
    return this.storage.attachVolume(ctx, volumeId, vmId);
  }
  detachVolume(ctx: OperationContext, volumeId: number) {
    return this.storage.detachVolume(ctx, volumeId);
  }
  extendVolume(ctx: OperationContext, volumeId: number, sizeGb: number) {
    return this.storage.extendVolume(ctx, volumeId, sizeGb);
  }
  deleteVolume(ctx: OperationContext, volumeId: number) {
    return this.storage.deleteVolume(ctx, volumeId);
  }

  launchPhishingCampaign(...args: Parameters<PhishingDriver['launchPhishingCampaign']>) {
    return this.phishing.launchPhishingCampaign(...args);
  }

  addPhishingRecipients(...args: Parameters<PhishingDriver['addPhishingRecipients']>) {
    return this.phishing.addPhishingRecipients(...args);
  }

  endPhishingCampaign(...args: Parameters<PhishingDriver['endPhishingCampaign']>) {
    return this.phishing.endPhishingCampaign(...args);
  }

  phishingActivity(...args: Parameters<PhishingDriver['phishingActivity']>) {
    return this.phishing.phishingActivity(...args);
  }

  createProbe(...args: Parameters<MonitoringDriver['createProbe']>) {
    return this.monitoring.createProbe(...args);
  }

  deleteProbe(...args: Parameters<MonitoringDriver['deleteProbe']>) {
    return this.monitoring.deleteProbe(...args);
  }

  checks(...args: Parameters<MonitoringDriver['checks']>) {
    return this.monitoring.checks(...args);
  }

  checkPeriodMs(intervalSeconds: number) {
    return this.monitoring.checkPeriodMs(intervalSeconds);
  }

  // Backup tenants: the backup area's simulator.
  createBackupAccount(...args: Parameters<BackupDriver['createBackupAccount']>) {
    return this.backup.createBackupAccount(...args);
  }
  runBackupJob(...args: Parameters<BackupDriver['runBackupJob']>) {
    return this.backup.runBackupJob(...args);
  }
  deleteBackupAccount(...args: Parameters<BackupDriver['deleteBackupAccount']>) {
    return this.backup.deleteBackupAccount(...args);
  }
  setBackupQuota(...args: Parameters<BackupDriver['setBackupQuota']>) {
    return this.backup.setBackupQuota(...args);
  }
  setBackupEnabled(...args: Parameters<BackupDriver['setBackupEnabled']>) {
    return this.backup.setBackupEnabled(...args);
  }
  setBackupRetention(...args: Parameters<BackupDriver['setBackupRetention']>) {
    return this.backup.setBackupRetention(...args);
  }
  backupSummaries(...args: Parameters<BackupDriver['backupSummaries']>) {
    return this.backup.backupSummaries(...args);
  }
  backupJobs(...args: Parameters<BackupDriver['backupJobs']>) {
    return this.backup.backupJobs(...args);
  }
  backupUsage(...args: Parameters<BackupDriver['backupUsage']>) {
    return this.backup.backupUsage(...args);
  }
  backupRestorePoints(...args: Parameters<BackupDriver['backupRestorePoints']>) {
    return this.backup.backupRestorePoints(...args);
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
