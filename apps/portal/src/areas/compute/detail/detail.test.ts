import { describe, expect, it } from 'vitest';
import { ApiError } from '@portal/api/client';
import type { Snapshot } from '@portal/api/contract';
import { serverFieldError } from './fieldErrors.ts';
import { EMPTY_RULE, ruleBody, ruleProblems } from './FirewallRuleDialog.tsx';
import { displayNameError } from './RenameDialog.tsx';
import { revertDescription, snapshotTree } from './SnapshotsTab.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const snap = (id: number, parent: number | null, current = false): Snapshot => ({
  id,
  name: `s${id}`,
  description: '',
  parent_id: parent,
  is_current: current,
  power_state: 'poweredOff',
  quiesced: false,
  created_at: '2026-11-21T10:00:00Z',
});

describe('snapshot tree', () => {
  it('hangs each snapshot under its parent and marks the current one', () => {
    const tree = snapshotTree([snap(1, null), snap(2, 1), snap(3, 1, true), snap(4, 3)]);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.label).toBe('s1');
    expect(tree[0]?.children?.map((n) => n.label)).toEqual(['s2', 's3']);
    expect(tree[0]?.children?.[1]?.badge).toBe('current');
    expect(tree[0]?.children?.[1]?.children?.map((n) => n.id)).toEqual(['4']);
    expect(tree[0]?.children?.[0]?.children).toBeUndefined();
  });
});

describe('snapshot revert', () => {
  const taken = formatDateTime('2026-11-21T10:00:00Z');

  it('says a snapshot taken powered off comes back powered off', () => {
    expect(revertDescription(snap(1, null), false)).toBe(
      `The VM returns to the state of s1, taken ${taken}. It was powered off then, so it will be ` +
        'powered off after the revert. Changes made since then are lost, unless another snapshot holds them.',
    );
  });

  it('says a snapshot taken powered on comes back powered on, unless power-on is suppressed', () => {
    const on: Snapshot = { ...snap(2, null), power_state: 'poweredOn' };
    expect(revertDescription(on, false)).toContain(
      'It was powered on then, so it will be powered on after the revert.',
    );
    expect(revertDescription(on, true)).toContain(
      'It was powered on then, but it will stay powered off after the revert.',
    );
    expect(revertDescription(on, true)).toContain('Changes made since then are lost');
  });
});

describe('form checks', () => {
  const rule = {
    direction: 'ingress',
    protocol: 'tcp',
    ports: '22',
    source: '0.0.0.0/0',
    destination: '10.0.0.0/8',
    action: 'allow',
    description: '',
  } as const;

  it('makes no choice for the person: direction, protocol and action start empty', () => {
    const problems = ruleProblems(EMPTY_RULE);
    expect(problems.direction).toMatch(/^Choose a direction/);
    expect(problems.protocol).toMatch(/^Choose a protocol/);
    expect(problems.action).toBe('Choose whether the rule allows or denies the traffic.');
  });

  it('checks a firewall rule as the server does, in whole sentences', () => {
    expect(ruleProblems(rule)).toEqual({});
    expect(ruleProblems({ ...rule, ports: '8080-8000' }).ports).toMatch(/lower port first/);
    expect(ruleProblems({ ...rule, ports: '70000' }).ports).toMatch(/65535\.$/);
    // the server requires ports for TCP and UDP, and refuses them for the others
    expect(ruleProblems({ ...rule, ports: '' }).ports).toBe(
      'Enter the ports: a TCP rule needs one port or a range.',
    );
    expect(ruleProblems({ ...rule, protocol: 'icmp', ports: '' })).toEqual({});
    expect(ruleBody({ ...rule, protocol: 'icmp' }).ports).toBeNull();
    expect(ruleProblems({ ...rule, source: '300.1.1.1/8' }).source).toMatch(/^Source must be/);
    expect(ruleProblems({ ...rule, source: '10.0.0.0/33' }).source).toMatch(/^Source must be/);
    expect(ruleProblems({ ...rule, destination: '' }).destination).toMatch(
      /^Enter the destination/,
    );
  });

  it('checks a display name as the contract does', () => {
    expect(displayNameError('web-01')).toBeUndefined();
    expect(displayNameError('')).toBe('Name is required.');
    expect(displayNameError(' web')).toMatch(/start with a letter or digit/);
    expect(displayNameError('x'.repeat(65))).toMatch(/at most 64/);
  });

  it('maps a 400 naming a field onto that field', () => {
    const error = new ApiError(
      'vcpus: must be at most 128',
      400,
      { message: 'vcpus: must be at most 128', field: 'vcpus' },
      'vcpus',
    );
    expect(serverFieldError(error, ['vcpus', 'memoryGB'])).toEqual({
      vcpus: 'must be at most 128',
    });
    const nested = new ApiError('bad', 400, { message: 'bad name' }, '/data/display_name');
    expect(serverFieldError(nested, ['display_name'])).toEqual({ display_name: 'bad name' });
    expect(serverFieldError(new ApiError('x', 409, {}), ['vcpus'])).toBeNull();
  });
});
