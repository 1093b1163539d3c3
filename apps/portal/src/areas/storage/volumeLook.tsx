import type { Volume, VolumeState, VolumeType } from '@portal/api/contract';
import { StatusChip } from '@portal/ui';

/** How each state shows: the chip's look and its words. */
export const STATE_LOOK: Record<VolumeState, { chip: string; label: string }> = {
  creating: { chip: 'RUNNING', label: 'Creating' },
  available: { chip: 'info', label: 'Available' },
  'in-use': { chip: 'success', label: 'In use' },
  extending: { chip: 'RUNNING', label: 'Extending' },
  deleting: { chip: 'RUNNING', label: 'Deleting' },
  error: { chip: 'error', label: 'Error' },
};

export const TYPE_LABELS: Record<VolumeType, string> = {
  standard: 'Standard',
  performance: 'Performance (SSD)',
};

export function VolumeStateChip({ state, size }: { state: VolumeState; size?: 'medium' }) {
  const look = STATE_LOOK[state];
  return <StatusChip status={look.chip} label={look.label} size={size} />;
}

/** The busy-state key of a volume: every page showing it shows its task. */
export const volumeResource = (id: number) => `volume:${id}`;

/** Where a volume came from, in words: "Snapshot before-upgrade of web-01", never by ids. */
export function sourceText(volume: Pick<Volume, 'source'>): string {
  const source = volume.source;
  if (!source) return 'Empty volume';
  const snapshot = source.snapshot_name ? `Snapshot ${source.snapshot_name}` : 'A deleted snapshot';
  return `${snapshot} of ${source.vm_name ?? 'a deleted VM'}`;
}
