import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  instanceName,
  LxdComputeDriver,
  tenantProject,
} from '../src/areas/compute/drivers/lxd/index.ts';
import type { OperationContext } from '../src/areas/compute/driver.ts';
import type { StorageDriver, VolumeSpec } from '../src/areas/storage/driver.ts';
import { LxdStorageDriver, lxdVolumeName } from '../src/areas/storage/drivers/lxd/index.ts';
import { StorageSimulator } from '../src/areas/storage/drivers/simulator/index.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { LxdClient } from '../src/platform/lxd/client.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { installationClient, localLxd, removeInstallationObjects, runTag } from './helpers/lxd.ts';

// One set of assertions for every storage driver: the simulator cannot drift from LXD.

const lxd = await localLxd('storage driver contract');
const [pglite] = databaseKinds();
const TENANT_ID = 980_000 + (process.pid % 9999);
const TENANT_CODE = `ZZS${process.pid}`;
const LOCATION = 'LXD1';
const POOL = 'portal';
const VM_ID = 7101;
const VOLUME_ID = 8101;

interface Subject {
  name: string;
  /** The driver, with a running VM `VM_ID` at LOCATION it can attach to. */
  make(db: Database, ctx: () => OperationContext): Promise<StorageDriver>;
  /** What the platform shows of the volume now (null: it has none), where it can be looked at. */
  look?(): Promise<{ sizeKey: string; mountedAt: string | null } | null>;
  cleanUp(ctx: () => OperationContext): Promise<void>;
}

const simulator: Subject = {
  name: 'the simulator',
  async make(db) {
    return new StorageSimulator(
      db,
      { speed: 1000 },
      {
        locations: async () => [LOCATION],
        vm: async (_q, tenantId, vmId) =>
          tenantId === TENANT_ID && vmId === VM_ID
            ? { location: LOCATION, snapshotIds: [1] }
            : null,
      },
    );
  },
  async cleanUp() {},
};

// The VM's name is a DNS name on the shared bridge: this run's own, beside another suite's.
const VM_NAME = `Storage Contract VM ${runTag()}`;

/** LXD, through a client acting for the test database's installation (as a site's does). */
const lxdSubject = (): Subject => {
  let compute: LxdComputeDriver;
  let client: LxdClient;
  let project = '';
  let volumeName = '';
  return {
    name: 'LXD',
    async make(db, ctx) {
      client = installationClient(db);
      project = await tenantProject(client, TENANT_CODE);
      volumeName = lxdVolumeName(VOLUME_ID, await client.owner());
      compute = new LxdComputeDriver({
        client,
        db,
        site: {
          regionId: 'local',
          regionName: 'Local',
          id: 'lxd1',
          name: 'LXD 1',
          location: LOCATION,
        },
        tenantLimits: async () => ({ instances: 5, cpu: 8, memoryMb: 16_384 }),
      });
      const catalogue = await compute.catalogue();
      const site = catalogue.regions[0]?.sites[0];
      const image = catalogue.images.find((each) => each.name === 'busybox');
      if (!site || !image?.versions[0])
        throw new Error('The local LXD lacks the busybox image: run npm run lxd:setup');
      await compute.createVm(ctx(), VM_ID, {
        displayName: VM_NAME,
        status: 'trial',
        vcpus: 1,
        memoryMb: 2048,
        planId: 'std-1',
        location: site.location,
        adapters: [{ portgroup: 'portalbr0', vlan_id: 1, ip: null }],
        image: image.name,
        version: image.versions[0].name,
        diskSizeGb: null,
        cluster: site.zones[0]?.cluster ?? '',
        vsnap: false,
      });
      return new LxdStorageDriver({ client, db, location: LOCATION, pool: POOL });
    },
    async look() {
      const volume = await client
        .get<{ config: Record<string, string>; used_by: string[] }>(
          `/1.0/storage-pools/${POOL}/volumes/custom/${volumeName}`,
          { project },
        )
        .catch(() => null);
      if (!volume) return null;
      const instance = await client.get<{ devices: Record<string, Record<string, string>> }>(
        `/1.0/instances/${instanceName(VM_NAME)}`,
        { project },
      );
      const disk = Object.values(instance.devices).find(
        (device) => device['source'] === volumeName,
      );
      return {
        sizeKey: volume.config['user.portal.size-gb'] ?? '',
        mountedAt: disk?.['path'] ?? null,
      };
    },
    async cleanUp(ctx) {
      await compute?.deleteVm(ctx(), VM_ID).catch(() => undefined);
      compute?.stop();
      // What this installation made, and nothing of another run's.
      const owner = await client?.owner();
      if (owner) await removeInstallationObjects(owner).catch(() => undefined);
      await client?.close();
    },
  };
};

const subjects = [simulator, ...(lxd ? [lxdSubject()] : [])];

describe.each(subjects)('the storage driver contract on $name', (subject) => {
  let test: TestDatabase;
  let driver: StorageDriver;
  let taskId = 2000;
  const ctx = (id = ++taskId): OperationContext => ({
    taskId: id,
    tenantId: TENANT_ID,
    tenantCode: TENANT_CODE,
    signal: AbortSignal.timeout(60_000),
  });
  const spec: VolumeSpec = {
    name: 'contract data',
    sizeGb: 20,
    type: 'standard',
    location: LOCATION,
    source: null,
  };

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite');
    test = await pglite.open();
    await migrate(test.db);
    driver = await subject.make(test.db, ctx);
  }, 90_000);

  afterAll(async () => {
    await subject.cleanUp(ctx);
    await test.dispose();
  }, 60_000);

  it('creates a volume with its size; the same task again reports the same and makes nothing more', async () => {
    const first = ctx();
    const made = await driver.createVolume(first, VOLUME_ID, spec);
    expect(made).toEqual({ sizeGb: 20, attachedVmId: null });
    expect(await driver.createVolume(first, VOLUME_ID, spec)).toEqual(made);
    if (subject.look) expect(await subject.look()).toEqual({ sizeKey: '20', mountedAt: null });
  });

  it('attaches it to a VM of its site, once per task, refusing a second attach', async () => {
    const first = ctx();
    const attached = await driver.attachVolume(first, VOLUME_ID, VM_ID);
    expect(attached).toEqual({ sizeGb: 20, attachedVmId: VM_ID });
    expect(await driver.attachVolume(first, VOLUME_ID, VM_ID)).toEqual(attached);
    await expect(driver.attachVolume(ctx(), VOLUME_ID, VM_ID)).rejects.toThrow(
      'The volume is already attached; detach it first.',
    );
    if (subject.look)
      expect(await subject.look()).toEqual({ sizeKey: '20', mountedAt: '/mnt/contract-data' });
    // A platform that can be looked at says the same as the facts (bytes used where it counts
    // them: a `dir` pool does not).
    if (driver.observe) {
      const seen = (await driver.observe(TENANT_CODE, [VOLUME_ID, VOLUME_ID + 99])).get(VOLUME_ID);
      expect(seen).toMatchObject({ sizeGb: 20, attachedVmId: VM_ID });
      expect(seen?.usedBytes === null || typeof seen?.usedBytes === 'number').toBe(true);
    }
  });

  it('extends only upward', async () => {
    const first = ctx();
    expect(await driver.extendVolume(first, VOLUME_ID, 30)).toEqual({
      sizeGb: 30,
      attachedVmId: VM_ID,
    });
    expect(await driver.extendVolume(first, VOLUME_ID, 30)).toEqual({
      sizeGb: 30,
      attachedVmId: VM_ID,
    });
    await expect(driver.extendVolume(ctx(), VOLUME_ID, 30)).rejects.toThrow(
      'A volume can only grow: choose more than its current 30 GB.',
    );
  });

  it('refuses to delete it while attached, with the sentence', async () => {
    await expect(driver.deleteVolume(ctx(), VOLUME_ID)).rejects.toThrow(
      /^The volume is attached to .+; detach it before deleting it\.$/,
    );
  });

  it('detaches it once per task, refusing a second detach', async () => {
    const first = ctx();
    expect(await driver.detachVolume(first, VOLUME_ID)).toEqual({
      sizeGb: 30,
      attachedVmId: null,
    });
    expect(await driver.detachVolume(first, VOLUME_ID)).toEqual({
      sizeGb: 30,
      attachedVmId: null,
    });
    await expect(driver.detachVolume(ctx(), VOLUME_ID)).rejects.toThrow(
      'The volume is not attached to a virtual machine.',
    );
    if (subject.look) expect(await subject.look()).toEqual({ sizeKey: '30', mountedAt: null });
  });

  it('makes a volume from a snapshot, or says at once why its site cannot', async () => {
    const fromSnapshot = { ...spec, source: { vmId: VM_ID, snapshotId: 1 } };
    const reason = driver.unavailable?.volumeFromSnapshot;
    if (reason) {
      await expect(driver.createVolume(ctx(), VOLUME_ID + 1, fromSnapshot)).rejects.toThrow(reason);
    } else {
      expect(await driver.createVolume(ctx(), VOLUME_ID + 1, fromSnapshot)).toEqual({
        sizeGb: 20,
        attachedVmId: null,
      });
      expect(await driver.deleteVolume(ctx(), VOLUME_ID + 1)).toEqual({ deleted: true });
    }
  });

  it('deletes it; deleting again finds it gone', async () => {
    expect(await driver.deleteVolume(ctx(), VOLUME_ID)).toEqual({ deleted: true });
    expect(await driver.deleteVolume(ctx(), VOLUME_ID)).toEqual({ deleted: true });
    await expect(driver.attachVolume(ctx(), VOLUME_ID, VM_ID)).rejects.toThrow(
      'The volume no longer exists on the storage platform.',
    );
    if (subject.look) expect(await subject.look()).toBeNull();
  });
});
