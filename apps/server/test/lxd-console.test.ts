import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import WebSocket from 'ws';
import { openLxdConsole } from '../src/areas/compute/drivers/lxd/console.ts';
import type { ConsoleIo, ConsoleTarget } from '../src/areas/compute/driver.ts';
import { computeArea } from '../src/areas/compute/index.ts';
import type { LxdClient } from '../src/platform/lxd/client.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { localLxd } from './helpers/lxd.ts';
import { lxdSandbox, type LxdSandbox } from './helpers/lxd-sandbox.ts';

const lxd = await localLxd('lxd console');

const TARGET: ConsoleTarget = {
  id: 1,
  displayName: 'console-test',
  os: { name: 'BusyBox', version: '1.35', guest_full_name: 'BusyBox' },
  location: 'LXD1',
};

/** A terminal that keeps what the console printed and whether it was closed. */
function terminal() {
  const seen = { text: '', closed: false };
  const io: ConsoleIo = {
    send: (text) => void (seen.text += text),
    close: () => void (seen.closed = true),
  };
  return { seen, io };
}

/** A line the shell prints, which the typed command does not contain: `$((6*7))` is 42. */
const TYPED = 'echo portal-$((6*7))\r';
const PRINTED = 'portal-42';

/**
 * Types the command, and again every 3 s (after Ctrl-U clears the line) until the shell has
 * printed its result: a shell that has just asked the terminal where its cursor is (ESC [6n,
 * which nobody answers here) can take the first keys as the answer ("cecho: not found").
 */
async function typeUntilPrinted(type: (text: string) => void, printed: () => string) {
  const until = Date.now() + 30_000;
  let typedAt = 0;
  while (!printed().includes(PRINTED) && Date.now() < until) {
    if (Date.now() - typedAt >= 3000) {
      type(typedAt === 0 ? TYPED : `\u0015${TYPED}`);
      typedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(printed()).toContain(PRINTED);
}

// A shell's echo through LXD takes milliseconds, but a busy machine (a whole suite beside it)
// has stretched it past 10 s: each wait gets 30 s, each case a minute.
describe.runIf(lxd)('the console of an LXD instance', { timeout: 60_000 }, () => {
  const client = lxd as LxdClient;
  let sandbox: LxdSandbox;
  let instance = { project: '', name: '' };

  beforeAll(async () => {
    sandbox = await lxdSandbox(client, 'console');
    instance = await sandbox.launch('console-1');
  }, 60_000);
  afterAll(async () => {
    await sandbox?.dispose();
    await client.close();
  }, 60_000);

  it('sends keystrokes typed before it is connected, and shows what the shell prints', async () => {
    const { seen, io } = terminal();
    const session = openLxdConsole(client, async () => instance, TARGET, io);
    onTestFinished(() => session.close());
    session.input(TYPED);
    await expect.poll(() => seen.text, { timeout: 30_000 }).toContain(PRINTED);
    // The shell's prompt came too: the console is the instance's /dev/console.
    expect(seen.text).toMatch(/\/ # /);
    session.close();
  });

  it("ends LXD's console operation when the user closes the session", async () => {
    const { seen, io } = terminal();
    const session = openLxdConsole(client, async () => instance, TARGET, io);
    // Closed whatever happens: a console left open would keep the next case's from attaching.
    onTestFinished(() => session.close());
    await typeUntilPrinted(
      (text) => session.input(text),
      () => seen.text,
    );
    const consoles = async () =>
      (
        await client.get<{ running?: { description: string; resources: unknown }[] }>(
          '/1.0/operations',
          { project: instance.project, query: { recursion: '1' } },
        )
      ).running?.filter(
        (op) =>
          op.description === 'Showing console' &&
          JSON.stringify(op.resources).includes(`/instances/${instance.name}`),
      ).length ?? 0;
    expect(await consoles()).toBe(1);
    session.close();
    await expect.poll(consoles, { timeout: 30_000 }).toBe(0);
    expect(seen.closed).toBe(false);
  });

  it('closes the terminal when LXD ends the console (the instance stops)', async () => {
    const other = await sandbox.launch('console-2');
    const { seen, io } = terminal();
    const session = openLxdConsole(client, async () => other, TARGET, io);
    onTestFinished(() => session.close());
    session.input(TYPED);
    await expect.poll(() => seen.text, { timeout: 30_000 }).toContain(PRINTED);
    await client.putWait(
      `/1.0/instances/${other.name}/state`,
      { action: 'stop', force: true },
      { project: other.project },
    );
    await expect.poll(() => seen.closed, { timeout: 30_000 }).toBe(true);
    expect(seen.text).toContain('console-test stopped.');
    session.close();
  });

  it('says so on the terminal, then closes it, when the instance is not on LXD', async () => {
    const { seen, io } = terminal();
    openLxdConsole(client, async () => ({ ...instance, name: 'no-such-instance' }), TARGET, io);
    await expect.poll(() => seen.closed, { timeout: 30_000 }).toBe(true);
    expect(seen.text).toContain('The virtual machine is no longer on the LXD server');
  });

  describe.each(databaseKinds())('through the console route on $kind', ({ open }) => {
    let test: TestDatabase;
    let fx: ComputeFixture;
    let origin = '';

    beforeAll(async () => {
      test = await open();
      fx = await computeFixture(test);
      // This VM's console is the LXD instance's: the route, its ticket and its limits as they are.
      const simulator = fx.app.composition.platform.driversOf(computeArea).primary;
      vi.spyOn(simulator, 'openConsole').mockImplementation((vm, io) =>
        openLxdConsole(client, async () => instance, vm, io),
      );
      await fx.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `ws://127.0.0.1:${(fx.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await fx?.close();
      await test?.dispose();
    });

    it('takes a ticket and a websocket to the instance: typed in, printed out, closed', async () => {
      const vms = (await fx.call('acme', 'GET', '/services/eseries')).json<{
        data: { id: number; power_state: string }[];
      }>().data;
      const vm = vms.find((each) => each.power_state === 'poweredOn');
      const reply = await fx.call('acme', 'GET', `/services/eseries/${vm?.id}/console`);
      expect(reply.statusCode).toBe(200);
      const socket = new WebSocket(`${origin}${reply.json<{ data: { url: string } }>().data.url}`);
      let received = '';
      socket.on('message', (data: Buffer) => (received += data.toString('utf8')));
      onTestFinished(() => socket.close());
      await new Promise((resolve) => socket.once('open', resolve));
      await typeUntilPrinted(
        (text) => socket.send(text),
        () => received,
      );
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    });
  });
});
