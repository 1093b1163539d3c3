import { describe, expect, it } from 'vitest';
import { POWER_STATES, POWER_OPERATIONS } from '../contract/compute.ts';
import {
  decidePower,
  deleteRefusal,
  displayNameRefusal,
  pocLimitRefusal,
  powerOperationsFrom,
  powerStateAfterRevert,
  resizeRefusal,
  snapshotRefusal,
} from './compute.ts';

describe('the power state machine', () => {
  it('allows exactly the table of transitions', () => {
    const table = Object.fromEntries(POWER_STATES.map((s) => [s, powerOperationsFrom(s)]));
    expect(table).toEqual({
      poweredOn: ['powerOff', 'shutdownGuest', 'reboot', 'reset', 'suspend'],
      poweredOff: ['powerOn'],
      suspended: ['powerOn', 'powerOff'],
    });
  });

  it('says where an allowed operation leads and why a refused one is refused', () => {
    expect(decidePower('poweredOff', 'powerOn')).toEqual({
      allowed: true,
      to: 'poweredOn',
      message: 'The virtual machine is powered on.',
    });
    expect(decidePower('suspended', 'powerOn')).toMatchObject({
      message: 'The virtual machine was resumed.',
    });
    expect(decidePower('poweredOn', 'powerOn')).toEqual({
      allowed: false,
      reason: 'The virtual machine is already powered on.',
    });
    for (const state of POWER_STATES) {
      for (const op of POWER_OPERATIONS) {
        const decision = decidePower(state, op);
        if (!decision.allowed) expect(decision.reason).toMatch(/^The .+\.$/);
      }
    }
  });
});

describe('limits', () => {
  const plan = { name: 'Standard', max_vcpus: 8, max_memory_gb: 32 };
  const current = { vcpus: 2, memoryGB: 4, powerState: 'poweredOn' as const };

  it('refuses a resize beyond the plan, without change, or shrinking while on', () => {
    expect(resizeRefusal(plan, current, { vcpus: 16, memoryGB: 4 })).toBe(
      'The plan Standard allows at most 8 vCPUs.',
    );
    expect(resizeRefusal(plan, current, { vcpus: 2, memoryGB: 64 })).toMatch(/32 GB/);
    expect(resizeRefusal(plan, current, { vcpus: 2, memoryGB: 4 })).toMatch(/already has/);
    expect(resizeRefusal(plan, current, { vcpus: 1, memoryGB: 4 })).toMatch(/Power the/);
    expect(
      resizeRefusal(plan, { ...current, powerState: 'poweredOff' }, { vcpus: 1, memoryGB: 4 }),
    ).toBeNull();
    expect(resizeRefusal(plan, current, { vcpus: 4, memoryGB: 8 })).toBeNull();
  });

  it('limits snapshots, quiescing, proof-of-concept VMs and deleting a busy VM', () => {
    expect(snapshotRefusal(31, false, 'poweredOff')).toBeNull();
    expect(snapshotRefusal(32, false, 'poweredOff')).toMatch(/at most 32/);
    expect(snapshotRefusal(0, true, 'poweredOff')).toMatch(/quiesced/);
    expect(pocLimitRefusal(2)).toBeNull();
    expect(pocLimitRefusal(3)).toMatch(/at most 3/);
    expect(deleteRefusal({ task_id: null })).toBeNull();
    expect(deleteRefusal({ task_id: 4 })).toMatch(/busy/);
  });

  it('brings a reverted VM back in its snapshot power state unless told not to power on', () => {
    expect(powerStateAfterRevert('poweredOff', false)).toBe('poweredOff');
    expect(powerStateAfterRevert('poweredOn', false)).toBe('poweredOn');
    expect(powerStateAfterRevert('poweredOn', true)).toBe('poweredOff');
  });
});

describe('displayNameRefusal', () => {
  it('names the characters a VM name may not have, and accepts a good one', () => {
    expect(displayNameRefusal('web-01 (old)')).toBe(
      'Use only letters, digits, spaces, dots, dashes and underscores (not ( )).',
    );
    expect(displayNameRefusal('web/01#')).toMatch(/\(not \/ #\)\.$/);
    expect(displayNameRefusal(' web')).toBe('Start with a letter or digit.');
    expect(displayNameRefusal('')).toBe('Enter a name for the virtual machine.');
    expect(displayNameRefusal('a'.repeat(65))).toMatch(/at most 64 characters/);
    expect(displayNameRefusal('web-01.prod_eu')).toBeNull();
  });
});
