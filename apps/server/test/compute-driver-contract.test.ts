import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowerState } from '@portal/api/contract';
import { ComputeSimulator } from '../src/areas/compute/drivers/simulator/index.ts';
import {
  instanceName,
  LxdComputeDriver,
  tenantProject,
} from '../src/areas/compute/drivers/lxd/index.ts';
import type { ComputeDriver, OperationContext, VmSpec } from '../src/areas/compute/driver.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { DriverError } from '../src/platform/driver.ts';
import { LxdClient } from '../src/platform/lxd/client.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { installationClient, localLxd, removeInstallationObjects, runTag } from './helpers/lxd.ts';

// One set of assertions for every compute driver: the simulator cannot drift from LXD.

const lxd = await localLxd('compute driver contract');
const [pglite] = databaseKinds();
const TENANT_ID = 990_000 + (process.pid % 9999);
const TENANT_CODE = `ZZT${process.pid}`;
// Instance names are DNS names on the shared bridge: this run's own, beside another suite's.
const VM_NAME = `Contract VM ${runTag()}`;
const RENAMED = `Contract VM 2 ${runTag()}`;
const SITE = {
  regionId: 'local',
  regionName: 'Local',
  id: 'lxd1',
  name: 'LXD 1',
  location: 'LXD1',
};

interface Subject {
  name: string;
  make(db: Database): Promise<{ driver: ComputeDriver; spec: Omit<VmSpec, 'displayName'> }>;
}

/** The client of the LXD subject's driver: it acts for the test database's installation. */
let installation: LxdClient | null = null;

const simulator: Subject = {
  name: 'the simulator',
  async make(db) {
    const driver = new ComputeSimulator(db, { speed: 1000 });
    const site = (await driver.catalogue()).regions[0]?.sites[0];
    const portgroup = site?.portgroups[0];
    if (!site || !portgroup) throw new Error('the simulator offers no site');
    return {
      driver,
      spec: {
        status: 'trial',
        vcpus: 1,
        memoryMb: 2048,
        planId: 'std-1',
        location: site.location,
        adapters: [{ portgroup: portgroup.name, vlan_id: portgroup.vlan_id, ip: null }],
        image: 'Debian',
        version: '13',
        diskSizeGb: 40,
        cluster: site.zones[0]?.cluster ?? '',
        vsnap: false,
      },
    };
  },
};

const lxdSubject = (): Subject => ({
  name: 'LXD',
  async make(db) {
    installation = installationClient(db);
    const driver = new LxdComputeDriver({
      client: installation,
      db,
      site: SITE,
      tenantLimits: async () => ({ instances: 5, cpu: 8, memoryMb: 16_384 }),
    });
    const catalogue = await driver.catalogue();
    const site = catalogue.regions[0]?.sites[0];
    const portgroup = site?.portgroups.find((each) => each.name === 'portalbr0');
    const image = catalogue.images.find((each) => each.name === 'busybox');
    if (!site || !portgroup || !image?.versions[0])
      throw new Error('The local LXD lacks portalbr0 or the busybox image: run npm run lxd:setup');
    return {
      driver,
      spec: {
        status: 'trial',
        vcpus: 1,
        memoryMb: 2048,
        planId: 'std-1',
        location: site.location,
        adapters: [{ portgroup: portgroup.name, vlan_id: portgroup.vlan_id, ip: null }],
        image: image.name,
        version: image.versions[0].name,
        diskSizeGb: 40,
        cluster: site.zones[0]?.cluster ?? '',
        vsnap: true,
      },
    };
  },
});

const subjects = [simulator, ...(lxd ? [lxdSubject()] : [])];

describe.each(subjects)('the compute driver contract on $name', (subject) => {
  let test: TestDatabase;
  let driver: ComputeDriver;
  let spec: Omit<VmSpec, 'displayName'>;
  let taskId = 1000;
  const vmId = 7001;
  const ctx = (id = ++taskId): OperationContext => ({
    taskId: id,
    tenantId: TENANT_ID,
    tenantCode: TENANT_CODE,
    signal: AbortSignal.timeout(60_000),
  });
  const state = async () => (await driver.refresh(ctx(), vmId)).powerState;

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite');
    test = await pglite.open();
    await migrate(test.db);
    ({ driver, spec } = await subject.make(test.db));
  }, 60_000);

  afterAll(async () => {
    // Whatever a failed assertion left behind goes too.
    await driver.deleteVm(ctx(), vmId).catch(() => undefined);
    if (lxd && subject.name === 'LXD') {
      (driver as LxdComputeDriver).stop();
      const owner = await installation?.owner();
      if (owner) await removeInstallationObjects(owner).catch(() => undefined);
      await installation?.close();
    }
    await test.dispose();
  }, 60_000);

  it('creates a powered-on VM; the same task again reports the same facts and makes nothing more', async () => {
    const first = ctx();
    const built = await driver.createVm(first, vmId, { ...spec, displayName: VM_NAME });
    expect(built.powerState).toBe('poweredOn');
    expect(built.adapters).toHaveLength(1);
    expect(await driver.createVm(first, vmId, { ...spec, displayName: VM_NAME })).toEqual(built);
    if (lxd && subject.name === 'LXD') {
      const instances = await lxd.get<string[]>('/1.0/instances', {
        project: await tenantProject(installation ?? lxd, TENANT_CODE),
      });
      expect(instances).toEqual([
        expect.stringMatching(new RegExp(`^/1\\.0/instances/${instanceName(VM_NAME)}(\\?|$)`)),
      ]);
    }
  });

  it("lets another tenant's VM carry the same name, on the same network", async () => {
    const other: OperationContext = {
      ...ctx(),
      tenantId: TENANT_ID + 1,
      tenantCode: `${TENANT_CODE}B`,
    };
    const otherVm = vmId + 1;
    try {
      const built = await driver.createVm(other, otherVm, { ...spec, displayName: VM_NAME });
      expect(built.powerState).toBe('poweredOn');
      expect((await driver.refresh({ ...other, taskId: ++taskId }, otherVm)).displayName).toBe(
        VM_NAME,
      );
      expect(await state()).toBe('poweredOn');
    } finally {
      await driver.deleteVm({ ...other, taskId: ++taskId }, otherVm).catch(() => undefined);
      if (lxd && subject.name === 'LXD')
        await lxd
          .delete(`/1.0/projects/${await tenantProject(installation ?? lxd, other.tenantCode)}`)
          .catch(() => undefined);
    }
  });

  it('powers off and on, refusing what the state does not allow', async () => {
    const off = ctx();
    expect(await driver.power(off, vmId, 'powerOff')).toEqual({
      from: 'poweredOn',
      to: 'poweredOff',
    });
    expect(await driver.power(off, vmId, 'powerOff')).toEqual({
      from: 'poweredOn',
      to: 'poweredOff',
    });
    expect(await state()).toBe('poweredOff');
    await expect(driver.power(ctx(), vmId, 'powerOff')).rejects.toThrow(
      'The virtual machine is already powered off.',
    );
    expect(await driver.power(ctx(), vmId, 'powerOn')).toEqual({
      from: 'poweredOff',
      to: 'poweredOn',
    });
    expect(await state()).toBe('poweredOn');
  });

  it('takes a snapshot, reverts to it keeping power_state and suppress_power_on, and deletes it', async () => {
    const taken = await driver.snapshot(
      ctx(),
      vmId,
      { snap_op: 'CreateSnapshot', name: 'before', description: 'first', power_state: false },
      501,
    );
    expect(taken).toMatchObject({
      done: 'created',
      id: 501,
      name: 'before',
      powerState: 'poweredOff',
    });
    const edited = await driver.snapshot(
      ctx(),
      vmId,
      { snap_op: 'EditSnapshot', snap_id: 501, name: 'renamed', description: 'edited' },
      0,
    );
    expect(edited).toMatchObject({
      done: 'edited',
      id: 501,
      name: 'renamed',
      description: 'edited',
    });
    const reverted = await driver.snapshot(
      ctx(),
      vmId,
      { snap_op: 'RevertSnapshot', snap_id: 501 },
      0,
    );
    expect(reverted).toMatchObject({
      done: 'reverted',
      id: 501,
      powerState: 'poweredOff' satisfies PowerState,
    });
    expect(await state()).toBe('poweredOff');
    // A revert brings the disk back, not an old name.
    expect((await driver.refresh(ctx(), vmId)).displayName).toBe(VM_NAME);
    await driver.power(ctx(), vmId, 'powerOn');
    await driver.snapshot(
      ctx(),
      vmId,
      { snap_op: 'CreateSnapshot', name: 'on', power_state: true },
      502,
    );
    const suppressed = await driver.snapshot(
      ctx(),
      vmId,
      { snap_op: 'RevertSnapshot', snap_id: 502, suppress_power_on: true },
      0,
    );
    expect(suppressed).toMatchObject({ powerState: 'poweredOff' });
    expect(await state()).toBe('poweredOff');
    await driver.power(ctx(), vmId, 'powerOn');
    expect(
      await driver.snapshot(ctx(), vmId, { snap_op: 'DeleteSnapshot', snap_id: 501 }, 0),
    ).toMatchObject({
      done: 'deleted',
      id: 501,
    });
    await expect(
      driver.snapshot(ctx(), vmId, { snap_op: 'DeleteSnapshot', snap_id: 501 }, 0),
    ).rejects.toThrow('The snapshot 501 does not exist; it may have been deleted.');
    expect(await driver.snapshot(ctx(), vmId, { snap_op: 'DeleteAllSnapshots' }, 0)).toEqual({
      done: 'deletedAll',
      count: 1,
    });
  });

  it('resizes, and refuses with the domain sentences', async () => {
    await expect(driver.resize(ctx(), vmId, { vcpus: 64, memoryGB: 2 })).rejects.toThrow(
      'The plan Standard 1 allows at most 4 vCPUs.',
    );
    expect(await driver.resize(ctx(), vmId, { vcpus: 2, memoryGB: 4 })).toEqual({
      vcpus: 2,
      memoryMb: 4096,
    });
    await expect(driver.resize(ctx(), vmId, { vcpus: 1, memoryGB: 4 })).rejects.toThrow(
      'Power the virtual machine off before reducing its vCPUs or memory.',
    );
    const read = await driver.refresh(ctx(), vmId);
    expect(read).toMatchObject({ vcpus: 2, memoryMb: 4096, powerState: 'poweredOn' });
  });

  it('renames, refusing the same name', async () => {
    expect(await driver.rename(ctx(), vmId, RENAMED)).toEqual({
      displayName: RENAMED,
    });
    expect((await driver.refresh(ctx(), vmId)).displayName).toBe(RENAMED);
    await expect(driver.rename(ctx(), vmId, RENAMED)).rejects.toThrow(
      `The virtual machine is already named "${RENAMED}".`,
    );
  });

  it('deletes the VM; then it no longer exists', async () => {
    expect(await driver.deleteVm(ctx(), vmId)).toEqual({ displayName: RENAMED });
    await expect(driver.refresh(ctx(), vmId)).rejects.toThrow(DriverError);
    if (lxd && subject.name === 'LXD') {
      const instances = await lxd.get<string[]>('/1.0/instances', {
        project: await tenantProject(installation ?? lxd, TENANT_CODE),
      });
      expect(instances).toEqual([]);
    }
  });
});

describe('the LXD driver when LXD is down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lxd-down-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails a task with a sentence within seconds', async () => {
    if (!pglite) throw new Error('no PGlite');
    const test = await pglite.open();
    await migrate(test.db);
    const client = new LxdClient({ socketPath: join(dir, 'none.socket') }, { timeoutMs: 1000 });
    const driver = new LxdComputeDriver({
      client,
      db: test.db,
      site: SITE,
      tenantLimits: async () => ({ instances: null, cpu: null, memoryMb: null }),
    });
    const { spec } = await simulator.make(test.db);
    const started = Date.now();
    const error = await driver
      .createVm(
        { taskId: 1, tenantId: 1, tenantCode: 'UZZ100001', signal: AbortSignal.timeout(10_000) },
        1,
        { ...spec, displayName: 'Down' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriverError);
    expect((error as DriverError).message).toBe(
      'The LXD server at LXD1 does not answer right now. Try again in a few minutes.',
    );
    expect((error as DriverError).detail).toMatch(/ENOENT|ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(driver.catalogue()).rejects.toThrow('does not answer right now');
    await client.close();
    await test.dispose();
  }, 60_000);
});
