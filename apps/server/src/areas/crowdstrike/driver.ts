import { DetectionSeverity, type SensorPolicy } from '@portal/api/contract';
import { Type, type Static } from 'typebox';
import type { OperationContext } from '../../platform/driver.ts';

export { DriverError, type OperationContext } from '../../platform/driver.ts';

/** A VM of the subscription's tenant, as compute reports it: a sensor runs on each. */
export interface Machine {
  vmId: number;
  name: string;
  os: string;
  poweredOn: boolean;
}

/** What the portal asks of the subscription's sensors: the policy's version rule. */
export interface SensorSettings {
  mode: SensorPolicy;
  pinnedVersion: string | null;
}

export const HostFacts = Type.Object({
  ref: Type.String(),
  hostname: Type.String(),
  os: Type.String(),
  kind: Type.Union([Type.Literal('vm'), Type.Literal('endpoint')]),
  sensorVersion: Type.String(),
  lastSeen: Type.String(),
  online: Type.Boolean(),
  contained: Type.Boolean(),
});
export type HostFacts = Static<typeof HostFacts>;

export const DetectionFacts = Type.Object({
  ref: Type.String(),
  hostRef: Type.String(),
  severity: DetectionSeverity,
  tactic: Type.String(),
  technique: Type.String(),
  description: Type.String(),
  detectedAt: Type.String(),
});
export type DetectionFacts = Static<typeof DetectionFacts>;

/** What the platform reports on a check-in round: releases, every host, new detections. */
export interface EndpointFacts {
  /** Released sensor versions, newest first. */
  releases: { version: string; releasedAt: string }[];
  hosts: HostFacts[];
  /** Detections raised since the last round (refs are stable: reporting one again is harmless). */
  detections: DetectionFacts[];
}

export const ContainmentFacts = Type.Object({
  hostname: Type.String(),
  contained: Type.Boolean(),
});
export type ContainmentFacts = Static<typeof ContainmentFacts>;

/**
 * The EDR platform (what a CrowdStrike Falcon driver implements). Subscriptions and hosts are
 * named by the portal's subscription id and the platform's host reference. Containment is
 * idempotent per `ctx.taskId`, like every driver operation.
 */
export interface EndpointDriver {
  /**
   * One check-in round of a subscription's sensors at `now`: the tenant's VMs (a powered-off VM's
   * sensor stops checking in), the update policy; answers the releases, hosts and new detections.
   */
  observeEndpoints(
    subscription: { id: number; tenantId: number },
    machines: readonly Machine[],
    settings: SensorSettings,
    now: Date,
  ): Promise<EndpointFacts>;
  /** Network-contains a host, or lifts its containment. */
  setContainment(
    ctx: OperationContext,
    subscriptionId: number,
    hostRef: string,
    contained: boolean,
  ): Promise<ContainmentFacts>;
}
