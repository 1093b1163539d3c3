import {
  BootCdrom,
  Nullable,
  PowerState,
  VmAdapter,
  type Catalogue,
  type FirewallRuleBody,
  type MetricRange,
  type MetricsReply,
  type PowerOperation,
  type SiteAction,
  type SnapshotOperation,
  type VmOs,
  type VmStatus,
} from '@portal/api/contract';
import { Type, type Static } from 'typebox';
import type { Queryable } from '../../db/database.ts';
import type { OperationContext } from '../../platform/driver.ts';

export { DriverError, type OperationContext } from '../../platform/driver.ts';

/** A firewall rule as a platform applies it: ports only for tcp and udp, description never null. */
export interface NewFirewallRule {
  direction: FirewallRuleBody['direction'];
  protocol: FirewallRuleBody['protocol'];
  ports: string | null;
  source: string;
  destination: string;
  action: FirewallRuleBody['action'];
  description: string;
}

// What a compute platform reports after each operation: facts, never rows of the portal. Schemas,
// so that a driver can keep them and answer the same facts when a task is run again.

export const BuiltFacts = Type.Object({ powerState: PowerState, adapters: Type.Array(VmAdapter) });
export type BuiltFacts = Static<typeof BuiltFacts>;

export const PowerFacts = Type.Object({ from: PowerState, to: PowerState });
export type PowerFacts = Static<typeof PowerFacts>;

const SnapshotFields = {
  id: Type.Integer(),
  name: Type.String(),
};
export const SnapshotFacts = Type.Union([
  Type.Object({
    done: Type.Literal('created'),
    ...SnapshotFields,
    description: Type.String(),
    powerState: PowerState,
    quiesced: Type.Boolean(),
  }),
  Type.Object({ done: Type.Literal('deleted'), ...SnapshotFields }),
  Type.Object({
    done: Type.Literal('edited'),
    ...SnapshotFields,
    description: Nullable(Type.String()),
  }),
  Type.Object({ done: Type.Literal('reverted'), ...SnapshotFields, powerState: PowerState }),
  Type.Object({ done: Type.Literal('deletedAll'), count: Type.Integer() }),
]);
export type SnapshotFacts = Static<typeof SnapshotFacts>;

/**
 * What an EditSnapshot asks of a snapshot: the new name (null: unchanged) and description, and
 * the facts to report once a platform has made the change.
 */
export function snapshotEdit(op: SnapshotOperation, snapshot: { id: number; name: string }) {
  const name = op.name?.trim() || null;
  const description = op.description ?? null;
  const facts = {
    done: 'edited' as const,
    id: snapshot.id,
    name: name ?? snapshot.name,
    description,
  };
  return { name, description, facts };
}

export const SizeFacts = Type.Object({ vcpus: Type.Integer(), memoryMb: Type.Integer() });
export type SizeFacts = Static<typeof SizeFacts>;

/** The VM as the platform has it (a refresh, a reconfiguration). */
export const VmStateFacts = Type.Object({
  displayName: Type.String(),
  powerState: PowerState,
  vcpus: Type.Integer(),
  memoryMb: Type.Integer(),
  adapters: Type.Array(VmAdapter),
  bootCdrom: Nullable(BootCdrom),
});
export type VmStateFacts = Static<typeof VmStateFacts>;

export const RenameFacts = Type.Object({ displayName: Type.String() });
export type RenameFacts = Static<typeof RenameFacts>;

export const VlanFacts = Type.Object({
  adapters: Type.Array(VmAdapter),
  portgroup: Type.String(),
});
export type VlanFacts = Static<typeof VlanFacts>;

export const NatFacts = Type.Object({
  globalIpaddressId: Type.Integer(),
  globalIpaddress: Type.String(),
  gatewayName: Type.String(),
  privateIp: Type.String(),
});
export type NatFacts = Static<typeof NatFacts>;

export const NatCancelFacts = Type.Object({ globalIpaddress: Type.String() });
export type NatCancelFacts = Static<typeof NatCancelFacts>;

export const FirewallFacts = Type.Object({ id: Type.Integer() });
export type FirewallFacts = Static<typeof FirewallFacts>;

export const CdromFacts = Type.Object({ bootCdrom: Nullable(BootCdrom), drive: Type.Integer() });
export type CdromFacts = Static<typeof CdromFacts>;

export const DeletedFacts = Type.Object({ displayName: Type.String() });
export type DeletedFacts = Static<typeof DeletedFacts>;

/** A VM as the portal asks the platform to build it. */
export interface VmSpec {
  displayName: string;
  status: VmStatus;
  vcpus: number;
  memoryMb: number;
  planId: string;
  location: string;
  adapters: Static<typeof VmAdapter>[];
  /** The image (`os.name`) and its version (`os.version`) from the catalogue. */
  image: string;
  version: string;
  /** The root disk's size; null for the plan's. */
  diskSizeGb: number | null;
  /** `vm_params.cluster_name`: a cluster member on a clustered platform. */
  cluster: string;
  /** Snapshots taken on a schedule. */
  vsnap: boolean;
}

/** What a platform may be unable to do; each driver says which, and why, in a sentence. */
export type ComputeAction =
  'quiescedSnapshot' | 'hotResize' | 'vlan' | 'nat' | 'firewall' | 'cdrom' | 'suspend';

export interface ConsoleTarget {
  id: number;
  displayName: string;
  os: VmOs;
  /** The VM's site: its console is opened by that site's driver. */
  location: string;
}

/** Where a console session writes; the WebSocket in production. */
export interface ConsoleIo {
  send(text: string): void;
  close(): void;
}

export interface ConsoleSession {
  /** Keystrokes from the user, as a terminal sends them. */
  input(data: string): void;
  close(): void;
}

export interface MetricsRequest {
  metric: MetricsReply['metric'];
  range: MetricRange;
  /** Seconds between points. */
  step: number;
}

/**
 * The compute platform: what a vSphere, Proxmox or OpenStack driver implements. VMs, snapshots
 * and firewall rules are named by the portal's ids (a real driver maps them to its own
 * references); NAT entries by their public address id. Each operation reports facts or throws a
 * DriverError with a sentence, and is idempotent per `ctx.taskId`: run again for the same task
 * after a crash, it changes nothing more and reports the same facts.
 */
export interface ComputeDriver {
  /**
   * What this platform cannot do, each with the sentence saying why (an LXD container has no
   * CD-ROM drive). The catalogue lists it per site; the portal offers those actions disabled.
   */
  readonly unavailable?: Partial<Record<SiteAction, string>>;
  /**
   * The VMs' state as the platform has it now, for changes made outside the portal: null for a
   * VM the platform no longer has. Platforms that cannot be changed from outside omit it.
   */
  observe?(vmIds: number[]): Promise<Map<number, VmStateFacts | null>>;
  /**
   * Calls `changed` with the ids of VMs whose state changed outside the portal, as the platform
   * reports it (an event stream), until `signal` aborts.
   */
  watch?(changed: (vmIds: number[]) => void, signal: AbortSignal): void;
  /**
   * What can be created: regions, sites, zones, plans, images, networks, media; with a tenant,
   * its own networks and gateways are among the sites' portgroups and gateways, read in `db`
   * when given (the caller's transaction).
   */
  catalogue(tenantId?: number, db?: Queryable): Promise<Catalogue>;
  createVm(ctx: OperationContext, vmId: number, spec: VmSpec): Promise<BuiltFacts>;
  power(ctx: OperationContext, vmId: number, operation: PowerOperation): Promise<PowerFacts>;
  /** `newId` names the snapshot a CreateSnapshot takes. */
  snapshot(
    ctx: OperationContext,
    vmId: number,
    operation: SnapshotOperation,
    newId: number,
  ): Promise<SnapshotFacts>;
  resize(
    ctx: OperationContext,
    vmId: number,
    size: { vcpus: number; memoryGB: number },
  ): Promise<SizeFacts>;
  /** Re-applies the VM's configuration on the platform. */
  reconfigure(ctx: OperationContext, vmId: number): Promise<VmStateFacts>;
  /** Reads the VM's state back from the platform. */
  refresh(ctx: OperationContext, vmId: number): Promise<VmStateFacts>;
  rename(ctx: OperationContext, vmId: number, displayName: string): Promise<RenameFacts>;
  setVlan(
    ctx: OperationContext,
    vmId: number,
    change: { adapter: number; vlanId: number },
  ): Promise<VlanFacts>;
  /** Through a public address allocated before, or a new one when `globalIpaddressId` is null. */
  createNat(
    ctx: OperationContext,
    vmId: number,
    gatewayId: number,
    globalIpaddressId?: number | null,
  ): Promise<NatFacts>;
  cancelNat(
    ctx: OperationContext,
    vmId: number,
    globalIpaddressId: number,
  ): Promise<NatCancelFacts>;
  addFirewallRule(
    ctx: OperationContext,
    vmId: number,
    ruleId: number,
    rule: NewFirewallRule,
  ): Promise<FirewallFacts>;
  deleteFirewallRule(ctx: OperationContext, vmId: number, ruleId: number): Promise<FirewallFacts>;
  bootCdrom(
    ctx: OperationContext,
    vmId: number,
    change: { operation: 'attach' | 'detach'; mediaKey: string | null; cdromNumber: number },
  ): Promise<CdromFacts>;
  /** Deletes the VM with its disks, snapshots, NAT entries and firewall rules. */
  deleteVm(ctx: OperationContext, vmId: number): Promise<DeletedFacts>;
  /** Time series for one VM, ending at `now` (epoch ms). */
  metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply>;
  /** The VM's serial console. */
  openConsole(vm: ConsoleTarget, io: ConsoleIo): ConsoleSession;
}
