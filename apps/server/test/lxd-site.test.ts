// A site served by LXD, through the portal's own routes: its catalogue read from LXD, a VM
// created in the tenant's project, powered, changed outside the portal and deleted, with the
// route's refusals for a bad input, another tenant, a read-only role and no token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '@portal/api/contract';
import { loadConfig } from '../src/config.ts';
import { SIMULATED_SITE } from '../src/platform/sites.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { LXD_SOCKET, createBody, localLxd, runTag, tenantInstallation } from './helpers/lxd.ts';
import { owns } from '../src/platform/lxd/ownership.ts';

/** The installation (migration 026) whose LXD objects this file looks for. */
let owner = '';

const lxd = await localLxd('lxd site');

/** The LXD site as `LXD=on` configures it, on the local LXD. */
const LXD_SITE = loadConfig({ LXD_SOCKET }).sites.lxd.site;
/** Acme's project for the installation under test (ADR 045). */
let project = '';
/** Another installation's instance, named to sort after this file's VM. */
const STRANGER = `zz-stranger-${process.pid}`;

interface LxdInstance {
  name: string;
  status: string;
  config: Record<string, string>;
}

describe.runIf(lxd).each(databaseKinds())('a site served by LXD on $kind', ({ kind, open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let catalogue: Catalogue;
  let vmId = 0;
  const name = `lxd-site-${kind}-${runTag()}`;

  const instance = async () => {
    const all =
      (await lxd?.get<LxdInstance[]>('/1.0/instances', {
        project,
        query: { recursion: '1' },
      })) ?? [];
    return all.find((each) => owns(each.config, owner, 'user.portal.vm-id', vmId));
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test, {}, { sites: [SIMULATED_SITE, LXD_SITE] });
    ({ owner, project } = await tenantInstallation(test.db));
    catalogue = (await fx.call('acme', 'GET', '/services/eseries/catalogue')).json<{
      data: Catalogue;
    }>().data;
  }, 120_000);
  afterAll(async () => {
    // Whatever a failed run left behind goes: LXD is left as it was.
    const left = vmId ? await instance() : undefined;
    if (left) {
      const path = `/1.0/instances/${left.name}`;
      if (left.status !== 'Stopped')
        await lxd?.putWait(`${path}/state`, { action: 'stop', force: true }, { project });
      await lxd?.deleteWait(path, { project });
    }
    await lxd?.deleteWait(`/1.0/instances/${STRANGER}`, { project }).catch(() => undefined);
    await fx?.close();
    await test?.dispose();
  });

  it('lists the LXD site with its backend, what it cannot do, and the images LXD has', () => {
    const site = catalogue.regions
      .flatMap((region) => region.sites)
      .find((candidate) => candidate.location === 'LXD1');
    expect(site?.backend).toBe('lxd');
    expect(site?.unavailable?.cdrom).toMatch(/CD-ROM/);
    expect(site?.images?.length).toBeGreaterThan(0);
    const simulated = catalogue.regions.flatMap((region) => region.sites)[0];
    expect(simulated?.backend).toBe('simulator');
  });

  it('refuses a bad input naming the field, a read-only role and no token', async () => {
    const body = createBody(catalogue, name);
    const bad = await fx.call('acme', 'POST', '/services/eseries', {
      ...body,
      vm_params: { ...body.vm_params, memory: 1000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/vm_params\.memory/);
    const viewer = await fx.call('globex', 'POST', '/services/eseries', {
      ...body,
      tenant_id: 'UZZ100002',
    });
    expect(viewer.statusCode).toBe(403);
    expect((await fx.call(null, 'POST', '/services/eseries', body)).statusCode).toBe(401);
  });

  it("creates the VM in the tenant's LXD project, powers it, follows an outside stop, deletes it", async () => {
    const created = await fx.call('acme', 'POST', '/services/eseries', createBody(catalogue, name));
    expect(created.statusCode).toBe(202);
    const taskId = created.json<{ data: { task_id: number } }>().data.task_id;
    const vms = (await fx.call('acme', 'GET', '/services/eseries')).json<{
      data: { id: number; display_name: string }[];
    }>().data;
    vmId = vms.find((vm) => vm.display_name === name)?.id ?? 0;
    expect(await fx.waitTask('acme', taskId, 90_000)).toEqual({
      state: 'SUCCESS',
      message: `The virtual machine ${name} was built and powered on.`,
    });
    expect((await instance())?.status).toBe('Running');

    // Another portal on this LXD (or an earlier run) left a stopped instance carrying the same
    // VM id: it is not this VM's, whatever its name sorts like.
    await lxd?.postWait(
      '/1.0/instances',
      {
        name: STRANGER,
        source: { type: 'image', alias: 'portal-busybox' },
        config: { 'user.portal.vm-id': String(vmId), 'user.portal.installation': 'another' },
      },
      { project },
    );

    // Another tenant does not see it, even by its id.
    expect((await fx.call('globex', 'GET', `/services/compute/${vmId}`)).statusCode).toBe(404);

    const off = await fx.call('acme', 'POST', `/services/eseries/${vmId}/power_state`, {
      power_operation: 'powerOff',
    });
    expect(off.statusCode).toBe(202);
    const offTask = off.json<{ data: { task_id: number } }>().data.task_id;
    expect((await fx.waitTask('acme', offTask, 60_000)).state).toBe('SUCCESS');
    expect((await instance())?.status).toBe('Stopped');

    const on = await fx.call('acme', 'POST', `/services/eseries/${vmId}/power_state`, {
      power_operation: 'powerOn',
    });
    const onTask = on.json<{ data: { task_id: number } }>().data.task_id;
    expect((await fx.waitTask('acme', onTask, 60_000)).state).toBe('SUCCESS');
    const read = await fx.call('acme', 'GET', `/services/compute/${vmId}`);
    expect(read.json<{ data: { power_state: string } }>().data.power_state).toBe('poweredOn');

    // Stopped on LXD itself, outside the portal: the portal shows it within seconds.
    const outside = await instance();
    await lxd?.putWait(
      `/1.0/instances/${outside?.name}/state`,
      { action: 'stop', force: true, timeout: 10 },
      { project },
    );
    await expect
      .poll(
        async () =>
          (await fx.call('acme', 'GET', `/services/compute/${vmId}`)).json<{
            data: { power_state: string };
          }>().data.power_state,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('poweredOff');

    const removed = await fx.call('acme', 'DELETE', `/services/eseries/${vmId}`);
    expect(removed.statusCode).toBe(202);
    const removeTask = removed.json<{ data: { task_id: number } }>().data.task_id;
    expect((await fx.waitTask('acme', removeTask, 60_000)).state).toBe('SUCCESS');
    expect(await instance()).toBeUndefined();
    const theirs = await lxd?.get<LxdInstance>(`/1.0/instances/${STRANGER}`, { project });
    expect(theirs?.config['user.portal.installation']).toBe('another');
  }, 240_000);
});
