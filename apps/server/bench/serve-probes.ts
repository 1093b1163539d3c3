// The server side of `npm run bench:probes` (scripts/bench-probes.mjs starts it as a child
// process): a fresh database (PGlite in memory, or a new PostgreSQL database) with the demo
// tenants and BENCH_MONITORS active HTTP monitors of BENCH_TARGET_URL (one path each) every
// BENCH_INTERVAL_SECONDS, their probes due evenly over the first interval; then the real server
// with the real prober, as in production (MONITORING_ALLOW_PRIVATE, since the target is on
// loopback). Prints one JSON line when ready. A line `stats` on stdin answers with this process's
// CPU time (µs) and memory so far, the checks its scheduler ran and each one's lateness (ms).
// Stops on SIGTERM.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase, verifier, stopOnSigterm } from './common.ts';

const monitors = Number(process.env.BENCH_MONITORS ?? '1000');
const interval = Number(process.env.BENCH_INTERVAL_SECONDS ?? '30');
const target = process.env.BENCH_TARGET_URL ?? '';
if (!target) throw new Error('BENCH_TARGET_URL is not set');
const adminUrl = process.env.BENCH_POSTGRES_URL || undefined;

const { db, drop } = await openDatabase(adminUrl, 'bench_probes');
await migrate(db);
await seedDemoData(db);

const start = Date.now() + 3000;
await db.query(
  `with made as (
     insert into monitors (tenant_id, name, type, target_kind, target, expected_status, keyword,
                           interval_seconds, timeout_seconds, retries, contacts, status,
                           checked_until, last_message, created_at)
     select t.id, 'probe-' || lpad(g::text, 5, '0'), 'http', 'url',
            $2::text || '/m/' || g, 200, 'operational', $3::integer, 10, 1, '[]'::jsonb,
            'active', $4::timestamptz, 'Waiting for the first check', now()
       from tenants t, generate_series(1, $1::integer) g
      where t.cdb_id = 'UZZ100001'
     returning id, target)
   insert into prober_probes (monitor_id, task_id, spec, interval_seconds, started_at, next_at)
   select id, 0,
          jsonb_build_object('type', 'http', 'target', target, 'vmId', null, 'port', null,
                             'expectedStatus', 200, 'keyword', 'operational',
                             'dnsRecordType', null, 'tlsDaysThreshold', null,
                             'intervalSeconds', $3::integer, 'timeoutSeconds', 10),
          $3::integer, $4::timestamptz,
          $4::timestamptz + (row_number() over (order by id) - 1) * ($3::float8 / $1::integer)
                            * interval '1 second'
     from made`,
  [monitors, target, interval, new Date(start)],
);
await db.exec('analyze');

const config = loadConfig({
  PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
  LOG_LEVEL: 'warn',
  MONITORING_DRIVER: 'real',
  MONITORING_ALLOW_PRIVATE: 'true',
});
const app = await buildApp({ config, db, auth: verifier });
await app.ready();
const scheduler = app.probeScheduler;
if (!scheduler) throw new Error('the server runs no probe scheduler');

console.log(JSON.stringify({ ready: true, db: db.kind, monitors, interval, firstDueAt: start }));

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'stats') return;
  const memory = process.memoryUsage();
  console.log(
    JSON.stringify({
      cpu: process.cpuUsage(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      checks: scheduler.checksRun,
      lateness: scheduler.lateness,
    }),
  );
});

stopOnSigterm([app], db, drop);
