// Endpoint security rules shared by the server and the portal: which sensor version a policy asks
// for, when a host is outdated or stale, and which changes are refused. Plain values and functions.
import type { SensorPolicy } from '../contract/crowdstrike.ts';
import type { ContainmentOperation, HostStatus } from '../contract/crowdstrike-values.ts';

/** A host that has not checked in for this long is stale. */
export const STALE_AFTER_MINUTES = 60;

/** `7.18.18311` against `7.9.17000`, part by part: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The version a policy asks for, given the released versions newest first: the newest, one or two
 * behind (the oldest there is when fewer were released), or the pinned one. Null: nothing released.
 */
export function targetVersion(
  policy: { mode: SensorPolicy; pinned_version: string | null },
  releases: readonly string[],
): string | null {
  if (releases.length === 0) return null;
  if (policy.mode === 'pinned') return policy.pinned_version;
  const behind = policy.mode === 'latest' ? 0 : policy.mode === 'n-1' ? 1 : 2;
  return releases[Math.min(behind, releases.length - 1)] ?? null;
}

/** A sensor older than the version its policy asks for. */
export const isOutdated = (installed: string, target: string | null): boolean =>
  target !== null && compareVersions(installed, target) < 0;

/** No check-in for STALE_AFTER_MINUTES or more at `now` (epoch ms). */
export const isStale = (lastSeen: string | Date, now: number): boolean =>
  now - new Date(lastSeen).getTime() >= STALE_AFTER_MINUTES * 60_000;

/** Why a policy is refused (pinned without a released version), or null. */
export function policyRefusal(
  policy: { mode: SensorPolicy; pinned_version?: string | null },
  releases: readonly string[],
): string | null {
  if (policy.mode !== 'pinned') return null;
  if (!policy.pinned_version) return 'Choose the sensor version to pin.';
  if (!releases.includes(policy.pinned_version))
    return `Sensor version ${policy.pinned_version} has not been released.`;
  return null;
}

/** Why containing or lifting containment of a host is refused, or null. */
export function containmentRefusal(
  operation: ContainmentOperation,
  status: HostStatus,
): string | null {
  if (operation === 'contain') {
    if (status === 'contained') return 'The host is already contained.';
    if (status === 'offline')
      return 'The host is offline; it can be contained once its sensor checks in.';
    return null;
  }
  return status === 'contained' ? null : 'The host is not contained.';
}

export const SEVERITY_LABELS: Record<'critical' | 'high' | 'medium' | 'low', string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const DETECTION_STATUS_LABELS: Record<'new' | 'in_progress' | 'closed', string> = {
  new: 'New',
  in_progress: 'In progress',
  closed: 'Closed',
};

export const SENSOR_POLICY_LABELS: Record<SensorPolicy, string> = {
  latest: 'Latest',
  'n-1': 'N-1 (one release behind)',
  'n-2': 'N-2 (two releases behind)',
  pinned: 'Pinned version',
};
