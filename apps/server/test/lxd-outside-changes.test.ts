import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LxdComputeDriver, tenantProject } from '../src/areas/compute/drivers/lxd/index.ts';
import type { OperationContext } from '../src/areas/compute/driver.ts';
import { migrate } from '../src/db/migrate.ts';
import { DriverError } from '../src/platform/driver.ts';
import { LxdClient } from '../src/platform/lxd/client.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { installationClient, localLxd, removeInstallationObjects } from './helpers/lxd.ts';
import { owns } from '../src/platform/lxd/ownership.ts';

const lxd = await localLxd('lxd outside changes');
const [pglite] = databaseKinds();
const TENANT_ID = 980_000 + (process.pid % 9999);
const TENANT_CODE = `ZZO${process.pid}`;
const SITE = {
  regionId: 'local',
  regionName: 'Local',
  id: 'lxd1',
  name: 'LXD 1',
  location: 'LXD1',
};

describe.runIf(lxd)('changes made in LXD outside the portal, seen by the LXD driver', () => {
  /** A client acting for the test database's installation, as a site's does. */
  let client: LxdClient;
  let project = '';
  let owner = '';
  let test: TestDatabase;
  let driver: LxdComputeDriver;
  let taskId = 5000;
  const vmIds = [8101, 8102];
  const names = new Map<number, string>();
  const reported: number[] = [];
  const stop = new AbortController();
  let watching: Promise<void> = Promise.resolve();
  const ctx = (): OperationContext => ({
    taskId: ++taskId,
    tenantId: TENANT_ID,
    tenantCode: TENANT_CODE,
    signal: AbortSignal.timeout(60_000),
  });
  const outside = (vmId: number, action: string) =>
    client.putWait(`/1.0/instances/${names.get(vmId)}/state`, { action, force: true }, { project });

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite');
    test = await pglite.open();
    await migrate(test.db);
    client = installationClient(test.db);
    owner = await client.owner();
    project = await tenantProject(client, TENANT_CODE);
    driver = new LxdComputeDriver({
      client,
      db: test.db,
      site: SITE,
      tenantLimits: async () => ({ instances: 5, cpu: 8, memoryMb: 16_384 }),
    });
    const catalogue = await driver.catalogue();
    const image = catalogue.images.find((each) => each.name === 'busybox');
    for (const vmId of vmIds) {
      await driver.createVm(ctx(), vmId, {
        displayName: `Outside ${vmId} ${process.pid}`,
        status: 'trial',
        vcpus: 1,
        memoryMb: 256,
        planId: 'std-1',
        location: SITE.location,
        adapters: [{ portgroup: 'portalbr0', vlan_id: 1, ip: null }],
        image: image?.name ?? 'busybox',
        version: image?.versions[0]?.name ?? '',
        diskSizeGb: null,
        cluster: '',
        vsnap: false,
      });
      const instance = (
        await client.get<{ name: string; config: Record<string, string> }[]>('/1.0/instances', {
          project,
          query: { recursion: '1' },
        })
      ).find((each) => owns(each.config, owner, 'user.portal.vm-id', vmId));
      names.set(vmId, instance?.name ?? '');
    }
    watching = driver.watch((ids) => reported.push(...ids), stop.signal);
    // A new VM's DHCP lease is reported when it arrives (and once more 2 s later): wait until
    // both VMs have theirs and those reports are in, so that later reports come from the cases.
    const leased = async () =>
      [...(await driver.observe(vmIds)).values()].every((facts) =>
        facts?.adapters.some((adapter) => adapter.ip),
      );
    for (const until = Date.now() + 60_000; !(await leased()) && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }, 120_000);
  afterAll(async () => {
    stop.abort();
    await watching;
    for (const vmId of vmIds) await driver?.deleteVm(ctx(), vmId).catch(() => undefined);
    driver?.stop();
    if (owner) await removeInstallationObjects(owner).catch(() => undefined);
    await client?.close();
    await test?.dispose();
  }, 120_000);

  it('looks at every VM when the watch starts', async () => {
    await expect.poll(() => reported).toEqual(expect.arrayContaining(vmIds));
  });

  it('reports an lxc stop done outside within seconds; observed, the VM is powered off', async () => {
    const [vmId = 0, other = 0] = vmIds;
    expect((await driver.observe([vmId])).get(vmId)?.powerState).toBe('poweredOn');
    reported.length = 0;
    const stoppedAt = Date.now();
    await outside(vmId, 'stop');
    await expect.poll(() => reported, { timeout: 5000, interval: 50 }).toContain(vmId);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(reported).not.toContain(other);
    const facts = await driver.observe([vmId, other]);
    expect(facts.get(vmId)?.powerState).toBe('poweredOff');
    expect(facts.get(other)?.powerState).toBe('poweredOn');
  });

  it('follows a rename done outside: reported, observed, and the new name kept', async () => {
    const vmId = vmIds[1] ?? 0;
    reported.length = 0;
    await outside(vmId, 'stop');
    const renamed = `renamed-${process.pid}`;
    await client.postWait(`/1.0/instances/${names.get(vmId)}`, { name: renamed }, { project });
    await expect.poll(() => reported, { timeout: 5000, interval: 50 }).toContain(vmId);
    expect((await driver.observe([vmId])).get(vmId)?.adapters).toHaveLength(1);
    names.set(vmId, renamed);
    // The driver now finds the instance by its new name: a power-on from the portal works.
    const on = await driver.power(ctx(), vmId, 'powerOn');
    expect(on.to).toBe('poweredOn');
  });

  it('answers null for a VM whose instance was deleted outside, after reporting it', async () => {
    const vmId = vmIds[0] ?? 0;
    reported.length = 0;
    await client.deleteWait(`/1.0/instances/${names.get(vmId)}`, { project });
    await expect.poll(() => reported, { timeout: 5000, interval: 50 }).toContain(vmId);
    const facts = await driver.observe([vmId, vmIds[1] ?? 0, 424242]);
    expect(facts.get(vmId)).toBeNull();
    expect(facts.get(424242)).toBeNull();
    expect(facts.get(vmIds[1] ?? 0)).not.toBeNull();
  });

  it('says in a sentence when LXD is down', async () => {
    const down = new LxdClient({ socketPath: '/nonexistent/lxd.socket' }, { timeoutMs: 1000 });
    const dark = new LxdComputeDriver({
      client: down,
      db: test.db,
      site: SITE,
      tenantLimits: async () => ({ instances: null, cpu: null, memoryMb: null }),
    });
    const failed = await dark.observe([vmIds[1] ?? 0]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DriverError);
    expect((failed as DriverError).message).toBe(
      'The LXD server at LXD1 does not answer right now. Try again in a few minutes.',
    );
    await down.close();
  });
});
