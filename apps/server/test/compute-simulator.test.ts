import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

interface VmReply {
  id: number;
  display_name: string;
  status: string;
  power_state: string;
  vcpus: number;
  memory: number;
  adapters: { portgroup: string; vlan_id: number; ip: string | null }[];
  boot_cdrom: { cdrom_number: number; media_key: string } | null;
  nat: { id: number; status: string; gateway_id: number; task_data: { id: number | null } }[];
  firewall_rules: { id: number; ports: string | null }[];
  task_id: number | null;
}

interface SnapshotReply {
  id: number;
  name: string;
  parent_id: number | null;
  is_current: boolean;
}

const createBody = (name: string) => ({
  location: 'TYO1',
  status: 'trial',
  tenant_id: 'UZZ100001',
  display_name: name,
  vsnap: true,
  monitoring: false,
  vm_params: {
    vcpus: 1,
    memory: 2048,
    cluster_name: 'TYO1-CL02',
    os: { name: 'Debian', version: '13', guest_full_name: 'Debian GNU/Linux 13 (64-bit)' },
    adapters: [
      { portgroup: 'tyo1-frontend', vlan_id: 100 },
      { portgroup: 'tyo1-backend', vlan_id: 200 },
    ],
    disk_size_gb: 120,
  },
});

describe.each(databaseKinds())('the simulator through the API on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let vmId = 0;

  /** Starts an operation and waits for its task; answers the task's end. */
  const run = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const reply = await fx.call('acme', method, url, body);
    expect(reply.statusCode, reply.body).toBe(202);
    return fx.waitTask('acme', reply.json<{ data: { task_id: number } }>().data.task_id);
  };
  const vm = async () =>
    (await fx.call('acme', 'GET', `/services/eseries/${vmId}`)).json<{ data: VmReply }>().data;
  const snapshots = async () =>
    (await fx.call('acme', 'GET', `/services/eseries/${vmId}/snapshot`)).json<{
      data: SnapshotReply[];
    }>().data;
  const snap = (body: Record<string, unknown>) =>
    run('POST', `/services/eseries/${vmId}/snapshot`, body);

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('creates a VM with status trial that boots, as a task', async () => {
    const reply = await fx.call('acme', 'POST', '/services/eseries', createBody('sim-vm'));
    expect(reply.statusCode).toBe(202);
    const { task_id, vm_id } = reply.json<{ data: { task_id: number; vm_id: number } }>().data;
    vmId = vm_id;
    const status = await fx.call('acme', 'GET', `/services/eseries/task_status/${task_id}`);
    expect(['PENDING', 'RUNNING', 'SUCCESS']).toContain(
      status.json<{ data: { state: string } }>().data.state,
    );
    expect(await fx.waitTask('acme', task_id)).toEqual({
      state: 'SUCCESS',
      message: 'The virtual machine sim-vm was built and powered on.',
    });
    const created = await vm();
    expect(created).toMatchObject({
      status: 'trial',
      power_state: 'poweredOn',
      vcpus: 1,
      memory: 2048,
      task_id: null,
    });
    expect(created.adapters.map((adapter) => adapter.vlan_id)).toEqual([100, 200]);
    expect(created.adapters.every((adapter) => adapter.ip !== null)).toBe(true);
  });

  it('refuses a creation body that does not fit the catalogue, naming the field', async () => {
    const body = createBody('nope');
    body.vm_params.adapters[1] = { portgroup: 'tyo1-backend', vlan_id: 300 };
    const reply = await fx.call('acme', 'POST', '/services/eseries', body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ field: 'vm_params.adapters.1.vlan_id' });
  });

  it('changes the power state, and fails to power on a running VM with a message', async () => {
    expect(
      await run('POST', `/services/eseries/${vmId}/power_state`, { power_operation: 'powerOn' }),
    ).toEqual({ state: 'FAILURE', message: 'The virtual machine is already powered on.' });
    expect(
      await run('POST', `/services/eseries/${vmId}/power_state`, { power_operation: 'suspend' }),
    ).toMatchObject({ state: 'SUCCESS' });
    expect((await vm()).power_state).toBe('suspended');
    expect(
      await run('POST', `/services/eseries/${vmId}/power_state`, { power_operation: 'powerOn' }),
    ).toEqual({ state: 'SUCCESS', message: 'The virtual machine was resumed.' });
    const status = await fx.call('acme', 'GET', `/services/eseries/${vmId}/status`);
    expect(status.json()).toEqual({
      data: { id: vmId, status: 'trial', power_state: 'poweredOn', task_id: null },
    });
  });

  it('keeps snapshots as a tree whose current one moves on revert', async () => {
    expect(await snap({ snap_op: 'CreateSnapshot', name: 'base' })).toMatchObject({
      state: 'SUCCESS',
    });
    await snap({ snap_op: 'CreateSnapshot', name: 'patched', power_state: true });
    let tree = await snapshots();
    const [base, patched] = tree;
    expect(base).toMatchObject({ name: 'base', parent_id: null, is_current: false });
    expect(patched).toMatchObject({ name: 'patched', parent_id: base?.id, is_current: true });

    expect(
      await snap({ snap_op: 'RevertSnapshot', snap_id: base?.id, suppress_power_on: true }),
    ).toEqual({ state: 'SUCCESS', message: 'The virtual machine was reverted to "base".' });
    expect((await vm()).power_state).toBe('poweredOff');
    // The log names the snapshot and the VM, not "Snapshot 10 of VM 3".
    const [logged] = await test.db.query<{ message: string; target_label: string }>(
      `select detail->>'message' as message, target_label from audit_log
        where action = 'vm.snapshot' and detail->>'snap_op' = 'RevertSnapshot'
        order by id desc limit 1`,
    );
    const name = (await vm()).display_name;
    expect(logged).toEqual({ message: `Revert to snapshot base of ${name}`, target_label: name });
    await snap({ snap_op: 'CreateSnapshot', name: 'branch' });
    tree = await snapshots();
    expect(tree.find((each) => each.name === 'branch')).toMatchObject({
      parent_id: base?.id,
      is_current: true,
    });
    expect(tree.filter((each) => each.is_current)).toHaveLength(1);

    await snap({ snap_op: 'EditSnapshot', snap_id: patched?.id, name: 'patched v2' });
    expect((await snapshots()).find((each) => each.id === patched?.id)?.name).toBe('patched v2');

    expect(await snap({ snap_op: 'DeleteSnapshot', snap_id: patched?.id })).toMatchObject({
      state: 'SUCCESS',
    });
    expect(await snap({ snap_op: 'RevertSnapshot', snap_id: patched?.id })).toEqual({
      state: 'FAILURE',
      message: `The snapshot ${patched?.id} does not exist; it may have been deleted.`,
    });
    expect(await snap({ snap_op: 'DeleteAllSnapshots' })).toEqual({
      state: 'SUCCESS',
      message: '2 snapshots were deleted.',
    });
    expect(await snapshots()).toEqual([]);
  });

  it('resizes within the plan and refuses beyond it', async () => {
    expect(
      await run('PATCH', `/services/eseries/${vmId}/instance`, { vcpus: 2, memoryGB: 8 }),
    ).toMatchObject({ state: 'SUCCESS' });
    expect(await vm()).toMatchObject({ vcpus: 2, memory: 8192 });
    expect(
      await run('PATCH', `/services/eseries/${vmId}/instance`, { vcpus: 5, memoryGB: 8 }),
    ).toEqual({ state: 'FAILURE', message: 'The plan Standard 1 allows at most 4 vCPUs.' });
    expect(await run('POST', `/services/eseries/${vmId}/instance`)).toMatchObject({
      state: 'SUCCESS',
    });
  });

  it('renames, moves a VLAN, and refreshes', async () => {
    await run('PATCH', `/services/eseries/${vmId}`, {
      operation: 'update',
      data: { display_name: 'sim-renamed' },
    });
    expect((await vm()).display_name).toBe('sim-renamed');
    expect(await run('PUT', `/services/eseries/${vmId}/vlan/300?adapter=1`)).toMatchObject({
      state: 'SUCCESS',
    });
    expect((await vm()).adapters[1]).toMatchObject({
      portgroup: 'tyo1-management',
      vlan_id: 300,
    });
    expect(await run('PUT', `/services/eseries/${vmId}/vlan/300?adapter=1`)).toEqual({
      state: 'FAILURE',
      message: 'Adapter 2 is already connected to VLAN 300.',
    });
    expect(await run('POST', `/services/eseries/${vmId}`)).toMatchObject({ state: 'SUCCESS' });
  });

  it('creates and cancels a NAT entry', async () => {
    const bad = await fx.call('acme', 'POST', `/services/eseries/${vmId}/nat`, {
      operation: 'create',
      data: { gateway_id: 11 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'data.gateway_id' });
    await run('POST', `/services/eseries/${vmId}/nat`, {
      operation: 'create',
      data: { gateway_id: 31 },
    });
    const [nat] = (await vm()).nat;
    expect(nat).toMatchObject({ gateway_id: 31, status: 'active' });
    await run('PUT', `/services/eseries/${vmId}/nat/${nat?.id}`, { status: 'cancel' });
    expect((await vm()).nat[0]?.status).toBe('cancelled');
    const again = await fx.call('acme', 'PUT', `/services/eseries/${vmId}/nat/${nat?.id}`, {
      status: 'cancel',
    });
    expect(again.statusCode).toBe(409);
  });

  it('adds and deletes firewall rules', async () => {
    const rule = {
      direction: 'ingress',
      protocol: 'udp',
      ports: '5000-5010',
      source: '10.0.0.0/8',
      destination: '0.0.0.0/0',
      action: 'deny',
    };
    const noPorts = await fx.call('acme', 'POST', `/services/eseries/${vmId}/firewall_rule`, {
      ...rule,
      protocol: 'icmp',
    });
    expect(noPorts.json()).toMatchObject({ field: 'ports' });
    await run('POST', `/services/eseries/${vmId}/firewall_rule`, rule);
    expect(await run('POST', `/services/eseries/${vmId}/firewall_rule`, rule)).toMatchObject({
      state: 'FAILURE',
    });
    const [added] = (await vm()).firewall_rules;
    expect(added).toMatchObject({ ports: '5000-5010' });
    await run('DELETE', `/services/eseries/${vmId}/firewall_rule/${added?.id}`);
    expect((await vm()).firewall_rules).toEqual([]);
  });

  it('attaches and detaches a boot CD-ROM', async () => {
    const missing = await fx.call('acme', 'PATCH', `/services/eseries/${vmId}/boot_cdrom`, {
      operation: 'attach',
      data: { media_key: 'iso/nothing.iso' },
    });
    expect(missing.json()).toMatchObject({ field: 'data.media_key' });
    await run('PATCH', `/services/eseries/${vmId}/boot_cdrom`, {
      operation: 'attach',
      data: { media_key: 'iso/debian-13-amd64-netinst.iso', cdrom_number: 2 },
    });
    expect((await vm()).boot_cdrom).toMatchObject({
      cdrom_number: 2,
      media_key: 'iso/debian-13-amd64-netinst.iso',
    });
    expect(
      await run('PATCH', `/services/eseries/${vmId}/boot_cdrom`, {
        operation: 'detach',
        data: { cdrom_number: 1 },
      }),
    ).toEqual({ state: 'FAILURE', message: 'No medium is attached to CD-ROM drive 1.' });
    await run('PATCH', `/services/eseries/${vmId}/boot_cdrom`, {
      operation: 'detach',
      data: { cdrom_number: 2 },
    });
    expect((await vm()).boot_cdrom).toBeNull();
  });

  it('answers plausible, deterministic metrics', async () => {
    const url = `/services/eseries/${vmId}/metrics?metric=cpu&range=1h`;
    const first = (await fx.call('acme', 'GET', url)).json<{
      data: { unit: string; series: { points: [number, number][] }[] };
    }>().data;
    expect(first.unit).toBe('%');
    const points = first.series[0]?.points ?? [];
    expect(points.length).toBeGreaterThan(30);
    expect(points.every(([, value]) => value >= 0 && value <= 100)).toBe(true);
    const second = (await fx.call('acme', 'GET', url)).json<{ data: typeof first }>().data;
    // The same instants give the same values (the window may have moved by one step).
    const again = new Map(second.series[0]?.points ?? []);
    const shared = points.filter(([at]) => again.has(at));
    expect(shared.length).toBeGreaterThan(30);
    for (const [at, value] of shared) expect(again.get(at)).toBe(value);
    const tooMany = await fx.call('acme', 'GET', `${url.replace('1h', '30d')}&step=60`);
    expect(tooMany.json()).toMatchObject({ field: 'step' });
  });

  it('refreshes a vwseries service and runs VM operations under it', async () => {
    // Never backed up yet: no size either ("Last backup never" beside "59.8 GB" was a contradiction).
    const before = (await fx.call('acme', 'GET', '/services/vwseries/VWS100001/backup')).json<{
      data: { last_backup_at: string | null; size_gb: number; jobs: { size_gb: number }[] };
    }>().data;
    expect(before.last_backup_at).toBeNull();
    expect(before.size_gb).toBe(0);
    expect(before.jobs.map((job) => job.size_gb)).toEqual([0, 0]);
    const refreshed = await run('POST', '/services/vwseries/VWS100001', { operation: 'refresh' });
    expect(refreshed).toEqual({
      state: 'SUCCESS',
      message: 'The service VWS100001 was refreshed.',
    });
    const backup = (await fx.call('acme', 'GET', '/services/vwseries/VWS100001/backup')).json<{
      data: { last_backup_at: string | null; size_gb: number; jobs: { size_gb: number }[] };
    }>().data;
    expect(backup.last_backup_at).not.toBeNull();
    expect(backup.jobs).toHaveLength(2);
    const usage = (await fx.call('acme', 'GET', '/services/vwseries/VWS100001/usage')).json<{
      data: { vm_count: number; vcpus: { used: number; limit: number } };
    }>().data;
    expect(usage).toMatchObject({ vm_count: 2, vcpus: { used: 6, limit: 16 } });
    const [vwVm] = (await fx.call('acme', 'GET', '/services/vwseries/VWS100001/vm')).json<{
      data: { id: number }[];
    }>().data;
    expect(
      await run('POST', `/services/vwseries/VWS100001/vm/${vwVm?.id}/power_state`, {
        power_operation: 'shutdownGuest',
      }),
    ).toMatchObject({ state: 'SUCCESS' });
    // An eseries path does not reach a vwseries VM, and the other service does not either.
    const viaEseries = await fx.call('acme', 'GET', `/services/eseries/${vwVm?.id}`);
    expect(viaEseries.statusCode).toBe(404);
    const viaOther = await fx.call('acme', 'GET', `/services/vwseries/VWS100002/vm/${vwVm?.id}`);
    expect(viaOther.statusCode).toBe(404);
  });
});
