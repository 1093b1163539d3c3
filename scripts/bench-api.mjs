#!/usr/bin/env node
// `npm run bench:api`: GET /api/services/eseries (the whole list, and the first page of the paged
// form, limit 100) with 1,000 and 10,000 VMs, on PGlite and on PostgreSQL, each beside a bare
// Fastify route sending the same bytes from the same process.
//
// For each case a child process (apps/server/bench/serve.ts) seeds a fresh database and starts
// the server; this process generates the load over loopback with autocannon (a second process,
// so the load generator does not compete for the server's event loop). Prints a table of
// throughput and latency, and our throughput as a share of the bare route's.
//
// Environment: BENCH_SECONDS (default 5) per measurement (4 times that when it gives fewer than
// 20 replies), BENCH_CONNECTIONS (default 10),
// BENCH_SIZES (default 1000,10000), BENCH_POSTGRES_URL (default the test server,
// postgres://postgres@127.0.0.1:5432/test; PostgreSQL rows are skipped if it does not answer).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { POSTGRES_URL, postgresAnswers } from './lib/bench-postgres.mjs';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const require = createRequire(`${serverDir}package.json`);
const autocannon = require('autocannon');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);

/** Starts the bench server; resolves with what it printed once ready, and a stop function. */
function startServer(vms, postgres) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      BENCH_VMS: String(vms),
      ...(postgres ? { BENCH_POSTGRES_URL: POSTGRES_URL } : { BENCH_POSTGRES_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ info: JSON.parse(line), stop }));
    void exited.then((code) => reject(new Error(`the bench server exited (${code})`)));
  });
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, connections: CONNECTIONS, duration, timeout: 60 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(url, headers) {
  await load(url, headers, 1); // warm-up
  let result = await load(url, headers, SECONDS);
  // Too few replies for percentiles (slow replies under load): measure 4 times as long.
  if (result.requests.total < 20) result = await load(url, headers, SECONDS * 4);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mbps: result.throughput.average / 1e6,
    n: result.requests.total,
    seconds: result.duration,
  };
}

const rows = [];
const kinds = [{ name: 'PGlite', postgres: false }];
if (await postgresAnswers()) kinds.push({ name: 'PostgreSQL', postgres: true });
else console.log(`PostgreSQL at ${POSTGRES_URL} did not answer: its rows are skipped.`);

console.log(
  `GET /api/services/eseries, whole and paged: ${CONNECTIONS} connections, ${SECONDS} s per measurement ` +
    `(after 1 s warm-up), autocannon in a separate process over loopback.`,
);
for (const kind of kinds) {
  for (const size of SIZES) {
    process.stdout.write(`  ${kind.name}, ${size} VMs … `);
    const { info, stop } = await startServer(size, kind.postgres);
    try {
      const auth = { authorization: `Bearer ${info.token}` };
      // Bare first: requests still queued in our route after its run would slow the bare one.
      const bare = await measure(`http://127.0.0.1:${info.barePort}/bare`, {});
      const ours = await measure(`http://127.0.0.1:${info.port}/api/services/eseries`, auth);
      rows.push({
        db: kind.name,
        vms: info.vms,
        kb: info.bytes / 1024,
        route: 'GET /api/services/eseries',
        ours,
        bare,
      });
      const barePage = await measure(`http://127.0.0.1:${info.barePort}/bare-page`, {});
      const oursPage = await measure(`http://127.0.0.1:${info.port}${info.pagePath}`, auth);
      rows.push({
        db: kind.name,
        vms: info.vms,
        kb: info.pageBytes / 1024,
        route: `GET ${info.pagePath}`,
        ours: oursPage,
        bare: barePage,
      });
      console.log('done');
    } finally {
      await stop();
    }
  }
}

const fmt = (value, digits = 1) => value.toFixed(digits);
const header = [
  'database',
  'VMs',
  'reply KB',
  'route',
  'req/s',
  'p50 ms',
  'p99 ms',
  'MB/s',
  'replies',
  'ours / bare',
];
const table = [header];
for (const row of rows) {
  table.push([
    row.db,
    String(row.vms),
    fmt(row.kb, 0),
    row.route,
    fmt(row.ours.rps),
    fmt(row.ours.p50, 0),
    fmt(row.ours.p99, 0),
    fmt(row.ours.mbps),
    `${row.ours.n} in ${fmt(row.ours.seconds, 0)} s`,
    `${fmt((row.ours.rps / row.bare.rps) * 100, 1)} % of bare req/s`,
  ]);
  table.push([
    '',
    '',
    '',
    'bare Fastify, same bytes',
    fmt(row.bare.rps),
    fmt(row.bare.p50, 0),
    fmt(row.bare.p99, 0),
    fmt(row.bare.mbps),
    `${row.bare.n} in ${fmt(row.bare.seconds, 0)} s`,
    row.ours.rps > 0 ? `overhead ×${fmt(row.bare.rps / row.ours.rps, 1)}` : 'no reply of ours',
  ]);
}
const widths = header.map((_, column) => Math.max(...table.map((line) => line[column].length)));
console.log('');
for (const [index, line] of table.entries()) {
  console.log(line.map((cell, column) => cell.padEnd(widths[column])).join('  '));
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
console.log(
  '\nOurs: bearer token (RS256 signature checked per request), user look-up, permission check,\n' +
    'tenant-scoped SQL, reply JSON made by PostgreSQL. Bare: a Fastify route in the same server\n' +
    'process that sends the same JSON text, nothing else. The machine is shared: figures vary.',
);
