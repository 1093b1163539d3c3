import { Type, type Static } from 'typebox';
import type { DnsRecordType, MonitorType } from '@portal/api/contract';
import type { OperationContext } from '../../platform/driver.ts';

/** What a probe checks, as the monitoring platform is told when it is created. */
export interface ProbeSpec {
  type: MonitorType;
  /** The host name, address or URL; a VM's address when it has one, else its name. */
  target: string;
  /** A VM of the tenant (its reachability follows its power). */
  vmId: number | null;
  port: number | null;
  expectedStatus: number | null;
  keyword: string | null;
  dnsRecordType: DnsRecordType | null;
  tlsDaysThreshold: number | null;
  intervalSeconds: number;
  timeoutSeconds: number;
  /** A VM target's address, where a real prober checks it (set when the probe is created). */
  vmAddress?: string | null;
}

/** A probe whose checks are asked for: its monitor, what it checks, and after when (epoch ms). */
export interface ProbeSince {
  monitorId: number;
  spec: ProbeSpec;
  since: number;
}

/** What the platform reports once a probe is set up. */
export const ProbeCreatedFacts = Type.Object({
  /** The first check runs one interval after this. */
  startedAt: Type.String(),
  certificateExpiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type ProbeCreatedFacts = Static<typeof ProbeCreatedFacts>;

/** What the platform reports once a probe is removed (and checks no more). */
export const ProbeDeletedFacts = Type.Object({ deletedAt: Type.String() });
export type ProbeDeletedFacts = Static<typeof ProbeDeletedFacts>;

/** One check the platform ran. */
export interface CheckFacts {
  /** Epoch ms. */
  at: number;
  ok: boolean;
  /** Passed, but close to failing (slow, or a certificate near its expiry). */
  warning: boolean;
  responseMs: number | null;
  message: string;
}

/** A probe's checks, and the time each answers for (its period). */
export interface ProbeChecks {
  periodMs: number;
  checks: CheckFacts[];
  /** The checks really ran (a real prober's): their alerts are really sent. */
  live?: boolean;
}

/**
 * The monitoring platform: what a real driver implements (Uptime Kuma's, Checkly's API). Probes
 * are named by the portal's monitor id; creation is idempotent per `ctx.taskId`.
 */
export interface MonitoringDriver {
  createProbe(
    ctx: OperationContext,
    monitorId: number,
    spec: ProbeSpec,
  ): Promise<ProbeCreatedFacts>;
  /**
   * The checks each probe ran after `since` (epoch ms) up to `until`, oldest first; at most
   * `limit` per probe (the newest).
   */
  checks(
    probes: readonly ProbeSince[],
    until: number,
    limit: number,
  ): Promise<Map<number, ProbeChecks>>;
  /** Removes a probe; a probe that is not there (never set up, or removed) is no error. */
  deleteProbe(ctx: OperationContext, monitorId: number): Promise<ProbeDeletedFacts>;
  /**
   * Milliseconds between two checks of a probe with this interval (the shortest, where the
   * platform runs probes at more than one pace).
   */
  checkPeriodMs(intervalSeconds: number): number;
  /** Stops or restarts a probe's checks, where checks run on their own (a paused monitor is not probed). */
  pauseProbe?(monitorId: number, paused: boolean): Promise<void>;
}
