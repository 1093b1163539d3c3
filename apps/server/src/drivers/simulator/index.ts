import { setTimeout as sleep } from 'node:timers/promises';
import type {
  Catalogue,
  MetricsReply,
  PowerOperation,
  PowerState,
  SnapshotOperation,
  VmAdapter,
} from '@portal/api/contract';
import type { Database, Queryable } from '../../db/database.ts';
import {
  deleteFirewallRule,
  findFirewallRule,
  insertFirewallRule,
  listFirewallRules,
  type NewFirewallRule,
} from '../../db/firewall-rules.ts';
import { findNat, insertNat, nextGlobalIpaddressId, setNatStatus } from '../../db/nats.ts';
import { findAppliedTask, recordAppliedTask } from '../../db/simulator.ts';
import {
  deleteAllSnapshots,
  deleteSnapshot,
  editSnapshot,
  findSnapshot,
  insertSnapshot,
  listSnapshots,
  setCurrentSnapshot,
} from '../../db/snapshots.ts';
import { findVm, lockVm, updateVm, type VmRecord } from '../../db/vms.ts';
import { findVwseries, recordVwseriesRefresh } from '../../db/vwseries.ts';
import {
  DriverError,
  type ConsoleIo,
  type ConsoleSession,
  type ConsoleTarget,
  type InfrastructureDriver,
  type MetricsRequest,
  type OperationContext,
} from '../driver.ts';
import { SIMULATOR_CATALOGUE } from './catalogue.ts';
import { openSimulatedConsole } from './console.ts';
import { simulatedMetrics } from './metrics.ts';

/** How long each operation takes on the simulated platform at speed 1, in seconds. */
export const DURATIONS = {
  create: 12,
  powerOn: 4,
  powerOff: 2,
  shutdownGuest: 5,
  reboot: 6,
  reset: 3,
  suspend: 4,
  CreateSnapshot: 4,
  DeleteSnapshot: 3,
  EditSnapshot: 1,
  RevertSnapshot: 5,
  DeleteAllSnapshots: 4,
  resize: 5,
  reconfigure: 4,
  refresh: 2,
  rename: 1,
  vlan: 3,
  natCreate: 3,
  natCancel: 2,
  firewall: 2,
  cdrom: 2,
  vwseriesRefresh: 3,
} as const;

export const MAX_SNAPSHOTS = 32;
export const MAX_FIREWALL_RULES = 50;

function refuse(message: string): never {
  throw new DriverError(message);
}

/** A decision taken on the VM's current state: throws a DriverError, or returns the change. */
type Decide = (q: Queryable, vm: VmRecord) => Promise<(tx: Queryable) => Promise<string>>;

/** The power state an operation leads to, or the platform's refusal. */
export function powerTransition(
  from: PowerState,
  operation: PowerOperation,
): { to: PowerState; message: string } {
  const on = from === 'poweredOn';
  switch (operation) {
    case 'powerOn':
      if (on) refuse('The virtual machine is already powered on.');
      return {
        to: 'poweredOn',
        message:
          from === 'suspended'
            ? 'The virtual machine was resumed.'
            : 'The virtual machine is powered on.',
      };
    case 'powerOff':
      if (from === 'poweredOff') refuse('The virtual machine is already powered off.');
      return { to: 'poweredOff', message: 'The virtual machine is powered off.' };
    case 'shutdownGuest':
      if (!on)
        refuse(
          'The guest operating system can only be shut down while the virtual machine is powered on.',
        );
      return { to: 'poweredOff', message: 'The guest operating system was shut down.' };
    case 'reboot':
      if (!on) refuse('The virtual machine must be powered on to reboot.');
      return { to: 'poweredOn', message: 'The guest operating system was restarted.' };
    case 'reset':
      if (!on) refuse('The virtual machine must be powered on to be reset.');
      return { to: 'poweredOn', message: 'The virtual machine was reset.' };
    case 'suspend':
      if (from === 'suspended') refuse('The virtual machine is already suspended.');
      if (!on) refuse('The virtual machine must be powered on to be suspended.');
      return { to: 'suspended', message: 'The virtual machine is suspended.' };
  }
}

/** A private address for an adapter, unique per VLAN and VM. */
export const simulatedIp = (vlanId: number, vmId: number) =>
  `10.${vlanId % 256}.${Math.floor(vmId / 250) % 256}.${(vmId % 250) + 2}`;

/** A public address from the benchmarking range 198.18.0.0/15. */
const globalIp = (id: number) => `198.${18 + ((id >> 16) & 1)}.${(id >> 8) & 255}.${id & 255}`;

const siteOf = (catalogue: Catalogue, location: string) =>
  catalogue.regions.flatMap((region) => region.sites).find((site) => site.location === location);

/**
 * The built-in driver: a platform simulated in the database. Operations take a few seconds
 * (divided by `speed`), refuse what a hypervisor would refuse, and apply their change and a
 * record of the task in one transaction, so a task re-run after a crash applies nothing twice.
 */
export class SimulatorDriver implements InfrastructureDriver {
  readonly name = 'simulator';

  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  async catalogue(): Promise<Catalogue> {
    return SIMULATOR_CATALOGUE;
  }

  private wait(ctx: OperationContext, seconds: number): Promise<void> {
    return sleep((seconds * 1000) / this.options.speed, undefined, { signal: ctx.signal });
  }

  /**
   * The common shape of a VM operation: answer a resumed task as before; refuse at once on the
   * current state; take the operation's time; decide again on the locked VM and apply.
   */
  private async operate(
    ctx: OperationContext,
    vmId: number,
    seconds: number,
    decide: Decide,
  ): Promise<string> {
    const applied = await findAppliedTask(this.db, ctx.taskId);
    if (applied !== null) return applied;
    const vm = await findVm(this.db, ctx.tenantId, { series: 'any' }, vmId);
    if (!vm) refuse('The virtual machine no longer exists.');
    else await decide(this.db, vm);
    await this.wait(ctx, seconds);
    return this.db.transaction(async (tx) => {
      const again = await findAppliedTask(tx, ctx.taskId);
      if (again !== null) return again;
      const locked = await lockVm(tx, ctx.tenantId, vmId);
      if (!locked) return refuse('The virtual machine no longer exists.');
      const apply = await decide(tx, locked);
      const message = await apply(tx);
      await recordAppliedTask(tx, ctx.taskId, message);
      return message;
    });
  }

  createVm(ctx: OperationContext, vmId: number): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.create, async (_q, vm) => async (tx) => {
      const adapters: VmAdapter[] = vm.adapters.map((adapter) => ({
        ...adapter,
        ip: adapter.ip ?? simulatedIp(adapter.vlan_id, vm.id),
      }));
      await updateVm(tx, ctx.tenantId, vm.id, { powerState: 'poweredOn', adapters });
      return `The virtual machine ${vm.displayName} was built and powered on.`;
    });
  }

  power(ctx: OperationContext, vmId: number, operation: PowerOperation): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS[operation], async (_q, vm) => {
      if (vm.status === 'error') refuse('The virtual machine failed to build and cannot be used.');
      const { to, message } = powerTransition(vm.powerState, operation);
      return async (tx) => {
        await updateVm(tx, ctx.tenantId, vm.id, { powerState: to });
        return message;
      };
    });
  }

  snapshot(ctx: OperationContext, vmId: number, op: SnapshotOperation): Promise<string> {
    const tenantId = ctx.tenantId;
    return this.operate(ctx, vmId, DURATIONS[op.snap_op], async (q, vm) => {
      const missing = (id: number) =>
        refuse(`The snapshot ${id} does not exist; it may have been deleted.`);
      const named = async (id: number | null | undefined) => {
        if (id === null || id === undefined) return refuse('No snapshot was named.');
        return (await findSnapshot(q, tenantId, vm.id, id)) ?? missing(id);
      };
      switch (op.snap_op) {
        case 'CreateSnapshot': {
          const existing = await listSnapshots(q, tenantId, vm.id);
          if (existing.length >= MAX_SNAPSHOTS)
            refuse(`A virtual machine can have at most ${MAX_SNAPSHOTS} snapshots.`);
          if (op.quiesced && vm.powerState !== 'poweredOn')
            refuse('Only a powered-on virtual machine can be quiesced for a snapshot.');
          const name = op.name?.trim() || 'Snapshot';
          return async (tx) => {
            await insertSnapshot(tx, tenantId, vm.id, {
              name,
              description: op.description ?? '',
              powerState: op.power_state ? vm.powerState : 'poweredOff',
              quiesced: op.quiesced ?? false,
            });
            return `The snapshot "${name}" was taken.`;
          };
        }
        case 'DeleteSnapshot': {
          const snapshot = await named(op.snap_id);
          return async (tx) => {
            await deleteSnapshot(tx, tenantId, snapshot);
            return `The snapshot "${snapshot.name}" was deleted.`;
          };
        }
        case 'EditSnapshot': {
          const snapshot = await named(op.snap_id);
          return async (tx) => {
            await editSnapshot(tx, tenantId, snapshot.id, {
              name: op.name?.trim() || undefined,
              description: op.description ?? undefined,
            });
            return `The snapshot "${op.name?.trim() || snapshot.name}" was updated.`;
          };
        }
        case 'RevertSnapshot': {
          const snapshot = await named(op.snap_id);
          const to: PowerState = op.suppress_power_on ? 'poweredOff' : snapshot.powerState;
          return async (tx) => {
            await setCurrentSnapshot(tx, tenantId, vm.id, snapshot.id);
            await updateVm(tx, tenantId, vm.id, { powerState: to });
            return `The virtual machine was reverted to "${snapshot.name}".`;
          };
        }
        case 'DeleteAllSnapshots':
          return async (tx) => {
            const count = await deleteAllSnapshots(tx, tenantId, vm.id);
            return count === 0
              ? 'There were no snapshots to delete.'
              : `${count} snapshot${count === 1 ? ' was' : 's were'} deleted.`;
          };
      }
    });
  }

  resize(
    ctx: OperationContext,
    vmId: number,
    { vcpus, memoryGB }: { vcpus: number; memoryGB: number },
  ): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.resize, async (_q, vm) => {
      const plan = SIMULATOR_CATALOGUE.plans.find((candidate) => candidate.id === vm.planId);
      if (!plan) return refuse(`The virtual machine's plan ${vm.planId} is no longer offered.`);
      if (vcpus > plan.max_vcpus)
        refuse(`The plan ${plan.name} allows at most ${plan.max_vcpus} vCPUs.`);
      if (memoryGB > plan.max_memory_gb)
        refuse(`The plan ${plan.name} allows at most ${plan.max_memory_gb} GB of memory.`);
      const memoryMb = memoryGB * 1024;
      if (vcpus === vm.vcpus && memoryMb === vm.memoryMb)
        refuse(`The virtual machine already has ${vcpus} vCPUs and ${memoryGB} GB of memory.`);
      if ((vcpus < vm.vcpus || memoryMb < vm.memoryMb) && vm.powerState !== 'poweredOff')
        refuse('Power the virtual machine off before reducing its vCPUs or memory.');
      return async (tx) => {
        await updateVm(tx, ctx.tenantId, vm.id, { vcpus, memoryMb });
        return `The virtual machine now has ${vcpus} vCPUs and ${memoryGB} GB of memory.`;
      };
    });
  }

  reconfigure(ctx: OperationContext, vmId: number): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.reconfigure, async (_q, vm) => async (tx) => {
      await updateVm(tx, ctx.tenantId, vm.id, {});
      return "The virtual machine's configuration was applied again.";
    });
  }

  refresh(ctx: OperationContext, vmId: number): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.refresh, async (_q, vm) => async (tx) => {
      await updateVm(tx, ctx.tenantId, vm.id, {});
      return "The virtual machine's state was read again from the platform.";
    });
  }

  rename(ctx: OperationContext, vmId: number, displayName: string): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.rename, async (_q, vm) => {
      if (vm.displayName === displayName)
        refuse(`The virtual machine is already named "${displayName}".`);
      return async (tx) => {
        await updateVm(tx, ctx.tenantId, vm.id, { displayName });
        return `The virtual machine was renamed to "${displayName}".`;
      };
    });
  }

  setVlan(
    ctx: OperationContext,
    vmId: number,
    { adapter, vlanId }: { adapter: number; vlanId: number },
  ): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.vlan, async (_q, vm) => {
      const current = vm.adapters[adapter];
      if (!current) return refuse(`The virtual machine has no adapter ${adapter + 1}.`);
      const portgroup = siteOf(SIMULATOR_CATALOGUE, vm.location)?.portgroups.find(
        (candidate) => candidate.vlan_id === vlanId,
      );
      if (!portgroup) return refuse(`VLAN ${vlanId} is not available at ${vm.location}.`);
      if (current.vlan_id === vlanId)
        refuse(`Adapter ${adapter + 1} is already connected to VLAN ${vlanId}.`);
      return async (tx) => {
        const adapters = vm.adapters.map((each, index) =>
          index === adapter
            ? { portgroup: portgroup.name, vlan_id: vlanId, ip: simulatedIp(vlanId, vm.id) }
            : each,
        );
        await updateVm(tx, ctx.tenantId, vm.id, { adapters });
        return `Adapter ${adapter + 1} is now connected to ${portgroup.name} (VLAN ${vlanId}).`;
      };
    });
  }

  createNat(ctx: OperationContext, vmId: number, gatewayId: number): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.natCreate, async (_q, vm) => {
      const privateIp = vm.adapters[0]?.ip;
      if (!privateIp) return refuse('The virtual machine has no IP address yet.');
      const gateway = siteOf(SIMULATOR_CATALOGUE, vm.location)?.gateways.find(
        (candidate) => candidate.id === gatewayId,
      );
      if (!gateway) return refuse(`The gateway ${gatewayId} does not serve ${vm.location}.`);
      return async (tx) => {
        const globalIpaddressId = await nextGlobalIpaddressId(tx);
        const address = globalIp(globalIpaddressId);
        await insertNat(tx, ctx.tenantId, {
          vmId: vm.id,
          gatewayId,
          globalIpaddressId,
          globalIpaddress: address,
          status: 'active',
          taskId: ctx.taskId,
        });
        return `The public address ${address} now leads to ${privateIp} through ${gateway.name}.`;
      };
    });
  }

  cancelNat(ctx: OperationContext, vmId: number, natId: number): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.natCancel, async (q, vm) => {
      const nat = await findNat(q, ctx.tenantId, vm.id, natId);
      if (!nat) return refuse(`The NAT entry ${natId} does not exist.`);
      if (nat.status === 'cancelled') refuse(`The NAT entry ${natId} is already cancelled.`);
      return async (tx) => {
        await setNatStatus(tx, ctx.tenantId, nat.id, 'cancelled', ctx.taskId);
        return `The NAT entry for ${nat.globalIpaddress} was cancelled.`;
      };
    });
  }

  addFirewallRule(ctx: OperationContext, vmId: number, rule: NewFirewallRule): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.firewall, async (q, vm) => {
      const rules = await listFirewallRules(q, ctx.tenantId, [vm.id]);
      if (rules.length >= MAX_FIREWALL_RULES)
        refuse(`A virtual machine can have at most ${MAX_FIREWALL_RULES} firewall rules.`);
      const same = rules.find(
        (other) =>
          other.direction === rule.direction &&
          other.protocol === rule.protocol &&
          other.ports === rule.ports &&
          other.source === rule.source &&
          other.destination === rule.destination &&
          other.action === rule.action,
      );
      if (same) refuse(`An identical rule already exists (rule ${same.id}).`);
      return async (tx) => {
        const id = await insertFirewallRule(tx, ctx.tenantId, vm.id, rule);
        return `Firewall rule ${id} was added.`;
      };
    });
  }

  deleteFirewallRule(ctx: OperationContext, vmId: number, ruleId: number): Promise<string> {
    return this.operate(ctx, vmId, DURATIONS.firewall, async (q, vm) => {
      const rule = await findFirewallRule(q, ctx.tenantId, vm.id, ruleId);
      if (!rule) return refuse(`The firewall rule ${ruleId} does not exist.`);
      return async (tx) => {
        await deleteFirewallRule(tx, ctx.tenantId, rule.id);
        return `Firewall rule ${rule.id} was deleted.`;
      };
    });
  }

  bootCdrom(
    ctx: OperationContext,
    vmId: number,
    change: { operation: 'attach' | 'detach'; mediaKey: string | null; cdromNumber: number },
  ): Promise<string> {
    const drive = change.cdromNumber;
    return this.operate(ctx, vmId, DURATIONS.cdrom, async (_q, vm) => {
      if (change.operation === 'detach') {
        if (vm.bootCdrom?.cdrom_number !== drive)
          refuse(`No medium is attached to CD-ROM drive ${drive}.`);
        return async (tx) => {
          await updateVm(tx, ctx.tenantId, vm.id, { bootCdrom: null });
          return `CD-ROM drive ${drive} is empty now.`;
        };
      }
      const medium = SIMULATOR_CATALOGUE.media.find((each) => each.key === change.mediaKey);
      if (!medium) return refuse(`The medium ${change.mediaKey ?? ''} is not in the library.`);
      return async (tx) => {
        await updateVm(tx, ctx.tenantId, vm.id, {
          bootCdrom: { cdrom_number: drive, media_key: medium.key, name: medium.name },
        });
        return `${medium.name} is in CD-ROM drive ${drive}; the virtual machine boots from it next.`;
      };
    });
  }

  async refreshVwseries(ctx: OperationContext, serviceId: number): Promise<string> {
    const applied = await findAppliedTask(this.db, ctx.taskId);
    if (applied !== null) return applied;
    const service = await findVwseries(this.db, ctx.tenantId, { id: serviceId });
    if (!service) return refuse('The service no longer exists.');
    await this.wait(ctx, DURATIONS.vwseriesRefresh);
    // The platform's nightly backup ran at 02:00 UTC; about one night in eight has a warning.
    const now = new Date();
    const lastRun = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2),
    );
    if (lastRun > now) lastRun.setUTCDate(lastRun.getUTCDate() - 1);
    const warning = (lastRun.getUTCDate() + service.id) % 8 === 0;
    return this.db.transaction(async (tx) => {
      const again = await findAppliedTask(tx, ctx.taskId);
      if (again !== null) return again;
      await recordVwseriesRefresh(tx, ctx.tenantId, service.id, {
        ...service.backup,
        last_backup_at: lastRun.toISOString(),
        last_result: warning ? 'warning' : 'success',
      });
      const message = `The service ${service.serviceid} was refreshed.`;
      await recordAppliedTask(tx, ctx.taskId, message);
      return message;
    });
  }

  async metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply> {
    return simulatedMetrics(vmId, request, now);
  }

  openConsole(vm: ConsoleTarget, io: ConsoleIo): ConsoleSession {
    return openSimulatedConsole(vm, io, { lineDelayMs: 150 / this.options.speed });
  }
}
