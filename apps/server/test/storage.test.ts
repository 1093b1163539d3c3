import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VOLUMES_PER_VM, deletedSnapshotSentence } from '@portal/api/domain';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

interface Volume {
  id: number;
  name: string;
  size_gb: number;
  location: string;
  state: string;
  attached_vm: { id: number; display_name: string } | null;
  source: { vm_id: number; snapshot_id: number } | null;
}
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(databaseKinds())('storage volumes on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  const one = async <T>(sql: string, params: unknown[]) => {
    const row = (await test.db.query<{ v: T }>(sql, params))[0];
    if (!row) throw new Error(`nothing for ${sql}`);
    return row.v;
  };
  const vmId = (name: string) =>
    one<number>('select id as v from vms where display_name = $1', [name]);
  const volumeId = (name: string) =>
    one<number>('select id as v from volumes where name = $1', [name]);
  const snapshotId = (name: string, vm: number) =>
    one<number>('select id as v from snapshots where name = $1 and vm_id = $2', [name, vm]);
  const volume = async (id: number, who: Who = 'acme') => {
    const reply = await fx.call(who, 'GET', `/services/storage/${id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ data: Volume }>().data;
  };
  /** Starts a task and waits for its end. */
  const run = async (method: Method, url: string, body?: unknown) => {
    const reply = await fx.call('acme', method, url, body);
    expect(reply.statusCode, reply.body).toBe(202);
    const data = reply.json<{ data: { task_id: number; volume_id?: number } }>().data;
    return { ...data, ...(await fx.waitTask('acme', data.task_id)) };
  };
  const expectField = async (method: Method, url: string, body: unknown, field: string) => {
    const reply = await fx.call('acme', method, url, body);
    expect(reply.statusCode, reply.body).toBe(400);
    const error = reply.json<{ field?: string; message: string }>();
    expect(error.field ?? error.message).toContain(field);
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('lists the tenant’s volumes, whole, paged and per VM', async () => {
    const all = await fx.call('acme', 'GET', '/services/storage');
    expect(all.statusCode).toBe(200);
    const names = all.json<{ data: Volume[] }>().data.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['acme-db-data', 'acme-archive']));
    expect(names).not.toContain('globex-spare');
    const page = await fx.call('acme', 'GET', '/services/storage?limit=1&sort=-size');
    const paged = page.json<{ data: Volume[]; page: { total: number; next_cursor: string } }>();
    expect(paged.data.map((v) => v.name)).toEqual(['acme-archive']);
    expect(paged.page.total).toBe(names.length);
    const db = await vmId('acme-db-01');
    const perVm = await fx.call('acme', 'GET', `/services/storage?vm_id=${db}`);
    expect(perVm.json<{ data: Volume[] }>().data.map((v) => v.name)).toEqual(['acme-db-data']);
    const viewer = await fx.call('globex', 'GET', '/services/storage');
    expect(viewer.json<{ data: Volume[] }>().data.map((v) => v.name)).toContain('globex-spare');
    const bad = await fx.call('acme', 'GET', '/services/storage?sort=colour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('sort');
    expect((await fx.call(null, 'GET', '/services/storage')).statusCode).toBe(401);
  });

  it('reads one volume, and not another tenant’s', async () => {
    const id = await volumeId('acme-db-data');
    const data = await volume(id);
    expect(data).toMatchObject({ state: 'in-use', attached_vm: { display_name: 'acme-db-01' } });
    expect((await fx.call('globex', 'GET', `/services/storage/${id}`)).statusCode).toBe(404);
    const bad = await fx.call('acme', 'GET', '/services/storage/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('id');
    expect((await fx.call(null, 'GET', `/services/storage/${id}`)).statusCode).toBe(401);
  });

  it('creates an empty volume, and refuses bad input, a viewer and no token', async () => {
    const body = { name: 'scratch', type: 'standard', location: 'FRA1', size_gb: 20 };
    const done = await run('POST', '/services/storage', body);
    expect(done).toMatchObject({ state: 'SUCCESS' });
    expect(await volume(done.volume_id ?? 0)).toMatchObject({
      name: 'scratch',
      state: 'available',
      size_gb: 20,
      source: null,
    });
    await expectField('POST', '/services/storage', { ...body, location: undefined }, 'location');
    await expectField('POST', '/services/storage', { ...body, location: 'MARS' }, 'location');
    await expectField('POST', '/services/storage', { ...body, size_gb: 0 }, 'size_gb');
    await expectField('POST', '/services/storage', { ...body, type: 'gold' }, 'type');
    expect((await fx.call('globex', 'POST', '/services/storage', body)).statusCode).toBe(403);
    expect((await fx.call(null, 'POST', '/services/storage', body)).statusCode).toBe(401);
    // Another tenant's VM is no source (named as the field at fault, never shown).
    const theirs = await vmId('globex-shop');
    await expectField(
      'POST',
      '/services/storage',
      { name: 'x', type: 'standard', source: { vm_id: theirs, snapshot_id: 1 } },
      'source.vm_id',
    );
  });

  it('makes a volume from a snapshot, attaches, extends, detaches and deletes it', async () => {
    const web = await vmId('acme-web-01');
    const disk = await one<number>('select disk_size_gb as v from vms where id = $1', [web]);
    const source = { vm_id: web, snapshot_id: await snapshotId('After upgrade', web) };
    const body = { name: 'web-copy', type: 'performance', source };
    await expectField('POST', '/services/storage', { ...body, size_gb: disk - 1 }, 'size_gb');
    const created = await run('POST', '/services/storage', body);
    expect(created.state, created.message).toBe('SUCCESS');
    const id = created.volume_id ?? 0;
    // Named, not "Snapshot 10 of VM 3".
    expect(await volume(id)).toMatchObject({
      size_gb: disk,
      location: 'AMS1',
      source: { ...source, vm_name: 'acme-web-01', snapshot_name: 'After upgrade' },
    });
    const url = `/services/storage/${id}`;

    // Attach: another tenant 404, a viewer 403, no token 401, a VM elsewhere 409, a bad id 400.
    const build = await vmId('acme-build'); // FRA1
    expect((await fx.call('internal', 'POST', `${url}/attach`, { vm_id: web })).statusCode).toBe(
      404,
    );
    expect((await fx.call('globex', 'POST', `${url}/attach`, { vm_id: web })).statusCode).toBe(403);
    expect((await fx.call(null, 'POST', `${url}/attach`, { vm_id: web })).statusCode).toBe(401);
    await expectField('POST', `${url}/attach`, { vm_id: 'web' }, 'vm_id');
    const elsewhere = await fx.call('acme', 'POST', `${url}/attach`, { vm_id: build });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json<{ message: string }>().message).toContain('own location');
    expect(await run('POST', `${url}/attach`, { vm_id: web })).toMatchObject({ state: 'SUCCESS' });
    expect(await volume(id)).toMatchObject({ state: 'in-use', attached_vm: { id: web } });

    // Extend: only upward (400 naming size_gb), then to 120 GB.
    await expectField('PATCH', `${url}/size`, { size_gb: disk }, 'size_gb');
    expect((await fx.call('internal', 'PATCH', `${url}/size`, { size_gb: 200 })).statusCode).toBe(
      404,
    );
    expect((await fx.call('globex', 'PATCH', `${url}/size`, { size_gb: 200 })).statusCode).toBe(
      403,
    );
    expect((await fx.call(null, 'PATCH', `${url}/size`, { size_gb: 200 })).statusCode).toBe(401);
    expect(await run('PATCH', `${url}/size`, { size_gb: 120 })).toMatchObject({
      state: 'SUCCESS',
    });
    expect(await volume(id)).toMatchObject({ size_gb: 120, state: 'in-use' });

    // Delete while attached: refused with a sentence.
    const attached = await fx.call('acme', 'DELETE', url);
    expect(attached.statusCode).toBe(409);
    expect(attached.json<{ message: string }>().message).toBe(
      'The volume is attached to acme-web-01; detach it before deleting it.',
    );

    // Detach.
    expect((await fx.call('internal', 'POST', `${url}/detach`)).statusCode).toBe(404);
    expect((await fx.call('globex', 'POST', `${url}/detach`)).statusCode).toBe(403);
    expect((await fx.call(null, 'POST', `${url}/detach`)).statusCode).toBe(401);
    await expectField('POST', '/services/storage/0/detach', undefined, 'id');
    expect(await run('POST', `${url}/detach`)).toMatchObject({ state: 'SUCCESS' });
    expect(await volume(id)).toMatchObject({ state: 'available', attached_vm: null });
    expect((await fx.call('acme', 'POST', `${url}/detach`)).statusCode).toBe(409);

    // Delete.
    expect((await fx.call('internal', 'DELETE', url)).statusCode).toBe(404);
    expect((await fx.call('globex', 'DELETE', url)).statusCode).toBe(403);
    expect((await fx.call(null, 'DELETE', url)).statusCode).toBe(401);
    await expectField('DELETE', '/services/storage/x', undefined, 'id');
    expect(await run('DELETE', url)).toMatchObject({ state: 'SUCCESS' });
    expect((await fx.call('acme', 'GET', url)).statusCode).toBe(404);
  }, 90_000);

  it('fails each task with the platform’s sentence where the platform disagrees', async () => {
    const web = await vmId('acme-web-01');
    // A snapshot the platform no longer has (consolidated away behind the portal's back).
    const snap = await snapshotId('Before upgrade', web);
    await test.db.query('delete from sim_snapshot where id = $1', [snap]);
    const lost = await run('POST', '/services/storage', {
      name: 'from-lost',
      type: 'standard',
      source: { vm_id: web, snapshot_id: snap },
    });
    expect(lost).toMatchObject({ state: 'FAILURE', message: deletedSnapshotSentence(snap) });
    expect(await volume(lost.volume_id ?? 0)).toMatchObject({ state: 'error' });
    // A volume that failed to build can be deleted.
    expect(await run('DELETE', `/services/storage/${lost.volume_id}`)).toMatchObject({
      state: 'SUCCESS',
    });

    const archive = await volumeId('acme-archive');
    const url = `/services/storage/${archive}`;
    // The platform has it larger than the portal knows: extending to less fails, state restored.
    await test.db.query('update sim_volume set size_gb = 900 where volume_id = $1', [archive]);
    const smaller = await run('PATCH', `${url}/size`, { size_gb: 600 });
    expect(smaller).toMatchObject({ state: 'FAILURE' });
    expect(smaller.message).toContain('can only grow');
    expect(await volume(archive)).toMatchObject({ state: 'available', size_gb: 500 });

    // The platform counts more volumes on the VM than the portal: the attach fails.
    const build = await vmId('acme-build');
    const others = await test.db.query<{ id: number }>(
      `insert into sim_volume (volume_id, tenant_id, size_gb, type, location, attached_vm_id)
       select 900000 + n, 0, 1, 'standard', 'FRA1', $1 from generate_series(1, $2::integer) n
       returning volume_id as id`,
      [build, MAX_VOLUMES_PER_VM],
    );
    expect(others).toHaveLength(MAX_VOLUMES_PER_VM);
    const full = await run('POST', `${url}/attach`, { vm_id: build });
    expect(full).toMatchObject({ state: 'FAILURE' });
    expect(full.message).toContain(`already has ${MAX_VOLUMES_PER_VM} volumes attached`);
    expect(await volume(archive)).toMatchObject({ state: 'available', attached_vm: null });
    await test.db.query('delete from sim_volume where volume_id > 900000');

    // The platform still has it attached: the deletion fails, the volume stays available.
    await test.db.query('update sim_volume set attached_vm_id = $2 where volume_id = $1', [
      archive,
      build,
    ]);
    const held = await run('DELETE', url);
    expect(held).toMatchObject({ state: 'FAILURE' });
    expect(held.message).toContain('detach it before deleting it');
    expect(await volume(archive)).toMatchObject({ state: 'available' });

    // The platform has it detached already: the detach fails.
    const data = await volumeId('acme-db-data');
    await test.db.query('update sim_volume set attached_vm_id = null where volume_id = $1', [data]);
    const detach = await run('POST', `/services/storage/${data}/detach`);
    expect(detach).toMatchObject({
      state: 'FAILURE',
      message: 'The volume is not attached to a virtual machine.',
    });
  }, 90_000);
});
