import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LxdLive } from '../src/areas/compute/drivers/lxd/live.ts';
import { addressId } from '../src/areas/compute/drivers/lxd/nat.ts';
import { VM_ID_KEY, type ObservedInstance } from '../src/areas/compute/drivers/lxd/observe.ts';
import type { OperationContext, VmStateFacts } from '../src/areas/compute/driver.ts';
import { DriverError } from '../src/platform/driver.ts';
import { LxdClient } from '../src/platform/lxd/client.ts';
import { localLxd, runAddresses } from './helpers/lxd.ts';
import { lxdSandbox, type LxdSandbox } from './helpers/lxd-sandbox.ts';

const lxd = await localLxd('lxd live');

const factsOf = (instance: ObservedInstance): VmStateFacts => ({
  displayName: instance.name,
  powerState: instance.status === 'Running' ? 'poweredOn' : 'poweredOff',
  vcpus: 1,
  memoryMb: 256,
  adapters: [],
  bootCdrom: null,
});

describe.runIf(lxd)('the LXD driver while instances run, found by the VM id they carry', () => {
  const client = lxd as LxdClient;
  const vmId = 800_000 + (process.pid % 10_000);
  // An address of TEST-NET-3 (RFC 5737) of this run's own: another suite may be using LXD.
  const pool = lxd ? runAddresses(5, 1) : [];
  const address = pool[0] ?? '';
  let sandbox: LxdSandbox;
  let live: LxdLive;
  let name = '';
  const ctx = (taskId: number): OperationContext => ({
    taskId,
    tenantId: 1,
    tenantCode: 'UZZ100001',
    signal: new AbortController().signal,
  });

  beforeAll(async () => {
    sandbox = await lxdSandbox(client, 'live');
    ({ name } = await sandbox.launch('live-1', {
      config: { [VM_ID_KEY]: String(vmId) },
      address: true,
    }));
    live = new LxdLive(client, { site: 'Local LXD', forwardAddresses: pool });
  }, 60_000);
  afterAll(async () => {
    live?.stop();
    await live?.forget(ctx(99), vmId);
    await sandbox?.dispose();
    await client.close();
  }, 60_000);

  it('finds the instance in its project, and none for a VM LXD does not have', async () => {
    expect(await live.locate(vmId)).toEqual({ project: sandbox.project, name });
    expect(await live.locate(vmId + 1)).toBeNull();
  });

  it('observes every VM asked about, null for one LXD does not have', async () => {
    const facts = await live.observe([vmId, vmId + 1], factsOf);
    expect(facts.get(vmId)).toMatchObject({ displayName: name, powerState: 'poweredOn' });
    expect(facts.get(vmId + 1)).toBeNull();
  });

  it('adds and cancels NAT, forgets the VM, and refuses with a sentence for a VM LXD lost', async () => {
    const nat = await live.createNat(ctx(1), vmId, 'portalbr0', null);
    expect(nat.globalIpaddress).toBe(address);
    const full = await live.createNat(ctx(2), vmId, 'portalbr0', null).catch((e: unknown) => e);
    expect((full as DriverError).message).toContain('Every public address of this site is in use');
    expect(await live.cancelNat(ctx(3), vmId, addressId(address))).toEqual({
      globalIpaddress: address,
    });
    const lost = await live.createNat(ctx(4), vmId + 1, 'portalbr0', null).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(DriverError);
    expect((lost as DriverError).message).toBe(
      'The virtual machine is no longer on the LXD server at Local LXD.',
    );
  });

  it('reports a VM whose instance is deleted outside the portal, then observes it as lost', async () => {
    const stop = new AbortController();
    const reported: number[] = [];
    const watching = live.watch((ids) => reported.push(...ids), stop.signal);
    // The watch knows the instance from its first look at every VM.
    await expect.poll(() => reported, { timeout: 5000 }).toContain(vmId);
    reported.length = 0;
    await client.putWait(
      `/1.0/instances/${name}/state`,
      { action: 'stop', force: true },
      { project: sandbox.project },
    );
    await client.deleteWait(`/1.0/instances/${name}`, { project: sandbox.project });
    await expect.poll(() => reported, { timeout: 5000 }).toContain(vmId);
    expect((await live.observe([vmId], factsOf)).get(vmId)).toBeNull();
    stop.abort();
    await watching;
  });

  it('says LXD is down in a sentence naming the site', async () => {
    const down = new LxdClient({ socketPath: '/nonexistent/lxd.socket' }, { timeoutMs: 1000 });
    const dark = new LxdLive(down, { site: 'Local LXD' });
    const failed = await dark.observe([vmId], factsOf).catch((e: unknown) => e);
    expect((failed as DriverError).message).toBe(
      'The LXD server at Local LXD does not answer right now. Try again in a few minutes.',
    );
    const nat = await dark.cancelNat(ctx(5), vmId, 1).catch((e: unknown) => e);
    expect((nat as DriverError).message).toContain('does not answer right now');
    await down.close();
  });
});
