import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTask } from '../src/platform/tasks/store.ts';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

interface Summary {
  id: number;
  area: string;
  operation: string;
  target: { kind: string; id: string; name: string; path: string | null };
  state: string;
  message: string;
  created_by: string | null;
}
interface Page {
  data: Summary[];
  page: { next_cursor: string | null };
}

const createBody = (name: string, tenant: string) => ({
  location: 'TYO1',
  status: 'trial',
  tenant_id: tenant,
  display_name: name,
  vsnap: false,
  monitoring: false,
  vm_params: {
    vcpus: 1,
    memory: 2048,
    cluster_name: 'TYO1-CL02',
    os: { name: 'Debian', version: '13', guest_full_name: 'Debian GNU/Linux 13 (64-bit)' },
    adapters: [{ portgroup: 'tyo1-frontend', vlan_id: 100 }],
    disk_size_gb: 40,
  },
});

describe.each(databaseKinds())('compute tasks, delete and the task list on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let acmeTenant = 0;

  const vmIdOf = async (name: string) => {
    const rows = await test.db.query<{ id: number }>('select id from vms where display_name = $1', [
      name,
    ]);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no VM ${name}`);
    return id;
  };
  const started = async (who: Who, method: 'POST' | 'DELETE', url: string, body?: unknown) => {
    const reply = await fx.call(who, method, url, body);
    expect(reply.statusCode, reply.body).toBe(202);
    return reply.json<{ data: { task_id: number; vm_id?: number } }>().data;
  };
  /** A task that waits (the worker is not woken for it and polls rarely). */
  const waiting = (targetId: number) =>
    insertTask(test.db, acmeTenant, {
      kind: 'vm',
      targetId,
      operation: 'refresh',
      payload: { op: 'vm.refresh' },
      createdBy: 'acme@portal.test',
    });
  const list = async (who: Who, query = '') => {
    const reply = await fx.call(who, 'GET', `/services/task${query}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<Page>();
  };

  beforeAll(async () => {
    test = await open();
    // The worker polls rarely here: a task written straight into the table waits.
    fx = await computeFixture(test, { TASK_POLL_MS: '60000' });
    acmeTenant =
      (await test.db.query<{ id: number }>("select id from tenants where cdb_id = 'UZZ100001'"))[0]
        ?.id ?? 0;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('deletes a VM as a task; its snapshots, NAT and firewall rows go with it', async () => {
    const created = await started(
      'acme',
      'POST',
      '/services/eseries',
      createBody('doomed', 'UZZ100001'),
    );
    expect((await fx.waitTask('acme', created.task_id)).state).toBe('SUCCESS');
    const id = created.vm_id ?? 0;
    const snap = await started('acme', 'POST', `/services/eseries/${id}/snapshot`, {
      snap_op: 'CreateSnapshot',
      name: 'before',
    });
    expect((await fx.waitTask('acme', snap.task_id)).state).toBe('SUCCESS');
    const nat = await started('acme', 'POST', `/services/eseries/${id}/nat`, {
      operation: 'create',
      data: { gateway_id: 31 },
    });
    expect((await fx.waitTask('acme', nat.task_id)).state).toBe('SUCCESS');

    const removal = await started('acme', 'DELETE', `/services/eseries/${id}`);
    expect(await fx.waitTask('acme', removal.task_id)).toEqual({
      state: 'SUCCESS',
      message: 'The virtual machine doomed was deleted.',
    });
    expect((await fx.call('acme', 'GET', `/services/eseries/${id}`)).statusCode).toBe(404);
    for (const table of ['snapshots', 'nats', 'firewall_rules']) {
      const rows = await test.db.query(`select 1 from ${table} where vm_id = $1`, [id]);
      expect(rows, table).toEqual([]);
    }
    // The task centre still names it, without a link.
    const entry = (await list('acme')).data.find((task) => task.id === removal.task_id);
    expect(entry).toMatchObject({
      area: 'compute',
      operation: 'Delete',
      target: { kind: 'vm', id: String(id), name: 'doomed', path: null },
      state: 'SUCCESS',
      created_by: 'acme@portal.test',
    });
  });

  it('refuses a delete from another tenant (404), a viewer (403) and without a token (401)', async () => {
    const id = await vmIdOf('acme-build');
    expect((await fx.call('internal', 'DELETE', `/services/eseries/${id}`)).statusCode).toBe(404);
    const viewer = await fx.call(
      'globex',
      'DELETE',
      `/services/eseries/${await vmIdOf('globex-shop')}`,
    );
    expect(viewer.statusCode).toBe(403);
    expect((await fx.call(null, 'DELETE', `/services/eseries/${id}`)).statusCode).toBe(401);
    expect((await fx.call('acme', 'GET', `/services/eseries/${id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a busy VM (409), and cancels a waiting task', async () => {
    const id = await vmIdOf('acme-build');
    const taskId = await waiting(id);
    const busy = await fx.call('acme', 'DELETE', `/services/eseries/${id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toMatch(/busy with another task/);

    expect((await fx.call('internal', 'DELETE', `/services/task/${taskId}`)).statusCode).toBe(404);
    expect((await fx.call('globex', 'DELETE', `/services/task/${taskId}`)).statusCode).toBe(404);
    const cancelled = await fx.call('acme', 'DELETE', `/services/task/${taskId}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({
      data: { state: 'FAILURE', message: 'Cancelled by acme@portal.test.' },
    });
    const again = await fx.call('acme', 'DELETE', `/services/task/${taskId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('The task has already ended.');
    expect((await fx.call('acme', 'GET', `/services/eseries/${id}/status`)).json()).toMatchObject({
      data: { task_id: null },
    });
  });

  it('answers 409 for a sixth open task on one VM', async () => {
    const id = await vmIdOf('acme-web-01');
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await waiting(id));
    const sixth = await fx.call('acme', 'POST', `/services/eseries/${id}/power_state`, {
      power_operation: 'reboot',
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<{ message: string }>().message).toMatch(/already has 5 operations waiting/);
    for (const taskId of ids)
      expect((await fx.call('acme', 'DELETE', `/services/task/${taskId}`)).statusCode).toBe(200);
  });

  it('lists tasks newest first in pages whose cursor holds under inserts, by state, per tenant', async () => {
    const id = await vmIdOf('acme-db-01');
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) mine.push(await waiting(id));
    const first = await list('acme', '?limit=3');
    expect(first.data.map((task) => task.id)).toEqual([...mine].reverse().slice(0, 3));
    expect(first.data[0]).toMatchObject({
      area: 'compute',
      operation: 'Refresh',
      target: { kind: 'vm', id: String(id), path: `/compute/${id}` },
      state: 'PENDING',
    });
    // New tasks arrive between pages; the next page goes on where the first ended.
    const cursor = first.page.next_cursor ?? '';
    for (const taskId of await Promise.all([waiting(id)])) mine.push(taskId);
    const second = await list('acme', `?limit=3&cursor=${encodeURIComponent(cursor)}`);
    expect(second.data.map((task) => task.id).slice(0, 2)).toEqual([mine[1], mine[0]]);
    const open = await list('acme', '?state=open&limit=200');
    expect(open.data.every((task) => ['PENDING', 'RUNNING'].includes(task.state))).toBe(true);
    expect(open.data.map((task) => task.id)).toEqual(expect.arrayContaining(mine));
    const failed = await list('acme', '?state=FAILURE&mine=true&limit=200');
    expect(failed.data.every((task) => task.state === 'FAILURE')).toBe(true);
    expect(failed.data.some((task) => task.message.startsWith('Cancelled by'))).toBe(true);
    // Another tenant sees none of them.
    const globex = await list('globex', '?limit=200');
    expect(globex.data.filter((task) => mine.includes(task.id))).toEqual([]);
    const bad = await fx.call('acme', 'GET', '/services/task?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    for (const taskId of mine) await fx.call('acme', 'DELETE', `/services/task/${taskId}`);
  });

  it('keeps the proof-of-concept limit under 20 concurrent creations', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fx.call('poc', 'POST', '/services/eseries', createBody(`trial-${i}`, 'UZZ000002')),
      ),
    );
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.every((code) => code === 202 || code === 409)).toBe(true);
    const rows = await test.db.query<{ n: number }>(
      "select count(*) as n from vms v join tenants t on t.id = v.tenant_id where t.cdb_id = 'UZZ000002'",
    );
    expect(Number(rows[0]?.n)).toBe(3);
    expect(codes.filter((code) => code === 202)).toHaveLength(2);
  });

  it('shows no CPU use and no network traffic while a VM is off', async () => {
    const off = await vmIdOf('acme-build');
    const on = await vmIdOf('acme-web-01');
    const values = async (id: number, metric: string) => {
      const reply = await fx.call(
        'acme',
        'GET',
        `/services/eseries/${id}/metrics?metric=${metric}&range=1h`,
      );
      const data = reply.json<{ data: { series: { points: [number, number][] }[] } }>().data;
      return data.series.flatMap((series) => series.points.map(([, value]) => value));
    };
    for (const metric of ['cpu', 'network']) {
      expect((await values(off, metric)).every((value) => value === 0)).toBe(true);
      expect((await values(on, metric)).some((value) => value > 0)).toBe(true);
    }
    expect((await values(off, 'memory')).some((value) => value > 0)).toBe(true);
  });
});
