// The real prober against real servers on loopback that the test starts: HTTP with a keyword,
// a TCP port, a TLS server whose certificate expires soon, a DNS server over UDP; private targets
// refused without MONITORING_ALLOW_PRIVATE (also a name that resolves to one: DNS rebinding);
// and a monitor really checked through the portal's routes, going down with an incident.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startMailCatcher, type MailCatcher } from '../../../scripts/lib/mail-catcher.mjs';
import { signature } from '../src/areas/monitoring/alerts.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeSpec } from '../src/areas/monitoring/driver.ts';
import { ProbeEnv, runProbe } from '../src/areas/monitoring/drivers/real/probes.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';
import {
  startDnsTarget,
  startHttpTarget,
  startTlsTarget,
  type DnsTarget,
  type HttpTarget,
  type TlsTarget,
} from './helpers/probe-targets.ts';

/**
 * One second of a monitor's interval lasts this long on the servers here: the 20 s interval (the
 * shortest a monitor may have) passes in 5 s, so a second check comes without waiting 20 s.
 */
const MS_PER_INTERVAL_SECOND = 250;

const spec = (change: Partial<ProbeSpec>): ProbeSpec => ({
  type: 'http',
  target: '',
  vmId: null,
  port: null,
  expectedStatus: 200,
  keyword: null,
  dnsRecordType: null,
  tlsDaysThreshold: null,
  intervalSeconds: 20,
  timeoutSeconds: 2,
  ...change,
});

describe('real probes against loopback servers', () => {
  let http: HttpTarget;
  let tls: TlsTarget;
  let dns: DnsTarget;
  let tcp: Server;
  let tcpPort = 0;
  let open: ProbeEnv;
  let guarded: ProbeEnv;

  beforeAll(async () => {
    [http, tls, dns] = await Promise.all([
      startHttpTarget(),
      startTlsTarget(5),
      startDnsTarget({
        'shop.example.test': { A: ['203.0.113.7', '203.0.113.8'], MX: [[10, 'mail.example.test']] },
        'spf.example.test': { TXT: ['v=spf1 -all'] },
      }),
    ]);
    tcp = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    tcpPort = (tcp.address() as AddressInfo).port;
    open = new ProbeEnv({ allowPrivate: true, dnsServer: dns.server, extraCa: tls.cert });
    // Without the setting; its resolver answers a public-looking name with loopback (rebinding).
    guarded = new ProbeEnv({
      allowPrivate: false,
      dnsServer: dns.server,
      resolve: ((_name: string, _options: unknown, callback: (...args: unknown[]) => void) =>
        callback(null, [{ address: '127.0.0.1', family: 4 }])) as never,
    });
  });

  afterAll(async () => {
    await Promise.all([http.close(), tls.close(), dns.close(), open.close(), guarded.close()]);
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });

  it('checks HTTP: the status, a keyword on the page, the response time and the timeout', async () => {
    const ok = await runProbe(spec({ target: `${http.url}/home`, keyword: 'OPERATIONAL' }), open);
    expect(ok).toMatchObject({ ok: true, warning: false, message: 'HTTP 200 OK' });
    expect(ok.responseMs).toBeGreaterThan(0);
    const missing = await runProbe(
      spec({ target: `${http.url}/home`, keyword: 'maintenance' }),
      open,
    );
    expect(missing).toMatchObject({
      ok: false,
      message: 'HTTP 200 OK, but the page does not contain "maintenance"',
    });
    http.answer.status = 503;
    const down = await runProbe(spec({ target: `${http.url}/home` }), open);
    expect(down).toMatchObject({
      ok: false,
      message: 'Expected HTTP 200, got HTTP 503 Service Unavailable',
    });
    http.answer.status = 200;
    http.answer.delayMs = 1500;
    const slow = await runProbe(spec({ target: `${http.url}/home` }), open);
    expect(slow).toMatchObject({ ok: true, warning: true });
    expect(slow.message).toMatch(/^HTTP 200 OK \(slow: \d+ ms\)$/);
    const late = await runProbe(spec({ target: `${http.url}/home`, timeoutSeconds: 1 }), open);
    expect(late).toMatchObject({ ok: false, message: 'Timed out after 1 s' });
    http.answer.delayMs = 0;
  });

  it('follows redirects like a browser, each hop checked; a monitor that expects one gets it', async () => {
    http.redirects.set('/old', [301, '/moved']);
    http.redirects.set('/moved', [302, `${http.url}/home`]);
    http.redirects.set('/loop', [307, '/loop']);
    http.redirects.set('/ftp', [302, 'ftp://files.example.test/']);
    try {
      const followed = await runProbe(
        spec({ target: `${http.url}/old`, keyword: 'OPERATIONAL' }),
        open,
      );
      expect(followed).toMatchObject({
        ok: true,
        message: `HTTP 200 OK (after 2 redirects to 127.0.0.1:${http.port}/home)`,
      });
      const expected = await runProbe(
        spec({ target: `${http.url}/old`, expectedStatus: 301 }),
        open,
      );
      expect(expected).toMatchObject({ ok: true, message: 'HTTP 301 Moved Permanently' });
      const loop = await runProbe(spec({ target: `${http.url}/loop` }), open);
      expect(loop).toMatchObject({
        ok: false,
        message: `More than 5 redirects from ${http.url}/loop`,
      });
      const ftp = await runProbe(spec({ target: `${http.url}/ftp` }), open);
      expect(ftp).toMatchObject({
        ok: false,
        message: `127.0.0.1:${http.port} redirects to ftp://files.example.test/, which is not an HTTP URL`,
      });
    } finally {
      http.redirects.clear();
    }
  });

  it('checks a TCP port, open and closed', async () => {
    const openPort = await runProbe(
      spec({ type: 'tcp', target: '127.0.0.1', port: tcpPort }),
      open,
    );
    expect(openPort).toMatchObject({ ok: true, message: `Port ${tcpPort} open` });
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const port = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    });
    const closed = await runProbe(
      spec({ type: 'tcp', target: '127.0.0.1', port: closedPort }),
      open,
    );
    expect(closed).toMatchObject({
      ok: false,
      message: `Connection to 127.0.0.1:${closedPort} refused`,
    });
  });

  it("checks a TLS certificate's days left: soon to expire is a warning", async () => {
    const target = `https://127.0.0.1:${tls.port}/`;
    const soon = await runProbe(spec({ type: 'tls', target, tlsDaysThreshold: 14 }), open);
    expect(soon.ok).toBe(true);
    expect(soon.warning).toBe(true);
    expect(soon.message).toMatch(/^The certificate expires in 4 days \(\d{4}-\d\d-\d\d\)$/);
    const fine = await runProbe(spec({ type: 'tls', target, tlsDaysThreshold: 2 }), open);
    expect(fine).toMatchObject({ ok: true, warning: false });
    expect(fine.message).toMatch(/^Certificate valid for 4 days/);
    // Not signed by an authority the prober trusts: failed, saying so.
    const untrusted = new ProbeEnv({ allowPrivate: true, dnsServer: null });
    const refused = await runProbe(spec({ type: 'tls', target, tlsDaysThreshold: 2 }), untrusted);
    await untrusted.close();
    expect(refused).toMatchObject({ ok: false });
    expect(refused.message).toMatch(/not trusted/);
  });

  it('checks DNS records at the configured server', async () => {
    const a = await runProbe(
      spec({ type: 'dns', target: 'shop.example.test', dnsRecordType: 'A' }),
      open,
    );
    expect(a).toMatchObject({ ok: true, message: 'A 203.0.113.7, 203.0.113.8' });
    const mx = await runProbe(
      spec({ type: 'dns', target: 'shop.example.test', dnsRecordType: 'MX' }),
      open,
    );
    expect(mx).toMatchObject({ ok: true, message: 'MX 10 mail.example.test' });
    const txt = await runProbe(
      spec({ type: 'dns', target: 'spf.example.test', dnsRecordType: 'TXT' }),
      open,
    );
    expect(txt).toMatchObject({ ok: true, message: 'TXT "v=spf1 -all"' });
    const none = await runProbe(
      spec({ type: 'dns', target: 'gone.example.test', dnsRecordType: 'A' }),
      open,
    );
    expect(none).toMatchObject({
      ok: false,
      message: 'gone.example.test does not exist (NXDOMAIN)',
    });
    expect(dns.queries).toBeGreaterThanOrEqual(4);
  });

  it('refuses loopback, private, link-local and metadata targets without the setting, by address and by what a name resolves to', async () => {
    const before = http.hits.get('/secret')?.length ?? 0;
    const loop = await runProbe(spec({ target: `${http.url}/secret` }), guarded);
    expect(loop).toMatchObject({ ok: false });
    expect(loop.message).toBe(
      'Refused: 127.0.0.1 is a loopback address; the prober reaches only public addresses unless the provider sets MONITORING_ALLOW_PRIVATE.',
    );
    const metadata = await runProbe(
      spec({ target: 'http://169.254.169.254/latest/meta-data/' }),
      guarded,
    );
    expect(metadata.message).toMatch(/^Refused: 169\.254\.169\.254 is the cloud metadata address/);
    const privateAddress = await runProbe(
      spec({ type: 'tcp', target: '10.1.2.3', port: 22 }),
      guarded,
    );
    expect(privateAddress.message).toMatch(/^Refused: 10\.1\.2\.3 is a private address/);
    const linkLocal = await runProbe(
      spec({ type: 'tcp', target: '169.254.10.1', port: 22 }),
      guarded,
    );
    expect(linkLocal.message).toMatch(/is a link-local address/);
    const v6 = await runProbe(spec({ target: 'http://[::ffff:127.0.0.1]:80/' }), guarded);
    expect(v6.message).toMatch(/loopback/);
    const named = await runProbe(spec({ target: `http://localhost:${http.port}/secret` }), guarded);
    expect(named.message).toMatch(/^Refused: localhost is this machine/);
    // A public-looking name resolving to loopback is refused on the address, at connection time.
    const rebound = await runProbe(
      spec({ target: `http://rebind.example.test:${http.port}/secret` }),
      guarded,
    );
    expect(rebound.message).toBe(
      'Refused: rebind.example.test resolves to 127.0.0.1 is a loopback address; the prober reaches only public addresses unless the provider sets MONITORING_ALLOW_PRIVATE.',
    );
    const tcpRebound = await runProbe(
      spec({ type: 'tcp', target: 'rebind.example.test', port: tcpPort }),
      guarded,
    );
    expect(tcpRebound.message).toMatch(/^Refused: rebind\.example\.test resolves to 127\.0\.0\.1/);
    const tlsRebound = await runProbe(
      spec({
        type: 'tls',
        target: `https://rebind.example.test:${tls.port}/`,
        tlsDaysThreshold: 1,
      }),
      guarded,
    );
    expect(tlsRebound.message).toMatch(/^Refused: rebind\.example\.test resolves to 127\.0\.0\.1/);
    // Nothing reached the server.
    expect(http.hits.get('/secret')?.length ?? 0).toBe(before);
  });
});

describe.each(databaseKinds())(
  'monitors really checked through the routes on $kind',
  ({ open }) => {
    let test: TestDatabase;
    let app: FastifyInstance;
    let strict: FastifyInstance;
    let http: HttpTarget;
    let catcher: MailCatcher;
    let receiver: HttpServer;
    let receiverUrl = '';
    /** What the webhook receiver got: each request's time, headers and body. */
    const received: { at: number; signature: string; event: string; body: string }[] = [];
    /** When the slow hook was called. */
    const slow: number[] = [];
    let token = '';

    const call = (on: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown) =>
      on.inject({
        method,
        url: `/api${url}`,
        headers: bearer(token),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    const data = async <T>(url: string): Promise<T> => {
      const reply = await call(app, 'GET', url);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ data: T }>().data;
    };
    const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const httpBody = (target: string, contacts: unknown[] = []) => ({
      name: `Shop ${target}`,
      tenant: 'UZZ100001',
      type: 'http',
      target_kind: 'url',
      target,
      keyword: 'operational',
      interval_seconds: 20,
      timeout_seconds: 2,
      retries: 0,
      contacts,
    });

    // A database, its seed, two servers and a sign-in: over a minute on a busy two-core machine.
    beforeAll(async () => {
      test = await open();
      await migrate(test.db);
      await seedDemoData(test.db);
      http = await startHttpTarget();
      catcher = await startMailCatcher();
      // A webhook receiver that fails twice (503), then takes the alerts.
      receiver = createHttpServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          // The slow hook: its first request is never answered (the sender times out), then 204.
          if (request.url === '/hooks/slow') {
            slow.push(Date.now());
            if (slow.length > 1) response.writeHead(204).end();
            return;
          }
          received.push({
            at: Date.now(),
            signature: String(request.headers['x-portal-signature'] ?? ''),
            event: String(request.headers['x-portal-event'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          });
          response.writeHead(received.length <= 2 ? 503 : 204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal`;
      const real = { MONITORING_DRIVER: 'real', SIMULATOR_SPEED: '1000', TASK_POLL_MS: '20' };
      const config = testConfig({
        ...real,
        MONITORING_ALLOW_PRIVATE: 'true',
        MONITORING_POLL_MS: '100',
        MONITORING_ALERT_RETRY_MS: '300',
        MONITORING_WEBHOOK_TIMEOUT_MS: '700',
        SMTP_URL: catcher.smtpUrl,
      });
      config.monitoring.msPerIntervalSecond = MS_PER_INTERVAL_SECOND;
      app = await testApp(test.db, { config });
      // The same database, without the setting, and no background work: only its routes are used.
      strict = await testApp(await test.openAnother(), {
        config: testConfig(real),
        runTasks: false,
      });
      await app.ready();
      await strict.ready();
      token = await signIn('provider@portal.test', DEMO_PASSWORD);
    }, 180_000);

    afterAll(async () => {
      await app.close();
      await strict.close();
      await http.close();
      await catcher.stop();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await test.dispose();
    });

    it('refuses private targets and webhooks at creation without MONITORING_ALLOW_PRIVATE, naming the field', async () => {
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [httpBody('http://127.0.0.1:8080/'), 'target', /127\.0\.0\.1 is a loopback address/],
        [httpBody('http://169.254.169.254/latest/'), 'target', /cloud metadata address/],
        [httpBody('http://localhost/'), 'target', /localhost is this machine/],
        [
          {
            ...httpBody('http://192.168.1.1/'),
            type: 'tls',
            target_kind: 'url',
            tls_days_threshold: 7,
          },
          'target',
          /private address/,
        ],
        [
          {
            ...httpBody('https://shop.example.test/'),
            contacts: [{ kind: 'webhook', address: 'http://10.0.0.5/hook' }],
          },
          'contacts',
          /The webhook http:\/\/10\.0\.0\.5\/hook: 10\.0\.0\.5 is a private address/,
        ],
      ];
      for (const [body, field, message] of cases) {
        const reply = await call(strict, 'POST', '/services/monitoring', body);
        expect(reply.statusCode, reply.body).toBe(400);
        expect(reply.json<{ field?: string }>().field).toBe(field);
        expect(reply.json<{ message: string }>().message).toMatch(message);
      }
    });

    it('checks an HTTP monitor for real: up, then down with an incident when the page changes', async () => {
      const reply = await call(app, 'POST', '/services/monitoring', httpBody(`${http.url}/shop`));
      expect(reply.statusCode, reply.body).toBe(202);
      const id = reply.json<{ data: { id: number } }>().data.id;
      await until(
        'up',
        async () => (await data<{ state: string }>(`/services/monitoring/${id}`)).state === 'up',
        15_000,
      );
      const monitor = await data<{ last_message: string; last_response_ms: number }>(
        `/services/monitoring/${id}`,
      );
      expect(monitor.last_message).toBe('HTTP 200 OK');
      expect(monitor.last_response_ms).toBeGreaterThan(0);
      expect(http.hits.get('/shop')?.length).toBe(1);
      http.answer.body = 'Down for maintenance';
      // The next check is one interval (20 s, here 5 s) after the first.
      await until(
        'down',
        async () => (await data<{ state: string }>(`/services/monitoring/${id}`)).state === 'down',
        30_000,
      );
      const incidents = await data<{ ended_at: string | null; message: string }[]>(
        `/services/monitoring/${id}/incidents`,
      );
      expect(incidents[0]).toMatchObject({
        ended_at: null,
        message: 'HTTP 200 OK, but the page does not contain "operational"',
      });
      const results = await data<{ ok: boolean }[]>(`/services/monitoring/${id}/results`);
      expect(results.map((result) => result.ok)).toEqual([true, false]);
      const hits = http.hits.get('/shop') ?? [];
      expect(hits.length).toBe(2);
      // The second check fell due one interval after the first (a loaded machine may start late).
      const due = await test.db.query<{ due_at: Date }>(
        'select due_at from prober_checks where monitor_id = $1 order by due_at',
        [id],
      );
      expect(
        new Date(due[1]?.due_at ?? 0).getTime() - new Date(due[0]?.due_at ?? 0).getTime(),
      ).toBe(20 * MS_PER_INTERVAL_SECOND);
      http.answer.body = 'Welcome. All systems operational.';
    }, 60_000);

    it('alerts for real: an e-mail in the catcher, and a signed webhook retried after two 503s', async () => {
      received.length = 0;
      http.answer.status = 500;
      const reply = await call(app, 'POST', '/services/monitoring', {
        ...httpBody(`${http.url}/alerting`, [
          { kind: 'email', address: 'ops@acme.example' },
          { kind: 'webhook', address: receiverUrl },
        ]),
        // Checked every 20 s as before the shorter second: one check and its alerts, and no
        // further check (nor its alerts) in flight when the servers stop.
        interval_seconds: 80,
        name: 'Alerting shop',
      });
      expect(reply.statusCode, reply.body).toBe(202);
      const created = reply.json<{ data: { id: number; webhook_secret?: string } }>().data;
      const secret = created.webhook_secret ?? '';
      expect(secret).toMatch(/^whsec_[\w-]{43}$/);
      // The secret is shown once: no route gives it again.
      for (const url of [`/services/monitoring/${created.id}`, '/services/monitoring'])
        expect((await call(app, 'GET', url)).body).not.toContain(secret);

      const mail = await catcher.waitForMessage({ to: 'ops@acme.example' }, { timeoutMs: 15_000 });
      expect(mail.subject).toBe('[Down] Alerting shop');
      expect(mail.text).toContain(
        'Alerting shop is down: Expected HTTP 200, got HTTP 500 Internal Server Error',
      );
      await until('the webhook delivered', async () => received.length >= 3, 15_000);
      type Delivery = {
        kind: string;
        status: string;
        attempts: { ok: boolean; outcome: string }[];
      };
      await until(
        'both deliveries recorded as sent',
        async () =>
          (await data<Delivery[]>(`/services/monitoring/${created.id}/deliveries`)).every(
            (delivery) => delivery.status === 'sent',
          ),
        10_000,
      );
      const deliveries = await data<Delivery[]>(`/services/monitoring/${created.id}/deliveries`);
      const webhook = deliveries.find((delivery) => delivery.kind === 'webhook');
      expect(webhook?.attempts.map((attempt) => attempt.outcome)).toEqual([
        'HTTP 503 Service Unavailable',
        'HTTP 503 Service Unavailable',
        'Delivered: HTTP 204 No Content',
      ]);
      const email = deliveries.find((delivery) => delivery.kind === 'email');
      expect(email?.attempts).toEqual([
        expect.objectContaining({
          ok: true,
          outcome: expect.stringMatching(/^Handed to the mail relay/),
        }),
      ]);
      // Backoff: 300 ms, then 600 ms.
      expect((received[1]?.at ?? 0) - (received[0]?.at ?? 0)).toBeGreaterThanOrEqual(250);
      expect((received[2]?.at ?? 0) - (received[1]?.at ?? 0)).toBeGreaterThanOrEqual(550);
      // Every attempt carries the same body, signed with the secret over its time and body.
      for (const request of received) {
        const time = Number(/^t=(\d+),/.exec(request.signature)?.[1]);
        expect(request.signature).toBe(signature(secret, time, request.body));
        expect(Math.abs(Date.now() / 1000 - time)).toBeLessThan(60);
        expect(request.event).toBe('down');
      }
      const body = JSON.parse(received[2]?.body ?? '{}') as Record<string, unknown>;
      expect(body).toMatchObject({
        event: 'down',
        message: 'Expected HTTP 200, got HTTP 500 Internal Server Error',
        monitor: { id: created.id, name: 'Alerting shop', tenant: 'UZZ100001', type: 'http' },
        incident: { ended_at: null },
      });
      http.answer.status = 200;
    }, 60_000);

    it('tries a webhook that does not answer in time again, and says it timed out', async () => {
      http.answer.status = 500;
      const reply = await call(app, 'POST', '/services/monitoring', {
        ...httpBody(`${http.url}/timing-out`, [
          { kind: 'webhook', address: receiverUrl.replace('/portal', '/slow') },
        ]),
        // Every 20 s, as the alerting shop.
        interval_seconds: 80,
        name: 'Slow hook shop',
      });
      expect(reply.statusCode, reply.body).toBe(202);
      const id = reply.json<{ data: { id: number } }>().data.id;
      type Delivery = {
        status: string;
        attempts: { at: string; ok: boolean; outcome: string }[];
      };
      await until(
        'the webhook delivered on its second attempt',
        async () =>
          (await data<Delivery[]>(`/services/monitoring/${id}/deliveries`)).some(
            (delivery) => delivery.status === 'sent',
          ),
        20_000,
      );
      const [delivery] = await data<Delivery[]>(`/services/monitoring/${id}/deliveries`);
      expect(delivery?.attempts).toEqual([
        expect.objectContaining({ ok: false, outcome: 'Timed out after 0.7 s' }),
        expect.objectContaining({ ok: true, outcome: 'Delivered: HTTP 204 No Content' }),
      ]);
      expect(slow).toHaveLength(2);
      // Not before the time-out (0.7 s) and the first backoff (300 ms), by when the sender started
      // each attempt: when the hook saw them also counts how late the first reached it, which on a
      // loaded machine is long.
      const [first, second] = (delivery?.attempts ?? []).map((attempt) => Date.parse(attempt.at));
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1000);
      http.answer.status = 200;
    }, 60_000);
  },
);
