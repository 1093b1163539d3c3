import { describe, expect, it } from 'vitest';
import {
  MAX_VOLUMES_PER_VM,
  attachRefusal,
  deleteVolumeRefusal,
  extendRefusal,
  snapshotVolumeSize,
} from './storage.ts';

const vm = (location: string, attached = 0) => ({ display_name: 'web-01', location, attached });

describe('storage rules', () => {
  it('attaches only to a VM at the volume’s location, below the per-VM limit', () => {
    const volume = { state: 'available' as const, location: 'AMS1' };
    expect(attachRefusal(volume, vm('AMS1'))).toBeNull();
    expect(attachRefusal(volume, vm('FRA1'))).toContain('only to a VM at its own location');
    expect(attachRefusal(volume, vm('AMS1', MAX_VOLUMES_PER_VM))).toBe(
      `web-01 already has ${MAX_VOLUMES_PER_VM} volumes attached, the most a VM may have.`,
    );
    expect(attachRefusal({ ...volume, state: 'in-use' }, vm('AMS1'))).toContain('detach it first');
  });

  it('extends only upward', () => {
    const volume = { state: 'in-use' as const, size_gb: 100 };
    expect(extendRefusal(volume, 101)).toBeNull();
    expect(extendRefusal(volume, 100)).toBe(
      'A volume can only grow: choose more than its current 100 GB.',
    );
    expect(extendRefusal({ ...volume, state: 'creating' }, 200)).toContain('cannot be extended');
  });

  it('refuses to delete an attached volume with a sentence', () => {
    expect(deleteVolumeRefusal({ state: 'in-use', attached_vm: { display_name: 'web-01' } })).toBe(
      'The volume is attached to web-01; detach it before deleting it.',
    );
    expect(deleteVolumeRefusal({ state: 'available', attached_vm: null })).toBeNull();
    expect(deleteVolumeRefusal({ state: 'error', attached_vm: null })).toBeNull();
  });

  it('sizes a volume from a snapshot at the VM’s disk by default, never smaller', () => {
    expect(snapshotVolumeSize(60, undefined)).toEqual({ size: 60, refusal: null });
    expect(snapshotVolumeSize(60, 80)).toEqual({ size: 80, refusal: null });
    expect(snapshotVolumeSize(60, 40).refusal).toBe(
      "must be at least 60 GB, the size of the VM's disk",
    );
  });
});
