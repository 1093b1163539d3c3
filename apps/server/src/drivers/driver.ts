import type {
  Catalogue,
  MetricRange,
  MetricsReply,
  PowerOperation,
  SnapshotOperation,
  VmOs,
} from '@portal/api/contract';
import type { NewFirewallRule } from '../db/firewall-rules.ts';

/**
 * The platform refused or could not do an operation. Its message is a sentence for the user: the
 * task ends in FAILURE with it (shown as `{operation} failed : {message}`).
 */
export class DriverError extends Error {
  override name = 'DriverError';
}

/** What every driver operation runs in: one task, on behalf of one tenant. */
export interface OperationContext {
  taskId: number;
  tenantId: number;
  /** Aborted when the server stops; the task then goes back to the queue. */
  signal: AbortSignal;
}

export interface ConsoleTarget {
  id: number;
  displayName: string;
  os: VmOs;
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
 * The infrastructure seam. Operations identify VMs by our id (a real driver maps it to the
 * platform's own reference) and resolve to a sentence saying what was done, or reject with a
 * DriverError. Each may be run again for the same task after a crash, so each must be
 * idempotent per `ctx.taskId`.
 */
export interface InfrastructureDriver {
  readonly name: string;
  /** What can be created: regions, sites, zones, plans, images, networks, media. */
  catalogue(): Promise<Catalogue>;
  createVm(ctx: OperationContext, vmId: number): Promise<string>;
  power(ctx: OperationContext, vmId: number, operation: PowerOperation): Promise<string>;
  snapshot(ctx: OperationContext, vmId: number, operation: SnapshotOperation): Promise<string>;
  resize(
    ctx: OperationContext,
    vmId: number,
    size: { vcpus: number; memoryGB: number },
  ): Promise<string>;
  /** Re-applies the VM's recorded configuration to the platform. */
  reconfigure(ctx: OperationContext, vmId: number): Promise<string>;
  /** Reads the VM's state back from the platform. */
  refresh(ctx: OperationContext, vmId: number): Promise<string>;
  rename(ctx: OperationContext, vmId: number, displayName: string): Promise<string>;
  setVlan(
    ctx: OperationContext,
    vmId: number,
    change: { adapter: number; vlanId: number },
  ): Promise<string>;
  createNat(ctx: OperationContext, vmId: number, gatewayId: number): Promise<string>;
  cancelNat(ctx: OperationContext, vmId: number, natId: number): Promise<string>;
  addFirewallRule(ctx: OperationContext, vmId: number, rule: NewFirewallRule): Promise<string>;
  deleteFirewallRule(ctx: OperationContext, vmId: number, ruleId: number): Promise<string>;
  bootCdrom(
    ctx: OperationContext,
    vmId: number,
    change: { operation: 'attach' | 'detach'; mediaKey: string | null; cdromNumber: number },
  ): Promise<string>;
  refreshVwseries(ctx: OperationContext, serviceId: number): Promise<string>;
  /** Time series for one VM, ending at `now` (epoch ms). */
  metrics(vmId: number, request: MetricsRequest, now: number): Promise<MetricsReply>;
  /** The VM's serial console. */
  openConsole(vm: ConsoleTarget, io: ConsoleIo): ConsoleSession;
}
