// Volumes changed in LXD outside the portal, on an LXD site, on PGlite and PostgreSQL: a custom
// volume made with LXD's API in the tenant's project shows in `GET /services/storage` within
// seconds and is then managed from the portal; a disk attached or detached on the host shows; a
// volume deleted there shows as lost; another installation's volume is never listed nor touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '@portal/api/contract';
import { lxdVolumeName } from '../src/areas/storage/drivers/lxd/index.ts';
import { LOST_VOLUME_MESSAGE } from '../src/areas/storage/outside.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import type { LxdClient } from '../src/platform/lxd/client.ts';
import { patchInstance, removeInstanceDevice } from '../src/platform/lxd/instances.ts';
import { owns } from '../src/platform/lxd/ownership.ts';
import { createVolume } from '../src/platform/lxd/volumes.ts';
import { SIMULATED_SITE } from '../src/platform/sites.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import {
  LXD_SOCKET,
  createBody,
  localLxd,
  removeInstallationObjects,
  runTag,
  tenantInstallation,
} from './helpers/lxd.ts';

const lxd = await localLxd('lxd storage outside');
// Every server on this LXD adopts what is made outside the portal in its tenants' projects. Those
// carry the installation (ADR 045), so no other test database's server looks at this one's; acme
// keeps a code of this file's own all the same.
const TENANT = 'UZZ800001';
/** Acme's project for the installation under test (ADR 045). */
let project = '';
// Looks every second, besides the events, so that a missed event costs this test one second.
const LXD_SITE = loadConfig({ LXD_SOCKET, LXD_STORAGE_LOOK_MS: '1000' }).sites.lxd.site;
const POOL = LXD_SITE.lxd?.storagePool ?? 'portal';
const VOLUMES = `/1.0/storage-pools/${POOL}/volumes/custom`;

interface Volume {
  id: number;
  name: string;
  size_gb: number;
  location: string;
  state: string;
  attached_vm: { id: number; display_name: string } | null;
  platform_message?: string | null;
}
interface LxdVolume {
  name: string;
  config: Record<string, string>;
  used_by: string[];
}
interface LxdInstance {
  name: string;
  status: string;
  config: Record<string, string>;
  devices: Record<string, Record<string, string>>;
}

describe.runIf(lxd).each(databaseKinds())(
  'volumes changed in LXD outside the portal, $kind',
  ({ kind, open }) => {
    const client = lxd as LxdClient;
    let test: TestDatabase;
    let fx: ComputeFixture;
    let owner = '';
    let vmId = 0;
    const vmName = `outvol-${kind}-${runTag()}`;
    const outside = `outside-${kind}`;
    const stranger = `stranger-${kind}`;
    const strangerConfig = {
      'user.portal.installation': 'another-portal',
      'user.portal.volume-id': kind === 'postgres' ? '815001' : '800001',
      size: '3GiB',
    };

    const listed = async () => {
      const reply = await fx.call('acme', 'GET', '/services/storage');
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ data: Volume[] }>().data;
    };
    /** The first volume `pick` finds in the list within `ms`. */
    const until = async (pick: (volumes: Volume[]) => Volume | undefined, ms = 10_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const volumes = await listed();
        const found = pick(volumes);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`not in the list within ${ms} ms: ${JSON.stringify(volumes)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const task = async (method: 'POST' | 'DELETE', url: string, body?: unknown) => {
      const reply = await fx.call('acme', method, url, body);
      expect(reply.statusCode, reply.body).toBe(202);
      const data = reply.json<{ data: { task_id: number; volume_id?: number } }>().data;
      expect(await fx.waitTask('acme', data.task_id, 60_000)).toMatchObject({ state: 'SUCCESS' });
      return data;
    };
    const instance = async () => {
      const all = await client.get<LxdInstance[]>('/1.0/instances', {
        project,
        query: { recursion: '1' },
      });
      const found = all.find((each) => owns(each.config, owner, 'user.portal.vm-id', vmId));
      if (!found) throw new Error(`no instance for VM ${vmId}`);
      return found;
    };

    beforeAll(async () => {
      test = await open();
      await migrate(test.db);
      await seedDemoData(test.db);
      await test.db.query(`update tenants set cdb_id = $1 where cdb_id = 'UZZ100001'`, [TENANT]);
      // Portal ids name LXD objects: this file's range, apart from the other LXD tests'.
      const start = kind === 'postgres' ? 815_000 : 800_000;
      for (const table of ['vms', 'volumes'])
        await test.db.query(`select setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [
          table,
          start,
        ]);
      fx = await computeFixture(test, {}, { sites: [SIMULATED_SITE, LXD_SITE] });
      ({ owner, project } = await tenantInstallation(test.db, TENANT));
      const catalogue = (await fx.call('acme', 'GET', '/services/eseries/catalogue')).json<{
        data: Catalogue;
      }>().data;
      const created = await fx.call('acme', 'POST', '/services/eseries', {
        ...createBody(catalogue, vmName),
        tenant_id: TENANT,
      });
      expect(created.statusCode, created.body).toBe(202);
      const data = created.json<{ data: { vm_id: number; task_id: number } }>().data;
      vmId = data.vm_id;
      expect(await fx.waitTask('acme', data.task_id, 90_000)).toMatchObject({ state: 'SUCCESS' });
      // Another portal's volume in the same project: never shown here, never touched.
      await createVolume(client, project, POOL, {
        name: stranger,
        description: 'not this portal’s',
        config: strangerConfig,
      });
    }, 180_000);

    afterAll(async () => {
      await fx?.close();
      // The project is this installation's alone: it goes with everything in it.
      if (lxd && owner) await removeInstallationObjects(owner).catch(() => null);
      await test?.dispose();
    }, 120_000);

    it('a volume made in LXD shows in the list with its size, then is attached, detached and deleted from the portal', async () => {
      await createVolume(client, project, POOL, {
        name: outside,
        description: '',
        config: { size: '7GiB' },
      });
      const volume = await until((volumes) => volumes.find((each) => each.name === outside));
      expect(volume).toMatchObject({
        size_gb: 7,
        location: 'LXD1',
        state: 'available',
        attached_vm: null,
      });
      // Tagged as this installation's volume, so the portal's operations find it.
      const inLxd = await client.get<LxdVolume>(`${VOLUMES}/${outside}`, { project });
      expect(inLxd.config).toMatchObject({
        'user.portal.installation': owner,
        'user.portal.volume-id': String(volume.id),
      });
      const audit = await test.db.query<{ action: string; actor_email: string | null }>(
        `select action, actor_email from audit_log where target = $1`,
        [`volume:${volume.id}`],
      );
      expect(audit).toContainEqual({ action: 'volume.adopt', actor_email: null });

      await task('POST', `/services/storage/${volume.id}/attach`, { vm_id: vmId });
      const disk = Object.values((await instance()).devices).find(
        (device) => device['source'] === outside,
      );
      expect(disk).toMatchObject({ type: 'disk', pool: POOL });
      expect(
        await until((volumes) =>
          volumes.find((each) => each.id === volume.id && each.state === 'in-use'),
        ),
      ).toMatchObject({ attached_vm: { id: vmId, display_name: vmName } });

      await task('POST', `/services/storage/${volume.id}/detach`);
      expect(
        Object.values((await instance()).devices).some((device) => device['source'] === outside),
      ).toBe(false);
      await task('DELETE', `/services/storage/${volume.id}`);
      await expect(client.get(`${VOLUMES}/${outside}`, { project })).rejects.toMatchObject({
        status: 404,
      });
      expect((await listed()).some((each) => each.id === volume.id)).toBe(false);
    }, 120_000);

    it('a disk attached in LXD shows the volume in use with the VM; detached there, available', async () => {
      const { volume_id: id = 0 } = await task('POST', '/services/storage', {
        name: `attached-${kind}`,
        type: 'standard',
        location: 'LXD1',
        size_gb: 5,
      });
      const name = lxdVolumeName(id, owner);
      const held = await instance();
      await patchInstance(client, project, held.name, {
        devices: { [name]: { type: 'disk', pool: POOL, source: name, path: '/mnt/by-hand' } },
      });
      expect(
        await until((volumes) => volumes.find((each) => each.id === id && each.state === 'in-use')),
      ).toMatchObject({ attached_vm: { id: vmId, display_name: vmName }, size_gb: 5 });

      await removeInstanceDevice(client, project, held.name, name);
      expect(
        await until((volumes) =>
          volumes.find((each) => each.id === id && each.state === 'available'),
        ),
      ).toMatchObject({ attached_vm: null });
      await task('DELETE', `/services/storage/${id}`);
    }, 120_000);

    it('a volume deleted in LXD shows as lost, with the sentence, and is deleted here', async () => {
      const { volume_id: id = 0 } = await task('POST', '/services/storage', {
        name: `gone-${kind}`,
        type: 'standard',
        location: 'LXD1',
        size_gb: 3,
      });
      await client.deleteWait(`${VOLUMES}/${lxdVolumeName(id, owner)}`, { project });
      expect(
        await until((volumes) => volumes.find((each) => each.id === id && each.state === 'error')),
      ).toMatchObject({ platform_message: LOST_VOLUME_MESSAGE, attached_vm: null });
      const page = await fx.call('acme', 'GET', `/services/storage/${id}`);
      expect(page.json<{ data: Volume }>().data.platform_message).toBe(LOST_VOLUME_MESSAGE);
      await task('DELETE', `/services/storage/${id}`);
      expect((await listed()).some((each) => each.id === id)).toBe(false);
    }, 120_000);

    it('another installation’s volume is never listed nor touched', async () => {
      // Two looks at least since the others' volumes were made.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await listed()).some((each) => each.name === stranger)).toBe(false);
      const theirs = await client.get<LxdVolume>(`${VOLUMES}/${stranger}`, { project });
      expect(theirs.config).toEqual(strangerConfig);
    }, 30_000);
  },
);
