// The work of `npm run bench:audit` (scripts/bench-audit.mjs runs it per database): a fresh
// database with the demo data and BENCH_AUDIT_ROWS (500,000) audit entries, then, through the
// whole server in this process (inject: auth, admin check, validation, SQL, JSON), the log's first
// page and a filtered page (p50/p99 of BENCH_RUNS calls) and the CSV export of
// BENCH_CSV_ROWS (100,000) rows (time, and the process's peak memory while it streams).
// Prints one JSON line.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { seedBench } from '../src/areas/admin/index.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase, signedToken, verifier } from './common.ts';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 500_000);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const { db, drop } = await openDatabase(process.env.BENCH_POSTGRES_URL || undefined, 'bench_audit');
await migrate(db);
await seedDemoData(db);
const seedStart = performance.now();
await seedBench(db, 'UZZ100001', ROWS);
await db.exec('analyze');
const seedMs = performance.now() - seedStart;

const config = loadConfig({
  PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
  LOG_LEVEL: 'silent',
  RATE_LIMIT_READS_PER_MINUTE: '1000000',
});
const app = await buildApp({ config, db, auth: verifier, runTasks: false });
await app.ready();
const headers = { authorization: `Bearer ${signedToken('admin@portal.test')}` };

async function timed(url: string): Promise<{ p50: number; p99: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const reply = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - start);
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
    rows = reply.json<{ data: unknown[] }>().data.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rows };
}

const firstPage = await timed('/api/admin/log?limit=100');
const filteredPage = await timed(
  '/api/admin/log?limit=100&users=bench-7@portal.test,bench-13@portal.test&area=compute&result=success',
);
const searchPage = await timed('/api/admin/log?limit=100&q=busy');

// The export: the newest CSV_ROWS rows (a time range holding that many), streamed.
const [edge] = await db.query<{ at: string }>(
  `select at::text as at from audit_log order by at desc, id desc offset $1 limit 1`,
  [CSV_ROWS],
);
let peak = process.memoryUsage().rss;
const baseline = peak;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const csvStart = performance.now();
const csv = await app.inject({
  method: 'GET',
  url: `/api/admin/log.csv?from=${encodeURIComponent(new Date(`${edge?.at.replace(' ', 'T')}:00`).toISOString())}`,
  headers,
});
const csvMs = performance.now() - csvStart;
clearInterval(sampler);
const lines = csv.body.split('\r\n').length - 2;

console.log(
  JSON.stringify({
    database: db.kind,
    rows: ROWS,
    seedMs: Math.round(seedMs),
    firstPage,
    filteredPage,
    searchPage,
    csv: {
      rows: lines,
      ms: Math.round(csvMs),
      bytes: csv.rawPayload.length,
      peakRssMb: Math.round(peak / 1048576),
      rssGrowthMb: Math.round((peak - baseline) / 1048576),
    },
  }),
);
await app.close();
await drop();
process.exit(0);
