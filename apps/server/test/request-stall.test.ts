// No request stalls the server: the worst bodies one can send, signed in or not, are refused in
// well under 100 ms of the server's own time while other requests are answered; and every
// input check is linear in the input's size.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  DEFAULT_BODY_LIMIT,
  MAX_DEPTH,
  MAX_VALUES,
  findUnsafeInput,
  measureJson,
} from '../src/plugins/input.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';
import type { OutsideRequest, OutsideResult } from './helpers/outside-client.ts';

const MB = 1024 * 1024;
const UNLIMITED = '1000000';

/** The worst shapes of about 1 MB for a JSON body: the deepest, the widest, the most keys. */
const WORST: Record<string, string> = {
  'arrays nested 500,000 deep': `${'['.repeat(MB / 2)}${']'.repeat(MB / 2)}`,
  'objects nested 174,762 deep': `${'{"a":'.repeat(MB / 6)}1${'}'.repeat(MB / 6)}`,
  'an array of 500,000 zeros': `[${Array.from({ length: MB / 2 - 1 }, () => '0').join(',')}]`,
  'an object of 100,000 keys': `{${Array.from({ length: MB / 10 }, (_, i) => `"${i}":1`).join(',')}}`,
};

describe('input checks', () => {
  it('measure depth and values before parsing, and stop at the caps', () => {
    expect(measureJson(`${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`)).toBeNull();
    expect(measureJson(`${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`)?.field).toBe(
      'body',
    );
    expect(measureJson(`[${'0,'.repeat(MAX_VALUES - 3)}0]`)).toBeNull();
    expect(measureJson(`[${'0,'.repeat(MAX_VALUES)}0]`)?.message).toBe(
      'body: must not hold more than 50,000 values',
    );
    // Brackets and commas inside strings, escaped quotes included, are text.
    expect(measureJson(JSON.stringify({ a: '[[[[,,,\\"[[[['.repeat(MAX_VALUES) }))).toBeNull();
  });

  it('walk parsed input in linear time and name the field only when reporting', () => {
    const deep = JSON.parse(
      `${'{"a":'.repeat(MAX_DEPTH - 1)}"x\\u0000"${'}'.repeat(MAX_DEPTH - 1)}`,
    );
    expect(findUnsafeInput(deep, { context: 'body', keys: true })?.field).toBe(
      Array.from({ length: MAX_DEPTH - 1 }, () => 'a').join('.'),
    );
    const tooDeep = JSON.parse(`${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`);
    expect(findUnsafeInput(tooDeep, { context: 'body', keys: true })?.message).toBe(
      `body: must not nest objects or arrays more than ${MAX_DEPTH} deep`,
    );
    // An array, and in it objects of one key each: three values short of the cap.
    const wide = Array.from({ length: MAX_VALUES / 2 - 2 }, (_, i) => ({ [`k${i}`]: 'ok' }));
    const before = process.cpuUsage();
    expect(findUnsafeInput(wide, { context: 'body', keys: true })).toBeNull();
    const { user, system } = process.cpuUsage(before);
    // Linear: a few tens of ms when quiet. The depth² walk this replaced took seconds here; the
    // bound leaves room for a machine busy with other work (171 ms was seen in a full run).
    expect((user + system) / 1000).toBeLessThan(1000);
    expect(
      findUnsafeInput([...wide, 'w', 'x', 'y', 'z'], { context: 'body', keys: true })?.field,
    ).toBe('body');
    // The first problem in reading order is the one named.
    expect(
      findUnsafeInput({ a: ['ok', 'b\u0000'], c: '\u0000' }, { context: 'body', keys: true })
        ?.field,
    ).toBe('a.1');
  });
});

describe.each(databaseKinds())('a request that would stall the server on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base = '';
  let token = '';
  /**
   * The server's own time per request, by the request's `x-probe` header: the process's CPU
   * time from the request's arrival to its reply (what it cost, however busy the machine), and
   * the time on the clock.
   */
  const cost = new Map<string, { cpuMs: number; wallMs: number }>();
  const started = new WeakMap<object, NodeJS.CpuUsage>();

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    const config = testConfig({
      RATE_LIMIT_READS_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_MUTATIONS_PER_MINUTE: UNLIMITED,
    });
    app = await testApp(test.db, { config });
    // Before Fastify's own listener: some requests are answered in its first hook.
    app.server.prependListener('request', (request: object) =>
      started.set(request, process.cpuUsage()),
    );
    app.addHook('onResponse', async (request, reply) => {
      const probe = request.headers['x-probe'];
      const cpu = process.cpuUsage(started.get(request.raw));
      if (typeof probe === 'string')
        cost.set(probe, { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: reply.elapsedTime });
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    token = await signIn('acme@portal.test', DEMO_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  /** Sends the requests from another process and answers what came back. */
  const sendFromOutside = async (requests: OutsideRequest[]): Promise<OutsideResult> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/outside-client.ts'], {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end(JSON.stringify({ base, requests }));
    const [output] = await Promise.all([text(child.stdout), once(child, 'exit')]);
    return JSON.parse(output) as OutsideResult;
  };

  const post = (probe: string, path: string, body: string, signedIn: boolean): OutsideRequest => ({
    probe,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...(signedIn ? bearer(token) : {}) },
    body,
  });

  it.each(Object.entries(WORST))(
    'refuses %s in under 100 ms, signed in or not, while health is answered',
    async (_shape, body) => {
      expect(body.length).toBeGreaterThan(MB * 0.99);
      expect(body.length).toBeLessThan(MB * 1.2);
      // Preview takes the largest bodies a route takes (a 500,000-character file), over 1 MB.
      const { replies, health } = await sendFromOutside([
        post('preview', '/api/services/phishing/groups/preview', body, true),
        post('snapshot', '/api/services/eseries/1/snapshot', body, true),
        post('unmatched-api', '/api/nope', body, false),
        post('unmatched-root', '/', body, false),
        post('signed-out', '/api/services/phishing/groups/preview', body, false),
      ]);
      const [preview, snapshot, unmatchedApi, unmatchedRoot, signedOut] = replies.map(
        ({ status, body }) => ({ status, body: body as { message: string; field?: string } }),
      );
      if (!preview || !snapshot || !unmatchedApi || !unmatchedRoot || !signedOut)
        throw new Error('a reply is missing');
      expect(preview.status).toBe(400);
      expect(preview.body.field).toBe('body');
      expect(snapshot).toEqual({
        status: 413,
        body: { message: `body: must be at most ${DEFAULT_BODY_LIMIT / 1024} KB`, field: 'body' },
      });
      expect(unmatchedApi).toEqual({
        status: 404,
        body: { message: 'No such API route: POST /api/nope' },
      });
      expect(unmatchedRoot.status).toBe(404);
      expect(signedOut.status).toBe(401);
      for (const probe of [
        'preview',
        'snapshot',
        'unmatched-api',
        'unmatched-root',
        'signed-out',
      ]) {
        expect(cost.get(probe)?.cpuMs, probe).toBeLessThan(100);
        // On the clock too, with room for a machine busy with other work.
        expect(cost.get(probe)?.wallMs, probe).toBeLessThan(2000);
      }
      expect(health.length).toBeGreaterThan(0);
      expect(health.every((status) => status === 200)).toBe(true);
    },
    60_000,
  );

  it('still takes a large body that fits its route', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `person${i}@acme.example,Ann,Lee,Sales`);
    const csv = `email,first_name,last_name,department\n${rows.join('\n')}\n`;
    expect(JSON.stringify({ csv }).length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const { replies } = await sendFromOutside([
      post('large', '/api/services/phishing/groups/preview', JSON.stringify({ csv }), true),
    ]);
    expect(replies[0]?.status).toBe(200);
    expect(cost.get('large')?.cpuMs).toBeLessThan(1000);
  }, 30_000);
});
