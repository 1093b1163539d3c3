// How networking states read and look: chips in the tables, tones in the graph.
import type { NetworkNodeStatus } from '@portal/ui';

type Look = { chip: string; label: string; tone: NetworkNodeStatus['tone'] };

export const STATE_LOOK: Record<string, Look> = {
  creating: { chip: 'pending', label: 'Creating', tone: 'warning' },
  active: { chip: 'running', label: 'Active', tone: 'success' },
  updating: { chip: 'pending', label: 'Updating', tone: 'warning' },
  deleting: { chip: 'pending', label: 'Deleting', tone: 'warning' },
  error: { chip: 'error', label: 'Failed', tone: 'error' },
  down: { chip: 'error', label: 'Down', tone: 'error' },
  allocating: { chip: 'pending', label: 'Allocating', tone: 'warning' },
  allocated: { chip: 'running', label: 'Allocated', tone: 'success' },
  releasing: { chip: 'pending', label: 'Releasing', tone: 'warning' },
  poweredOn: { chip: 'running', label: 'Running', tone: 'success' },
  poweredOff: { chip: 'stopped', label: 'Powered off', tone: 'neutral' },
  suspended: { chip: 'warning', label: 'Suspended', tone: 'warning' },
};

export const lookOf = (state: string): Look =>
  STATE_LOOK[state] ?? { chip: 'unknown', label: state, tone: 'neutral' };

/** Where a new network shows while its creation is on its way (`useTaskAction`'s `pendingIn`). */
export const NETWORKS_PENDING = 'networking:networks';
/** The busy-state key of a network (`useTaskAction`'s `resource`). */
export const networkResource = (id: number) => `network:${id}`;
