import type {
  Catalogue,
  MetricsReply,
  PowerOperation,
  PowerState,
  SnapshotOperation,
  VmAdapter,
} from '@portal/api/contract';
import {
  decidePower,
  MAX_FIREWALL_RULES,
  powerStateAfterRevert,
  resizeRefusal,
  snapshotRefusal,
} from '@portal/api/domain';
import type { Static, TSchema } from 'typebox';
import type { Database, Queryable } from '../../../../db/database.ts';
import { refuse } from '../../../../platform/driver.ts';
import { oncePerTask, simulatedWait } from '../../../../platform/tasks/once.ts';
import {
  BuiltFacts,
  CdromFacts,
  DeletedFacts,
  FirewallFacts,
  NatCancelFacts,
  NatFacts,
  PowerFacts,
  RenameFacts,
  SizeFacts,
  SnapshotFacts,
  snapshotEdit,
  VlanFacts,
  VmStateFacts,
  type ComputeDriver,
  type ConsoleIo,
  type ConsoleSession,
  type ConsoleTarget,
  type MetricsRequest,
  type NewFirewallRule,
  type OperationContext,
  type VmSpec,
} from '../../driver.ts';
import { SIMULATOR_CATALOGUE } from './catalogue.ts';
import { openSimulatedConsole } from './console.ts';
import { simulatedMetrics } from './metrics.ts';
import {
  cancelSimNat,
  deleteAllSimSnapshots,
  deleteSimRule,
  deleteSimSnapshot,
  deleteSimVm,
  editSimSnapshot,
  findSimNat,
  findSimVm,
  insertSimNat,
  insertSimRule,
  insertSimSnapshot,
  insertSimVm,
  listSimRules,
  listSimSnapshots,
  nextSimAddressId,
  powerHistory,
  setSimCurrentSnapshot,
  updateSimVm,
  type SimVm,
} from './state.ts';

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
  delete: 6,
} as const;

/** A private address for an adapter, unique per VLAN and VM. */
export const simulatedIp = (vlanId: number, vmId: number) =>
  `10.${vlanId % 256}.${Math.floor(vmId / 250) % 256}.${(vmId % 250) + 2}`;

/** A public address from the benchmarking range 198.18.0.0/15. */
const globalIp = (id: number) => `198.${18 + ((id >> 16) & 1)}.${(id >> 8) & 255}.${id & 255}`;

const siteOf = (catalogue: Catalogue, location: string) =>
  catalogue.regions.flatMap((region) => region.sites).find((site) => site.location === location);

const stateOf = (vm: SimVm): VmStateFacts => ({
  displayName: vm.displayName,
  powerState: vm.powerState,
  vcpus: vm.vcpus,
  memoryMb: vm.memoryMb,
  adapters: vm.adapters,
  bootCdrom: vm.bootCdrom,
});

/**
 * What the site's simulated network does for its VMs (the networking area provides it): the
 * tenant's networks as portgroups, an address for each adapter, public addresses for NAT.
 */
export interface SimulatedNetworkPorts {
  withTenantNetworks(catalogue: Catalogue, tenantId: number, db?: Queryable): Promise<Catalogue>;
  /** An address on the tenant's network with that VLAN, or null when it is not one of theirs. */
  attachPort(
    tx: Queryable,
    tenantId: number,
    port: { vmId: number; location: string; adapter: number; vlanId: number },
  ): Promise<string | null>;
  detachPorts(tx: Queryable, vmId: number, adapter: number | null): Promise<void>;
  bindAddress(
    tx: Queryable,
    tenantId: number,
    nat: { vmId: number; location: string; gatewayId: number; globalIpaddressId: number },
  ): Promise<{ id: number; address: string }>;
  unbindAddress(tx: Queryable, globalIpaddressId: number): Promise<void>;
}

/** A decision on the VM's current state: throws a DriverError, or returns the change to make. */
type Decide<F> = (q: Queryable, vm: SimVm) => Promise<(tx: Queryable) => Promise<F>>;

/**
 * The built-in compute platform, simulated in tables of its own (sim_*). Operations take a few
 * seconds (divided by `speed`), refuse what a hypervisor would refuse (by the domain's rules),
 * and record the facts they reported with the task id, so a task re-run after a crash changes
 * nothing twice and reports the same facts.
 */
export class ComputeSimulator implements ComputeDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
    /** The site's simulated network, where the networking area provides one. */
    private readonly network: () => SimulatedNetworkPorts | undefined = () => undefined,
  ) {}

  async catalogue(tenantId?: number, db?: Queryable): Promise<Catalogue> {
    const network = this.network();
    return tenantId === undefined || !network
      ? SIMULATOR_CATALOGUE
      : network.withTenantNetworks(SIMULATOR_CATALOGUE, tenantId, db);
  }

  /** A VM as the platform knows it (site, snapshots), for the other simulated services. */
  async platformVm(
    tenantId: number,
    vmId: number,
    q: Queryable = this.db,
  ): Promise<{ location: string; snapshotIds: number[] } | null> {
    const vm = await findSimVm(q, tenantId, vmId);
    if (!vm) return null;
    const snapshots = await listSimSnapshots(q, vm.id);
    return { location: vm.location, snapshotIds: snapshots.map((snapshot) => snapshot.id) };
  }

  /** The address adapter `index` of the VM gets on VLAN `vlanId` at `location`. */
  private async adapterIp(
    tx: Queryable,
    tenantId: number,
    vm: { id: number; location: string },
    index: number,
    vlanId: number,
  ): Promise<string> {
    const port = { vmId: vm.id, location: vm.location, adapter: index, vlanId };
    return (await this.network()?.attachPort(tx, tenantId, port)) ?? simulatedIp(vlanId, vm.id);
  }

  /** The VM's adapter `index` (every adapter when null) leaves its network. */
  private async adapterReleased(tx: Queryable, vmId: number, index: number | null) {
    await this.network()?.detachPorts(tx, vmId, index);
  }

  /** The public address a new NAT entry uses: the one asked for, or a new one. */
  private async natAddress(
    tx: Queryable,
    tenantId: number,
    nat: { vmId: number; location: string; gatewayId: number },
    requested: number | null,
  ): Promise<{ id: number; address: string }> {
    if (requested !== null) {
      const network = this.network();
      if (!network) refuse(`The public address ${requested} is not allocated to you.`);
      return network.bindAddress(tx, tenantId, { ...nat, globalIpaddressId: requested });
    }
    const id = await nextSimAddressId(tx);
    return { id, address: globalIp(id) };
  }

  /** A NAT entry on the public address was cancelled. */
  private async natAddressFreed(tx: Queryable, globalIpaddressId: number): Promise<void> {
    await this.network()?.unbindAddress(tx, globalIpaddressId);
  }

  private wait(ctx: OperationContext, seconds: number): Promise<void> {
    return simulatedWait(ctx, seconds, this.options.speed);
  }

  /**
   * The common shape of an operation, once per task: refuse at once on the current state; take
   * the operation's time; decide again on the locked VM and apply.
   */
  private operate<S extends TSchema>(
    ctx: OperationContext,
    vmId: number,
    seconds: number,
    facts: S,
    decide: Decide<Static<S>>,
  ): Promise<Static<S>> {
    return oncePerTask(this.db, ctx, facts, {
      check: async (q) => {
        const vm = await findSimVm(q, ctx.tenantId, vmId);
        if (!vm) refuse('The virtual machine no longer exists.');
        await decide(q, vm);
      },
      work: () => this.wait(ctx, seconds),
      apply: async (tx) => {
        const locked = await findSimVm(tx, ctx.tenantId, vmId, true);
        if (!locked) return refuse('The virtual machine no longer exists.');
        const apply = await decide(tx, locked);
        return apply(tx);
      },
    });
  }

  async createVm(ctx: OperationContext, vmId: number, spec: VmSpec): Promise<BuiltFacts> {
    return oncePerTask(this.db, ctx, BuiltFacts, {
      work: () => this.wait(ctx, DURATIONS.create),
      apply: async (tx) => {
        const adapters: VmAdapter[] = [];
        for (const [index, adapter] of spec.adapters.entries()) {
          const ip =
            adapter.ip ??
            (await this.adapterIp(
              tx,
              ctx.tenantId,
              { id: vmId, location: spec.location },
              index,
              adapter.vlan_id,
            ));
          adapters.push({ ...adapter, ip });
        }
        await insertSimVm(tx, {
          ...spec,
          id: vmId,
          tenantId: ctx.tenantId,
          powerState: 'poweredOn',
          adapters,
          bootCdrom: null,
        });
        const facts: BuiltFacts = { powerState: 'poweredOn', adapters };
        return facts;
      },
    });
  }

  power(ctx: OperationContext, vmId: number, operation: PowerOperation): Promise<PowerFacts> {
    return this.operate(ctx, vmId, DURATIONS[operation], PowerFacts, async (_q, vm) => {
      if (vm.status === 'error') refuse('The virtual machine failed to build and cannot be used.');
      const decision = decidePower(vm.powerState, operation);
      if (!decision.allowed) refuse(decision.reason);
      return async (tx) => {
        await updateSimVm(tx, vm.id, { powerState: decision.to });
        return { from: vm.powerState, to: decision.to };
      };
    });
  }

  snapshot(
    ctx: OperationContext,
    vmId: number,
    op: SnapshotOperation,
    newId: number,
  ): Promise<SnapshotFacts> {
    return this.operate(ctx, vmId, DURATIONS[op.snap_op], SnapshotFacts, async (q, vm) => {
      const snapshots = await listSimSnapshots(q, vm.id);
      const named = (id: number | null | undefined) => {
        if (id === null || id === undefined) return refuse('No snapshot was named.');
        return (
          snapshots.find((each) => each.id === id) ??
          refuse(`The snapshot ${id} does not exist; it may have been deleted.`)
        );
      };
      switch (op.snap_op) {
        case 'CreateSnapshot': {
          const refusal = snapshotRefusal(snapshots.length, op.quiesced ?? false, vm.powerState);
          if (refusal) refuse(refusal);
          const taken = {
            id: newId,
            name: op.name?.trim() || 'Snapshot',
            description: op.description ?? '',
            powerState: (op.power_state ? vm.powerState : 'poweredOff') satisfies PowerState,
            quiesced: op.quiesced ?? false,
          };
          return async (tx) => {
            await insertSimSnapshot(tx, vm.id, taken);
            return { done: 'created' as const, ...taken };
          };
        }
        case 'DeleteSnapshot': {
          const snapshot = named(op.snap_id);
          return async (tx) => {
            await deleteSimSnapshot(tx, snapshot);
            return { done: 'deleted' as const, id: snapshot.id, name: snapshot.name };
          };
        }
        case 'EditSnapshot': {
          const snapshot = named(op.snap_id);
          const { name, description, facts } = snapshotEdit(op, snapshot);
          return async (tx) => {
            await editSimSnapshot(tx, snapshot.id, { name, description });
            return facts;
          };
        }
        case 'RevertSnapshot': {
          const snapshot = named(op.snap_id);
          const to = powerStateAfterRevert(snapshot.powerState, op.suppress_power_on ?? false);
          return async (tx) => {
            await setSimCurrentSnapshot(tx, vm.id, snapshot.id);
            await updateSimVm(tx, vm.id, { powerState: to });
            return {
              done: 'reverted' as const,
              id: snapshot.id,
              name: snapshot.name,
              powerState: to,
            };
          };
        }
        case 'DeleteAllSnapshots':
          return async (tx) => ({
            done: 'deletedAll' as const,
            count: await deleteAllSimSnapshots(tx, vm.id),
          });
      }
    });
  }

  resize(
    ctx: OperationContext,
    vmId: number,
    { vcpus, memoryGB }: { vcpus: number; memoryGB: number },
  ): Promise<SizeFacts> {
    return this.operate(ctx, vmId, DURATIONS.resize, SizeFacts, async (_q, vm) => {
      const plan = SIMULATOR_CATALOGUE.plans.find((candidate) => candidate.id === vm.planId);
      if (!plan) return refuse(`The virtual machine's plan ${vm.planId} is no longer offered.`);
      const refusal = resizeRefusal(
        plan,
        { vcpus: vm.vcpus, memoryGB: vm.memoryMb / 1024, powerState: vm.powerState },
        { vcpus, memoryGB },
      );
      if (refusal) refuse(refusal);
      return async (tx) => {
        await updateSimVm(tx, vm.id, { vcpus, memoryMb: memoryGB * 1024 });
        return { vcpus, memoryMb: memoryGB * 1024 };
      };
    });
  }

  reconfigure(ctx: OperationContext, vmId: number): Promise<VmStateFacts> {
    return this.operate(
      ctx,
      vmId,
      DURATIONS.reconfigure,
      VmStateFacts,
      async (_q, vm) => async () => stateOf(vm),
    );
  }

  refresh(ctx: OperationContext, vmId: number): Promise<VmStateFacts> {
    return this.operate(
      ctx,
      vmId,
      DURATIONS.refresh,
      VmStateFacts,
      async (_q, vm) => async () => stateOf(vm),
    );
  }

  rename(
    ctx: OperationContext,
    vmId: number,
    displayName: string,
  ): Promise<Static<typeof RenameFacts>> {
    return this.operate(ctx, vmId, DURATIONS.rename, RenameFacts, async (_q, vm) => {
      if (vm.displayName === displayName)
        refuse(`The virtual machine is already named "${displayName}".`);
      return async (tx) => {
        await updateSimVm(tx, vm.id, { displayName });
        return { displayName };
      };
    });
  }

  setVlan(
    ctx: OperationContext,
    vmId: number,
    { adapter, vlanId }: { adapter: number; vlanId: number },
  ): Promise<VlanFacts> {
    return this.operate(ctx, vmId, DURATIONS.vlan, VlanFacts, async (q, vm) => {
      const current = vm.adapters[adapter];
      if (!current) return refuse(`The virtual machine has no adapter ${adapter + 1}.`);
      const portgroup = siteOf(await this.catalogue(ctx.tenantId, q), vm.location)?.portgroups.find(
        (candidate) => candidate.vlan_id === vlanId,
      );
      if (!portgroup) return refuse(`VLAN ${vlanId} is not available at ${vm.location}.`);
      if (current.vlan_id === vlanId)
        refuse(`Adapter ${adapter + 1} is already connected to VLAN ${vlanId}.`);
      return async (tx) => {
        await this.adapterReleased(tx, vm.id, adapter);
        const ip = await this.adapterIp(tx, ctx.tenantId, vm, adapter, vlanId);
        const adapters = vm.adapters.map((each, index) =>
          index === adapter ? { portgroup: portgroup.name, vlan_id: vlanId, ip } : each,
        );
        await updateSimVm(tx, vm.id, { adapters });
        return { adapters, portgroup: portgroup.name };
      };
    });
  }

  createNat(
    ctx: OperationContext,
    vmId: number,
    gatewayId: number,
    globalIpaddressId: number | null = null,
  ): Promise<NatFacts> {
    return this.operate(ctx, vmId, DURATIONS.natCreate, NatFacts, async (q, vm) => {
      const privateIp = vm.adapters[0]?.ip;
      if (!privateIp) return refuse('The virtual machine has no IP address yet.');
      const gateway = siteOf(await this.catalogue(ctx.tenantId, q), vm.location)?.gateways.find(
        (candidate) => candidate.id === gatewayId,
      );
      if (!gateway) return refuse(`The gateway ${gatewayId} does not serve ${vm.location}.`);
      return async (tx) => {
        const picked = await this.natAddress(
          tx,
          ctx.tenantId,
          { vmId: vm.id, location: vm.location, gatewayId },
          globalIpaddressId,
        );
        const globalIpaddress = picked.address;
        await insertSimNat(tx, {
          globalIpaddressId: picked.id,
          globalIpaddress,
          status: 'active',
          vmId: vm.id,
          gatewayId,
        });
        return {
          globalIpaddressId: picked.id,
          globalIpaddress,
          gatewayName: gateway.name,
          privateIp,
        };
      };
    });
  }

  cancelNat(
    ctx: OperationContext,
    vmId: number,
    globalIpaddressId: number,
  ): Promise<NatCancelFacts> {
    return this.operate(ctx, vmId, DURATIONS.natCancel, NatCancelFacts, async (q, vm) => {
      const nat = await findSimNat(q, vm.id, globalIpaddressId);
      if (!nat) return refuse('The NAT entry does not exist.');
      if (nat.status === 'cancelled')
        refuse(`The NAT entry for ${nat.globalIpaddress} is already removed.`);
      return async (tx) => {
        await cancelSimNat(tx, nat.globalIpaddressId);
        await this.natAddressFreed(tx, nat.globalIpaddressId);
        return { globalIpaddress: nat.globalIpaddress };
      };
    });
  }

  addFirewallRule(
    ctx: OperationContext,
    vmId: number,
    ruleId: number,
    rule: NewFirewallRule,
  ): Promise<FirewallFacts> {
    return this.operate(ctx, vmId, DURATIONS.firewall, FirewallFacts, async (q, vm) => {
      const rules = await listSimRules(q, vm.id);
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
        await insertSimRule(tx, vm.id, { ...rule, id: ruleId });
        return { id: ruleId };
      };
    });
  }

  deleteFirewallRule(ctx: OperationContext, vmId: number, ruleId: number): Promise<FirewallFacts> {
    return this.operate(ctx, vmId, DURATIONS.firewall, FirewallFacts, async (q, vm) => {
      const rule = (await listSimRules(q, vm.id)).find((each) => each.id === ruleId);
      if (!rule) return refuse(`The firewall rule ${ruleId} does not exist.`);
      return async (tx) => {
        await deleteSimRule(tx, rule.id);
        return { id: rule.id };
      };
    });
  }

  bootCdrom(
    ctx: OperationContext,
    vmId: number,
    change: { operation: 'attach' | 'detach'; mediaKey: string | null; cdromNumber: number },
  ): Promise<CdromFacts> {
    const drive = change.cdromNumber;
    return this.operate(ctx, vmId, DURATIONS.cdrom, CdromFacts, async (_q, vm) => {
      if (change.operation === 'detach') {
        if (vm.bootCdrom?.cdrom_number !== drive)
          refuse(`No medium is attached to CD-ROM drive ${drive}.`);
        return async (tx) => {
          await updateSimVm(tx, vm.id, { bootCdrom: null });
          return { bootCdrom: null, drive };
        };
      }
      const medium = SIMULATOR_CATALOGUE.media.find((each) => each.key === change.mediaKey);
      if (!medium) return refuse(`The medium ${change.mediaKey ?? ''} is not in the library.`);
      const bootCdrom = { cdrom_number: drive, media_key: medium.key, name: medium.name };
      return async (tx) => {
        await updateSimVm(tx, vm.id, { bootCdrom });
        return { bootCdrom, drive };
      };
    });
  }

  deleteVm(ctx: OperationContext, vmId: number): Promise<DeletedFacts> {
    return this.operate(ctx, vmId, DURATIONS.delete, DeletedFacts, async (_q, vm) => async (tx) => {
      await deleteSimVm(tx, vm.id);
      await this.adapterReleased(tx, vm.id, null);
      return { displayName: vm.displayName };
    });
  }

  /** The VM's metrics; CPU and network are flat zero while it was not powered on. */
  async metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply> {
    const reply = simulatedMetrics(vmId, request, now);
    if (request.metric !== 'cpu' && request.metric !== 'network') return reply;
    const first = reply.series[0]?.points[0]?.[0] ?? now;
    const history = await powerHistory(this.db, vmId, first);
    // Unknown to the platform: no history, nothing to flatten.
    if (history.length === 0) return reply;
    const stateAt = (t: number): PowerState => {
      let state: PowerState = history[0]?.state ?? 'poweredOn';
      for (const change of history) if (change.at <= t) state = change.state;
      return state;
    };
    for (const series of reply.series)
      series.points = series.points.map(([t, value]) => [
        t,
        stateAt(t) === 'poweredOn' ? value : 0,
      ]);
    return reply;
  }

  openConsole(vm: ConsoleTarget, io: ConsoleIo): ConsoleSession {
    return openSimulatedConsole(vm, io, { lineDelayMs: 150 / this.options.speed });
  }
}
