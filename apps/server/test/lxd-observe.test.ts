import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  observeInstances,
  VM_ID_KEY,
  watchInstances,
  type ObservedInstance,
} from '../src/areas/compute/drivers/lxd/observe.ts';
import { DriverError, type VmStateFacts } from '../src/areas/compute/driver.ts';
import { LxdClient } from '../src/platform/lxd/client.ts';
import { localLxd } from './helpers/lxd.ts';
import { lxdSandbox, type LxdSandbox } from './helpers/lxd-sandbox.ts';

const lxd = await localLxd('lxd observe');

/** Facts as far as this test needs them: the name and the power state. */
const factsOf = (instance: ObservedInstance): VmStateFacts => ({
  displayName: instance.name,
  powerState: instance.status === 'Running' ? 'poweredOn' : 'poweredOff',
  vcpus: 1,
  memoryMb: 256,
  adapters: [],
  bootCdrom: null,
});

describe.runIf(lxd)('changes made to LXD instances outside the portal', () => {
  const client = lxd as LxdClient;
  let sandbox: LxdSandbox;
  const refs = new Map<number, { project: string; name: string }>();
  const stop = new AbortController();
  const reported: number[][] = [];
  let watching: Promise<void> = Promise.resolve();
  const state = (path: string, action: string) =>
    client.putWait(
      `/1.0/instances/${path}/state`,
      { action, force: true },
      { project: sandbox.project },
    );

  beforeAll(async () => {
    sandbox = await lxdSandbox(client, 'observe');
    for (const [id, name] of [
      [101, 'watched-1'],
      [102, 'watched-2'],
    ] as const) {
      refs.set(id, await sandbox.launch(name, { config: { [VM_ID_KEY]: String(id) } }));
    }
    watching = watchInstances(client, (ids) => reported.push(ids), stop.signal, {
      resolve: async ({ project, name }) =>
        [...refs].find(([, ref]) => ref.project === project && ref.name === name)?.[0] ?? null,
      all: async () => [...refs.keys()],
      everyMs: 60_000,
      retryMs: 1000,
      batchMs: 100,
    });
    // Every VM is looked at once when the watch starts.
    await vi.waitFor(() => expect(reported.flat().sort()).toEqual([101, 102]));
  }, 60_000);
  afterAll(async () => {
    stop.abort();
    await watching;
    await sandbox?.dispose();
    await client.close();
  }, 60_000);

  it('reports a VM stopped in LXD directly within seconds, observed as powered off', async () => {
    const ref = refs.get(101);
    reported.length = 0;
    const before = await observeInstances(client, refs, [101], factsOf);
    expect(before.get(101)?.powerState).toBe('poweredOn');
    const stoppedAt = Date.now();
    await state(ref?.name ?? '', 'stop');
    await expect.poll(() => reported.flat(), { timeout: 5000, interval: 50 }).toContain(101);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(reported.flat()).not.toContain(102);
    const after = await observeInstances(client, refs, [101, 102], factsOf);
    expect(after.get(101)?.powerState).toBe('poweredOff');
    expect(after.get(102)?.powerState).toBe('poweredOn');
  });

  it('finds an instance renamed outside by the VM id it carries', async () => {
    const ref = refs.get(102);
    reported.length = 0;
    await state(ref?.name ?? '', 'stop');
    await client.postWait(
      `/1.0/instances/${ref?.name}`,
      { name: `renamed-${process.pid}` },
      { project: sandbox.project },
    );
    await expect.poll(() => reported.flat(), { timeout: 5000, interval: 50 }).toContain(102);
    const after = await observeInstances(client, refs, [102], factsOf);
    expect(after.get(102)?.displayName).toBe(`renamed-${process.pid}`);
  });

  it('answers null for a VM whose instance was deleted in LXD', async () => {
    const ref = refs.get(101);
    reported.length = 0;
    await client.deleteWait(`/1.0/instances/${ref?.name}`, { project: sandbox.project });
    await expect.poll(() => reported.flat(), { timeout: 5000, interval: 50 }).toContain(101);
    const after = await observeInstances(client, refs, [101, 102, 999], factsOf);
    expect(after.get(101)).toBeNull();
    expect(after.get(102)).not.toBeNull();
    expect(after.get(999)).toBeNull();
  });

  it('says LXD is down in a sentence, and the watch looks at every VM while it cannot follow', async () => {
    const down = new LxdClient({ socketPath: '/nonexistent/lxd.socket' }, { timeoutMs: 1000 });
    const failed = await observeInstances(down, refs, [102], factsOf).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DriverError);
    expect((failed as DriverError).message).toContain('does not answer right now');
    const seen: number[][] = [];
    const halt = new AbortController();
    const blind = watchInstances(down, (ids) => seen.push(ids), halt.signal, {
      resolve: async () => null,
      all: async () => [7, 8],
      everyMs: 60_000,
      retryMs: 200,
      batchMs: 10,
    });
    await expect.poll(() => seen.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toEqual([7, 8]);
    halt.abort();
    await blind;
    await down.close();
  });
});
