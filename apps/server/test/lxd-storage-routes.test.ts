// Every storage route on a site served by LXD, with its five cases: a good call (for a change,
// its task ends as the simulator's would and LXD shows the change), a bad input naming the
// field, another tenant (404), a read-only role (403) and no token (401), on PGlite and
// PostgreSQL. What LXD storage cannot do (a volume from a snapshot) is refused at once (409) and
// listed on the site's catalogue entry with the same reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '@portal/api/contract';
import {
  VOLUME_FROM_SNAPSHOT_UNAVAILABLE,
  lxdVolumeName,
} from '../src/areas/storage/drivers/lxd/index.ts';
import { loadConfig } from '../src/config.ts';
import { SIMULATED_SITE } from '../src/platform/sites.ts';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { createVolume } from '../src/platform/lxd/volumes.ts';
import { LXD_SOCKET, createBody, localLxd, runTag, tenantInstallation } from './helpers/lxd.ts';
import { owns } from '../src/platform/lxd/ownership.ts';

/** The installation (migration 026) whose LXD objects this file looks for. */
let owner = '';

const lxd = await localLxd('lxd storage routes');
const LXD_SITE = loadConfig({ LXD_SOCKET }).sites.lxd.site;
/** Acme's project for the installation under test (ADR 045). */
let project = '';
const POOL = LXD_SITE.lxd?.storagePool ?? 'portal';

interface Volume {
  id: number;
  name: string;
  size_gb: number;
  location: string;
  state: string;
  attached_vm: { id: number; display_name: string } | null;
  used_bytes?: number | null;
}
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface LxdVolume {
  name: string;
  description: string;
  config: Record<string, string>;
  used_by: string[];
}
interface LxdInstance {
  name: string;
  status: string;
  config: Record<string, string>;
  devices: Record<string, Record<string, string>>;
}

const lxdVolume = (id: number) =>
  lxd
    ?.get<LxdVolume>(`/1.0/storage-pools/${POOL}/volumes/custom/${lxdVolumeName(id, owner)}`, {
      project,
    })
    .catch(() => undefined);

const instanceOf = async (vmId: number) => {
  const all =
    (await lxd?.get<LxdInstance[]>('/1.0/instances', {
      project,
      query: { recursion: '1' },
    })) ?? [];
  return all.find((each) => owns(each.config, owner, 'user.portal.vm-id', vmId));
};

describe.runIf(lxd).each(databaseKinds())(
  'storage routes on an LXD site, $kind',
  ({ kind, open }) => {
    let test: TestDatabase;
    let fx: ComputeFixture;
    let catalogue: Catalogue;
    let vmId = 0;
    let volumeId = 0;
    let stranger = '';
    const name = `vols-${kind}-${runTag()}`;
    const volumeName = `data ${kind}`;

    const send = (who: Who | null, method: Method, url: string, body?: unknown) =>
      fx.call(who, method, url, body);
    /** The four refusals every route gives: bad input naming the field, 404, 403, 401. */
    const refusals = async (
      method: Method,
      url: string,
      body: unknown,
      bad: { url?: string; body?: unknown; field: string },
      foreign = true,
    ) => {
      const wrong = await send('acme', method, bad.url ?? url, bad.body ?? body);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({ field: bad.field });
      if (foreign) {
        const theirs = await send('poc', method, url, body);
        expect(theirs.statusCode, theirs.body).toBe(404);
      }
      if (method !== 'GET') expect((await send('globex', method, url, body)).statusCode).toBe(403);
      expect((await send(null, method, url, body)).statusCode).toBe(401);
    };
    /** A good call: 202, and its task succeeds with `message`. */
    const succeeds = async (method: Method, url: string, body: unknown, message: string) => {
      const reply = await send('acme', method, url, body);
      expect(reply.statusCode, reply.body).toBe(202);
      const data = reply.json<{ data: { task_id: number; volume_id?: number } }>().data;
      expect(await fx.waitTask('acme', data.task_id, 60_000)).toEqual({
        state: 'SUCCESS',
        message,
      });
      return data;
    };
    const read = async () => {
      const reply = await send('acme', 'GET', `/services/storage/${volumeId}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ data: Volume }>().data;
    };

    beforeAll(async () => {
      test = await open();
      fx = await computeFixture(test, {}, { sites: [SIMULATED_SITE, LXD_SITE] });
      ({ owner, project } = await tenantInstallation(test.db));
      // Portal ids name LXD objects: keep this file's apart from the other LXD tests' ids.
      const start = kind === 'postgres' ? 760_000 : 750_000;
      await test.db.query(`select setval(pg_get_serial_sequence('vms', 'id'), $1::bigint)`, [
        start,
      ]);
      await test.db.query(`select setval(pg_get_serial_sequence('volumes', 'id'), $1::bigint)`, [
        start,
      ]);
      catalogue = (await fx.call('acme', 'GET', '/services/eseries/catalogue')).json<{
        data: Catalogue;
      }>().data;
      const created = await send('acme', 'POST', '/services/eseries', createBody(catalogue, name));
      expect(created.statusCode, created.body).toBe(202);
      vmId = created.json<{ data: { vm_id: number } }>().data.vm_id;
      const task = created.json<{ data: { task_id: number } }>().data.task_id;
      expect(await fx.waitTask('acme', task, 90_000)).toMatchObject({ state: 'SUCCESS' });
      // What an earlier run, or another portal on this LXD, left: a volume with the id this
      // file's volume will get (the name and tags the portal used before migration 026).
      stranger = `vol-${start + 1}`;
      const path = `/1.0/storage-pools/${POOL}/volumes/custom/${stranger}`;
      await lxd?.deleteWait(path, { project }).catch(() => undefined);
      if (lxd)
        await createVolume(lxd, project, POOL, {
          name: stranger,
          description: 'not this portal’s',
          config: { 'user.portal.volume-id': String(start + 1), 'user.portal.task-id': '1' },
        });
    }, 180_000);

    afterAll(async () => {
      // Whatever a failed assertion left behind goes: the disk, the volume, the instance.
      const left = vmId ? await instanceOf(vmId) : undefined;
      if (left) {
        const path = `/1.0/instances/${left.name}`;
        if (left.status !== 'Stopped')
          await lxd
            ?.putWait(`${path}/state`, { action: 'stop', force: true }, { project })
            .catch(() => undefined);
        await lxd?.deleteWait(path, { project }).catch(() => undefined);
      }
      if (stranger)
        await lxd
          ?.deleteWait(`/1.0/storage-pools/${POOL}/volumes/custom/${stranger}`, {
            project,
          })
          .catch(() => undefined);
      if (volumeId)
        await lxd
          ?.deleteWait(
            `/1.0/storage-pools/${POOL}/volumes/custom/${lxdVolumeName(volumeId, owner)}`,
            {
              project,
            },
          )
          .catch(() => undefined);
      await fx?.close();
      await test?.dispose();
    }, 60_000);

    it('lists the LXD site among the places with storage, a volume from a snapshot disabled with its reason', () => {
      const site = catalogue.regions
        .flatMap((region) => region.sites)
        .find((candidate) => candidate.backend === 'lxd');
      expect(site?.unavailable?.['volumeFromSnapshot']).toBe(VOLUME_FROM_SNAPSHOT_UNAVAILABLE);
      const simulated = catalogue.regions
        .flatMap((region) => region.sites)
        .find((candidate) => candidate.backend === 'simulator');
      expect(simulated?.unavailable?.['volumeFromSnapshot']).toBeUndefined();
    });

    it('POST /services/storage: creates a custom volume in the tenant’s project', async () => {
      const body = { name: volumeName, type: 'standard', location: 'LXD1', size_gb: 20 };
      await refusals(
        'POST',
        '/services/storage',
        body,
        {
          body: { ...body, size_gb: 0 },
          field: 'size_gb',
        },
        false,
      );
      const data = await succeeds(
        'POST',
        '/services/storage',
        body,
        `The volume ${volumeName} was created (20 GB).`,
      );
      volumeId = data.volume_id ?? 0;
      // The stranger with the same id is neither taken nor touched.
      expect(`vol-${volumeId}`).toBe(stranger);
      const theirs = await lxd?.get<LxdVolume>(
        `/1.0/storage-pools/${POOL}/volumes/custom/${stranger}`,
        { project },
      );
      expect(theirs?.description).toBe('not this portal’s');
      const inLxd = await lxdVolume(volumeId);
      expect(inLxd?.config).toMatchObject({
        'user.portal.volume-id': String(volumeId),
        'user.portal.size-gb': '20',
        'user.portal.installation': owner,
      });
    }, 90_000);

    it('POST /services/storage from a snapshot: refused at once with the reason', async () => {
      const snap = await send('acme', 'POST', `/services/eseries/${vmId}/snapshot`, {
        snap_op: 'CreateSnapshot',
        name: 'for a volume',
      });
      expect(snap.statusCode, snap.body).toBe(202);
      const task = snap.json<{ data: { task_id: number } }>().data.task_id;
      expect(await fx.waitTask('acme', task, 60_000)).toMatchObject({ state: 'SUCCESS' });
      const snapshotId = (
        await test.db.query<{ id: number }>('select id from snapshots where vm_id = $1', [vmId])
      )[0]?.id;
      const refused = await send('acme', 'POST', '/services/storage', {
        name: 'from snap',
        type: 'standard',
        source: { vm_id: vmId, snapshot_id: Number(snapshotId) },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(VOLUME_FROM_SNAPSHOT_UNAVAILABLE);
    }, 90_000);

    it('GET /services/storage and /{id}: the volume as LXD has it', async () => {
      const list = await send('acme', 'GET', '/services/storage');
      expect(list.statusCode).toBe(200);
      expect(list.json<{ data: Volume[] }>().data.map((v) => v.id)).toContain(volumeId);
      await refusals(
        'GET',
        '/services/storage',
        undefined,
        {
          url: '/services/storage?sort=colour',
          field: 'sort',
        },
        false,
      );
      expect(await read()).toMatchObject({
        location: 'LXD1',
        size_gb: 20,
        state: 'available',
        attached_vm: null,
      });
      await refusals('GET', `/services/storage/${volumeId}`, undefined, {
        url: '/services/storage/abc',
        field: 'id',
      });
    });

    it('POST /services/storage/{id}/attach: a disk at /mnt/<name> on the VM’s instance', async () => {
      const url = `/services/storage/${volumeId}/attach`;
      await refusals('POST', url, { vm_id: vmId }, { body: { vm_id: 'x' }, field: 'vm_id' });
      await succeeds(
        'POST',
        url,
        { vm_id: vmId },
        `The volume ${volumeName} was attached to ${name}.`,
      );
      const disk = Object.values((await instanceOf(vmId))?.devices ?? {}).find(
        (device) => device['source'] === lxdVolumeName(volumeId, owner),
      );
      expect(disk).toMatchObject({ type: 'disk', pool: POOL, path: `/mnt/data-${kind}` });
      expect(await read()).toMatchObject({
        state: 'in-use',
        attached_vm: { id: vmId, display_name: name },
      });
    }, 90_000);

    it('DELETE /services/storage/{id}: refused while attached, with the sentence', async () => {
      const reply = await send('acme', 'DELETE', `/services/storage/${volumeId}`);
      expect(reply.statusCode).toBe(409);
      expect(reply.json<{ message: string }>().message).toBe(
        `The volume is attached to ${name}; detach it before deleting it.`,
      );
    });

    it('PATCH /services/storage/{id}/size: only upward, the size LXD records', async () => {
      const url = `/services/storage/${volumeId}/size`;
      await refusals('PATCH', url, { size_gb: 30 }, { body: { size_gb: 10 }, field: 'size_gb' });
      await succeeds('PATCH', url, { size_gb: 30 }, `The volume ${volumeName} now has 30 GB.`);
      expect((await lxdVolume(volumeId))?.config['user.portal.size-gb']).toBe('30');
      expect((await read()).size_gb).toBe(30);
    }, 90_000);

    it('POST /services/storage/{id}/detach: the disk leaves the instance', async () => {
      const url = `/services/storage/${volumeId}/detach`;
      await refusals('POST', url, undefined, { url: '/services/storage/abc/detach', field: 'id' });
      await succeeds('POST', url, undefined, `The volume ${volumeName} was detached.`);
      const devices = (await instanceOf(vmId))?.devices ?? {};
      expect(
        Object.values(devices).some((d) => d['source'] === lxdVolumeName(volumeId, owner)),
      ).toBe(false);
      expect((await lxdVolume(volumeId))?.used_by).toEqual([]);
      expect(await read()).toMatchObject({ state: 'available', attached_vm: null });
    }, 90_000);

    it('DELETE /services/storage/{id}: the custom volume is gone from LXD', async () => {
      const url = `/services/storage/${volumeId}`;
      await refusals('DELETE', url, undefined, { url: '/services/storage/abc', field: 'id' });
      await succeeds('DELETE', url, undefined, `The volume ${volumeName} was deleted.`);
      expect(await lxdVolume(volumeId)).toBeUndefined();
    }, 90_000);
  },
);
