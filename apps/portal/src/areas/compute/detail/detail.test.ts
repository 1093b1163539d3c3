import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@portal/api/contract';
import { makeVm } from '../../../kit/vm/vm.fixture.ts';
import { EMPTY_RULE, ruleBody, ruleProblems } from './FirewallRuleDialog.tsx';
import { vlanProblems } from './NetworkTab.tsx';
import { resizeProblems } from './OverviewTab.tsx';
import { renameProblems } from './RenameDialog.tsx';
import {
  revertDescription,
  snapshotBody,
  snapshotProblems,
  snapshotTree,
} from './SnapshotsTab.tsx';
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

  it('refuses the current name before any request', () => {
    const body = (name: string) => ({ operation: 'update' as const, data: { display_name: name } });
    expect(renameProblems(body('web-01 '), 'web-01')).toEqual({
      'data.display_name': 'This is the current name: type a new one.',
    });
    expect(renameProblems(body('web-02'), 'web-01')).toEqual({});
  });

  it("says the plan's and the power state's refusal at the field it concerns", () => {
    // Standard 2: at most 8 vCPUs and 32 GB; now 2 vCPUs and 4 GB, powered on
    const vm = makeVm();
    expect(resizeProblems(vm, { vcpus: 16, memoryGB: 4 })).toEqual({
      vcpus: 'The plan Standard 2 allows at most 8 vCPUs.',
    });
    expect(resizeProblems(vm, { vcpus: 2, memoryGB: 64 }).memoryGB).toMatch(/at most 32 GB/);
    expect(resizeProblems(vm, { vcpus: 2, memoryGB: 4 }).vcpus).toMatch(/already has/);
    expect(resizeProblems(vm, { vcpus: 4, memoryGB: 2 }).memoryGB).toMatch(/^Power the/);
    expect(resizeProblems(vm, { vcpus: 1, memoryGB: 8 }).vcpus).toMatch(/^Power the/);
    expect(resizeProblems({ ...vm, power_state: 'poweredOff' }, { vcpus: 1, memoryGB: 2 })).toEqual(
      {},
    );
    expect(resizeProblems(vm, { vcpus: 4, memoryGB: 8 })).toEqual({});
    // an empty field is the contract's to name
    expect(resizeProblems(vm, { vcpus: null, memoryGB: 64 })).toEqual({});
  });

  it('builds the snapshot bodies, memory and quiesce only for a powered-on VM', () => {
    const values = { name: ' nightly ', description: 'd', power_state: true, quiesced: true };
    expect(snapshotProblems({ ...values, name: '  ' })).toEqual({ name: 'Name is required.' });
    expect(snapshotBody(values, 'create', { power_state: 'poweredOn' }, null)).toEqual({
      snap_op: 'CreateSnapshot',
      name: 'nightly',
      description: 'd',
      power_state: true,
      quiesced: true,
    });
    expect(snapshotBody(values, 'create', { power_state: 'poweredOff' }, null)).toMatchObject({
      power_state: false,
      quiesced: false,
    });
    expect(snapshotBody(values, 'edit', { power_state: 'poweredOn' }, { id: 4 })).toEqual({
      snap_op: 'EditSnapshot',
      snap_id: 4,
      name: 'nightly',
      description: 'd',
    });
  });

  it('asks for another network than the adapter has', () => {
    expect(vlanProblems({ vlanId: '' }, undefined).vlanId).toMatch(/^Choose the network/);
    expect(vlanProblems({ vlanId: '100' }, { vlan_id: 100 }).vlanId).toBe(
      'The adapter is already on VLAN 100: choose another network.',
    );
    expect(vlanProblems({ vlanId: '200' }, { vlan_id: 100 })).toEqual({});
  });
});
