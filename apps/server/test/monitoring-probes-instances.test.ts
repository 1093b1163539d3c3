// Two server instances on one PostgreSQL database share the real probes: every check runs once
// (each reaches the loopback server exactly once, an interval after the one before), both
// instances take their share, and when one stops the other runs its probes from their next due
// time on, within one interval.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';
import { startHttpTarget, type HttpTarget } from './helpers/probe-targets.ts';

const postgres = databaseKinds().find((kind) => kind.kind === 'postgres');
const MONITORS = 30;
/** The monitors' interval: the shortest a monitor may have. */
const INTERVAL_SECONDS = 20;
/** One second of an interval lasts this long on the servers here: the interval passes in 5 s. */
const MS_PER_INTERVAL_SECOND = 250;
const INTERVAL_MS = INTERVAL_SECONDS * MS_PER_INTERVAL_SECOND;

describe.skipIf(!postgres)('real probes shared by two instances on PostgreSQL', () => {
  let test: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let http: HttpTarget;
  let token = '';
  const logs: string[] = [];

  const until = async (what: string, check: () => boolean | Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const hitsOf = (index: number) => http.hits.get(`/m/${index}`) ?? [];
  const everyMonitorHit = (times: number) => () =>
    Array.from({ length: MONITORS }, (_, index) => hitsOf(index).length).every((n) => n >= times);

  beforeAll(async () => {
    test = await (postgres?.open() ?? Promise.reject(new Error('no PostgreSQL')));
    await migrate(test.db);
    await seedDemoData(test.db);
    http = await startHttpTarget();
    const config = testConfig({
      MONITORING_DRIVER: 'real',
      MONITORING_ALLOW_PRIVATE: 'true',
      MONITORING_POLL_MS: '100',
      TASK_POLL_MS: '20',
      SIMULATOR_SPEED: '1000',
      LOG_LEVEL: 'warn',
    });
    config.monitoring.msPerIntervalSecond = MS_PER_INTERVAL_SECOND;
    const logStream = { write: (line: string) => void logs.push(line) };
    a = await testApp(test.db, { config, logStream });
    b = await testApp(await test.openAnother(), { config, logStream });
    await Promise.all([a.ready(), b.ready()]);
    token = await signIn('provider@portal.test', DEMO_PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await a.close();
    await b.close();
    await http.close();
    await test.dispose();
  });

  it('runs every check once, on either instance, and the survivor takes over within one interval', async () => {
    const ids: number[] = [];
    for (let index = 0; index < MONITORS; index += 1) {
      const reply = await a.inject({
        method: 'POST',
        url: '/api/services/monitoring',
        headers: bearer(token),
        payload: {
          name: `Shared ${index}`,
          tenant: 'UZZ100001',
          type: 'http',
          target_kind: 'url',
          target: `${http.url}/m/${index}`,
          interval_seconds: INTERVAL_SECONDS,
          timeout_seconds: 2,
          retries: 0,
          contacts: [],
        },
      });
      expect(reply.statusCode, reply.body).toBe(202);
      ids.push(reply.json<{ data: { id: number } }>().data.id);
    }
    await until('two checks of every monitor', everyMonitorHit(2), 45_000);
    const before = await test.db.query<{ checked_by: string; n: number }>(
      'select checked_by, count(*)::integer as n from prober_checks group by checked_by',
    );
    // Both instances ran checks.
    expect(before.map((row) => row.checked_by).sort()).toEqual(
      [a.probeScheduler?.instance, b.probeScheduler?.instance].sort(),
    );
    await a.close();
    const stoppedAt = Date.now();
    await until('a third check of every monitor', everyMonitorHit(3), 30_000);
    // Give any stray duplicate time to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const rows = await test.db.query<{
      monitor_id: number;
      due_at: Date;
      at: Date;
      checked_by: string;
    }>('select monitor_id, due_at, at, checked_by from prober_checks order by monitor_id, due_at');
    for (const [index, id] of ids.entries()) {
      const hits = hitsOf(index);
      const checks = rows.filter((row) => Number(row.monitor_id) === id);
      // Each check reached the server once, and nothing else did.
      expect(checks.length, `monitor ${id}`).toBe(hits.length);
      // Due times an interval apart (a loaded machine may start a check late, never twice).
      for (let k = 1; k < checks.length; k += 1) {
        const gap =
          new Date(checks[k]?.due_at ?? 0).getTime() -
          new Date(checks[k - 1]?.due_at ?? 0).getTime();
        expect(gap, `monitor ${id} check ${k}`).toBeGreaterThanOrEqual(INTERVAL_MS);
        expect(gap, `monitor ${id} check ${k}`).toBeLessThan(INTERVAL_MS + 5000);
      }
      // After the stop, the survivor ran it, no later than one interval after the stop.
      const after = checks.filter((row) => new Date(row.at).getTime() > stoppedAt);
      expect(after.length, `monitor ${id}`).toBeGreaterThan(0);
      expect(after.every((row) => row.checked_by === b.probeScheduler?.instance)).toBe(true);
      expect(new Date(after[0]?.due_at ?? 0).getTime() - stoppedAt).toBeLessThanOrEqual(
        INTERVAL_MS,
      );
      expect(new Date(after[0]?.at ?? 0).getTime() - stoppedAt).toBeLessThan(INTERVAL_MS + 5000);
    }
    // The checks went into the monitors as results, exactly as many.
    const results = await test.db.query<{ n: number }>(
      'select count(*)::integer as n from monitor_results where monitor_id = any($1::bigint[])',
      [ids],
    );
    expect(results[0]?.n).toBe(rows.filter((row) => ids.includes(Number(row.monitor_id))).length);
    const up = await test.db.query<{ n: number }>(
      `select count(*)::integer as n from monitors where id = any($1::bigint[]) and state = 'up'`,
      [ids],
    );
    expect(up[0]?.n).toBe(MONITORS);
    expect(logs.filter((line) => line.includes('prober'))).toEqual([]);
  }, 120_000);
});
