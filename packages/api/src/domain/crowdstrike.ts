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

export const RESOLUTION_LABELS: Record<'true_positive' | 'false_positive' | 'ignored', string> = {
  true_positive: 'True positive',
  false_positive: 'False positive',
  ignored: 'Ignored',
};

/** Severity rank for sorting: critical first. */
export const SEVERITY_RANK: Record<'critical' | 'high' | 'medium' | 'low', number> = {
  critical: 0,
  high: 1,
  medium: 2,
  low: 3,
};

/** The detection queue's order: severity first (critical on top), then newest first. */
export function byDetectionPriority(
  a: { severity: 'critical' | 'high' | 'medium' | 'low'; detected_at: string; id: number },
  b: { severity: 'critical' | 'high' | 'medium' | 'low'; detected_at: string; id: number },
): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    Date.parse(b.detected_at) - Date.parse(a.detected_at) ||
    b.id - a.id
  );
}

/** Why a detection change is refused before asking, or null: closing asks for a resolution. */
export function detectionChangeRefusal(change: {
  status?: 'new' | 'in_progress' | 'closed';
  resolution?: string;
}): { field: 'resolution'; message: string } | null {
  if (change.status === 'closed' && !change.resolution)
    return {
      field: 'resolution',
      message: 'say what the detection was: true positive, false positive or ignored',
    };
  if (change.resolution && change.status !== 'closed')
    return { field: 'resolution', message: 'is given only when closing' };
  return null;
}
