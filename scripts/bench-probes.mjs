#!/usr/bin/env node
// `npm run bench:probes`: 1,000 HTTP monitors every 30 s, really checked by one server instance
// against a loopback HTTP server (issue 23). Budget: scheduling lateness p99 under 1 s and server
// CPU under 25 % of one core.
//
// A child process (apps/server/bench/serve-probes.ts) seeds a fresh database (PGlite in memory,
// the one-machine default; BENCH_POSTGRES_URL for PostgreSQL) with the monitors, their probes due
// evenly over the first interval, and starts the real server with the real prober. This process
// is the target: a plain HTTP server on 127.0.0.1 answering each monitor's path with a page that
// holds the keyword, so its CPU is not the server's. After one interval of warm-up, BENCH_SECONDS
// are measured: checks per second (and the requests the target saw), lateness (when each check
// started after its due time, p50/p99/max), the server's CPU (its own user + system time,
// process.cpuUsage, as a share of one core) and memory (RSS, heap).
//
// Environment: BENCH_MONITORS (default 1000), BENCH_INTERVAL_SECONDS (default 30), BENCH_SECONDS
// (default 60), BENCH_POSTGRES_URL (unset: PGlite).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const MONITORS = Number(process.env.BENCH_MONITORS ?? 1000);
const INTERVAL_SECONDS = Number(process.env.BENCH_INTERVAL_SECONDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BUDGET = { p99: 1000, cpu: 25 };

/** The monitors' target: every path answers 200 with a page holding the keyword. */
async function startTarget() {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    request.resume();
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<h1>Shop</h1><p>All systems operational.</p>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

function startServer(targetUrl) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-probes.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      BENCH_MONITORS: String(MONITORS),
      BENCH_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      BENCH_TARGET_URL: targetUrl,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.(JSON.parse(line));
  });
  const next = () => new Promise((resolve) => waiting.push(resolve));
  const stats = async () => {
    const reply = next();
    child.stdin.write('stats\n');
    return reply;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return Promise.race([
    next().then((info) => ({ info, stats, stop })),
    exited.then((code) => Promise.reject(new Error(`the bench server exited (${code})`))),
  ]);
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const mb = (bytes) => `${fmt(bytes / 1024 / 1024, 0)} MB`;

const target = await startTarget();
process.stdout.write(
  `${MONITORS} HTTP monitors every ${INTERVAL_SECONDS} s against ${target.url}, one server ` +
    `instance (${process.env.BENCH_POSTGRES_URL ? 'PostgreSQL' : 'PGlite'}): seeding … `,
);
const { info, stats, stop } = await startServer(target.url);
try {
  // Warm-up: the first round of every probe (first due 3 s after seeding), then measure.
  process.stdout.write(`warming up ${INTERVAL_SECONDS} s … `);
  const firstRoundEnds = info.firstDueAt + INTERVAL_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstRoundEnds - Date.now())));
  const before = await stats();
  const hitsBefore = target.hits();
  const started = performance.now();
  process.stdout.write(`measuring ${SECONDS} s … `);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const after = await stats();
  const elapsed = performance.now() - started;
  const hits = target.hits() - hitsBefore;
  console.log('done');

  const lateness = after.lateness.slice(before.lateness.length).sort((a, b) => a - b);
  const checks = after.checks - before.checks;
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  const cpu = (cpuMs / elapsed) * 100;
  const p99 = percentile(lateness, 0.99);
  const expected = (MONITORS / INTERVAL_SECONDS) * (elapsed / 1000);
  const rows = [
    ['checks run', `${checks} in ${fmt(elapsed / 1000, 0)} s (${fmt(expected, 0)} due)`],
    ['checks per second', fmt(checks / (elapsed / 1000), 2)],
    ['requests the target saw', String(hits)],
    ['lateness p50', `${fmt(percentile(lateness, 0.5), 1)} ms`],
    ['lateness p99', `${fmt(p99, 1)} ms (budget < ${BUDGET.p99} ms)`],
    ['lateness max', `${fmt(lateness.at(-1) ?? NaN, 1)} ms`],
    ['server CPU', `${fmt(cpu)} % of a core (budget < ${BUDGET.cpu} %)`],
    ['server memory', `RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('');
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  const met = p99 < BUDGET.p99 && cpu < BUDGET.cpu && checks > 0;
  console.log(`\nbudget: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await stop();
  await target.close();
}
