// How endpoint security's values read in the interface (product names stay neutral).
import type { EdrKind, HostStatus } from '@portal/api/contract';

export const KIND_LABELS: Record<EdrKind, string> = { medr: 'Managed EDR', mssp: 'MSSP' };

export const HOST_STATUS_LOOK: Record<HostStatus, { chip: string; label: string }> = {
  online: { chip: 'success', label: 'Online' },
  offline: { chip: 'neutral', label: 'Offline' },
  contained: { chip: 'error', label: 'Contained' },
};

export const SEVERITY_CHIP: Record<'critical' | 'high' | 'medium' | 'low', string> = {
  critical: 'error',
  high: 'warning',
  medium: 'info',
  low: 'neutral',
};

export const STATUS_CHIP: Record<'new' | 'in_progress' | 'closed', string> = {
  new: 'warning',
  in_progress: 'info',
  closed: 'success',
};

/** "3 open · 1 critical" */
export function openDetections(counts: {
  critical: number;
  high: number;
  medium: number;
  low: number;
}): number {
  return counts.critical + counts.high + counts.medium + counts.low;
}
