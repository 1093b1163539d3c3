import { describe, expect, it } from 'vitest';
import { bulkSummary, powerApplies } from './power.ts';
import type { Vm } from '@portal/api/contract';

const vm = (power_state: Vm['power_state'], task_id: number | null = null) =>
  ({ power_state, task_id }) as Vm;

describe('bulk power', () => {
  it('sums up a bulk action in one sentence', () => {
    expect(bulkSummary('powerOff', 4, ['The host is down.'])).toEqual({
      message: '3 of 4 VMs powered off; 1 failed: The host is down.',
      color: 'warning',
    });
    expect(bulkSummary('powerOn', 2, [])).toEqual({
      message: '2 of 2 VMs powered on.',
      color: 'success',
    });
    expect(bulkSummary('reboot', 2, ['No response', 'No response']).message).toBe(
      '0 of 2 VMs restarted; 2 failed: No response',
    );
    expect(bulkSummary('reboot', 1, ['No response']).color).toBe('error');
  });

  it('applies where the transition table allows it and no task runs', () => {
    expect(powerApplies('powerOff', vm('poweredOn'))).toBe(true);
    expect(powerApplies('powerOff', vm('poweredOff'))).toBe(false);
    expect(powerApplies('powerOn', vm('suspended'))).toBe(true);
    expect(powerApplies('powerOn', vm('poweredOff', 7))).toBe(false);
  });
});
