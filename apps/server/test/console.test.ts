import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

/** A console client that collects everything the server sends. */
function connect(url: string) {
  const socket = new WebSocket(url);
  let received = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  socket.on('message', (data: Buffer) => {
    received += data.toString('utf8');
    for (const waiter of [...waiters]) {
      if (received.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return {
    socket,
    get received() {
      return received;
    },
    opened: new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    }),
    /** Resolves once the output holds `text`. */
    waitFor(text: string, ms = 5000) {
      if (received.includes(text)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${text}" in ${JSON.stringify(received)}`)),
          ms,
        );
        waiters.push({
          text,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

/** The HTTP status a refused upgrade answered. */
function refusedStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('the console opened')));
    socket.once('error', () => undefined);
  });
}

describe.each(databaseKinds())('the serial console WebSocket on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let origin = '';
  let vmId = 0;
  let offVmId = 0;

  const ticket = async (id = vmId) => {
    const reply = await fx.call('acme', 'GET', `/services/eseries/${id}/console`);
    return reply;
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    await fx.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `ws://127.0.0.1:${(fx.app.server.address() as AddressInfo).port}`;
    const vms = (await fx.call('acme', 'GET', '/services/eseries')).json<{
      data: { id: number; display_name: string; power_state: string }[];
    }>().data;
    vmId = vms.find((vm) => vm.display_name === 'acme-web-01')?.id ?? 0;
    offVmId = vms.find((vm) => vm.power_state === 'poweredOff')?.id ?? 0;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('streams a boot log and a login prompt for a good ticket, and echoes input', async () => {
    const reply = await ticket();
    expect(reply.statusCode).toBe(200);
    const { url, expires_at } = reply.json<{ data: { url: string; expires_at: string } }>().data;
    expect(url).toMatch(/^\/api\/console\/ws\?ticket=[\w-]+$/);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(30_000);

    const client = connect(`${origin}${url}`);
    await client.opened;
    await client.waitFor('acme-web-01 login: ');
    expect(client.received).toContain('Linux version');
    client.socket.send('alex\r');
    await client.waitFor('alex\r\nPassword: ');
    client.socket.send('secret\r');
    await client.waitFor('alex@acme-web-01:~$ ');
    expect(client.received).not.toContain('secret');
    client.socket.send('echo hello console\r');
    await client.waitFor('echo hello console\r\nhello console\r\n');
    client.socket.close();
  });

  it('refuses a bad ticket, and a ticket used once already, before the upgrade', async () => {
    expect(await refusedStatus(`${origin}/api/console/ws?ticket=not-a-ticket`)).toBe(401);
    expect(await refusedStatus(`${origin}/api/console/ws`)).toBe(400);
    const { url } = (await ticket()).json<{ data: { url: string } }>().data;
    const first = connect(`${origin}${url}`);
    await first.opened;
    first.socket.close();
    expect(await refusedStatus(`${origin}${url}`)).toBe(401);
  });

  it('gives no ticket for a powered-off VM or to another tenant', async () => {
    expect((await ticket(offVmId)).statusCode).toBe(409);
    const foreign = await fx.call('poc', 'GET', `/services/eseries/${vmId}/console`);
    expect(foreign.statusCode).toBe(404);
  });
});
