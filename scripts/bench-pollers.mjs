#!/usr/bin/env node
// `npm run bench:pollers`: 1,000 clients each polling their task (`GET /api/services/task/{id}`)
// every 5 s, as the portal's task centre does, against the real server on PGlite and on
// PostgreSQL. Budget (issue 14): 0 errors, p99 under 50 ms, server CPU under 25 % of one core.
//
// A child process (apps/server/bench/serve-pollers.ts) seeds a fresh database with one portal user
// and one task per client and starts the server with its task worker; this process is the load
// generator. Every client is its own user with its own token and its own keep-alive connection,
// starting at evenly spread moments of the first period, so the server sees 1,000 users at 12 requests
// a minute each: far below the read rate limit (RATE_LIMIT_READS_PER_MINUTE, 600 per user), which
// is therefore left as it is. Tokens are RS256-signed and verified in memory, as firebase-admin
// does in production (see apps/server/bench/common.ts). One period of warm-up (every token
// verified once), then BENCH_SECONDS measured; CPU is the server process's own user + system time
// over the measured window (process.cpuUsage in the child), as a share of one core.
//
// Environment: BENCH_CLIENTS (default 1000), BENCH_INTERVAL_MS (default 5000), BENCH_SECONDS
// (default 30), BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test; the
// PostgreSQL run is skipped if it does not answer).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { POSTGRES_URL, postgresAnswers } from './lib/bench-postgres.mjs';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BUDGET = { p99: 50, cpu: 25 };

/** Starts the bench server; resolves with its ready line, a CPU probe and a stop function. */
function startServer(postgres) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-pollers.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      BENCH_USERS: String(CLIENTS),
      BENCH_POSTGRES_URL: postgres ? POSTGRES_URL : '',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line)));
  const next = () => new Promise((resolve) => waiting.push(resolve));
  /** The server's CPU time so far, in ms. */
  const cpu = async () => {
    const reply = next();
    child.stdin.write('cpu\n');
    const { cpu: usage } = await reply;
    return (usage.user + usage.system) / 1000;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return Promise.race([
    next().then((info) => ({ info, cpu, stop })),
    exited.then((code) => Promise.reject(new Error(`the bench server exited (${code})`))),
  ]);
}

function get(agent, port, path, token) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            ok: response.statusCode === 200,
            status: response.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('timed out after 10 s')));
    request.on('error', (error) => resolve({ ok: false, status: error.message, ms: NaN }));
  });
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function run(kind, postgres) {
  process.stdout.write(`  ${kind}: seeding ${CLIENTS} users and tasks … `);
  const { info, cpu, stop } = await startServer(postgres);
  try {
    process.stdout.write('polling … ');
    const samples = [];
    const errors = new Map();
    let measuring = false;
    let running = true;
    const clients = info.clients.slice(0, CLIENTS).map((client, index) => ({
      ...client,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      // Spread evenly over one period, in a fixed order (deterministic, no Math.random).
      offset: (index * INTERVAL_MS) / CLIENTS,
    }));
    const loops = clients.map(async (client) => {
      await new Promise((resolve) => setTimeout(resolve, client.offset));
      while (running) {
        const due = Date.now() + INTERVAL_MS;
        const counted = measuring;
        const result = await get(
          client.agent,
          info.port,
          `/api/services/task/${client.taskId}`,
          client.token,
        );
        if (counted) {
          if (result.ok) samples.push(result.ms);
          else errors.set(result.status, (errors.get(result.status) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      }
    });
    // One period of warm-up: every token verified, every user looked up once.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    const cpuBefore = await cpu();
    const started = performance.now();
    measuring = true;
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    measuring = false;
    const elapsed = performance.now() - started;
    const cpuAfter = await cpu();
    running = false;
    await Promise.all(loops);
    for (const client of clients) client.agent.destroy();
    samples.sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
    console.log('done');
    return {
      kind,
      requests: samples.length + errorCount,
      rps: (samples.length + errorCount) / (elapsed / 1000),
      errors: errorCount,
      errorKinds: [...errors.entries()].map(([status, n]) => `${status} ×${n}`).join(', '),
      p50: percentile(samples, 0.5),
      p99: percentile(samples, 0.99),
      max: samples.at(-1) ?? NaN,
      cpu: ((cpuAfter - cpuBefore) / elapsed) * 100,
      seconds: elapsed / 1000,
    };
  } finally {
    await stop();
  }
}

const kinds = [{ name: 'PGlite', postgres: false }];
if (await postgresAnswers()) kinds.push({ name: 'PostgreSQL', postgres: true });
else console.log(`PostgreSQL at ${POSTGRES_URL} did not answer: its run is skipped.`);

console.log(
  `GET /api/services/task/{id}: ${CLIENTS} clients (one user, token and connection each), ` +
    `every ${INTERVAL_MS / 1000} s, ${SECONDS} s measured after one period of warm-up, ` +
    'from a second process over loopback.',
);
const results = [];
for (const kind of kinds) results.push(await run(kind.name, kind.postgres));

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const header = [
  'database',
  'requests',
  'req/s',
  'errors',
  'p50 ms',
  'p99 ms',
  'max ms',
  'server CPU',
  'budget',
];
const table = [header];
for (const row of results) {
  const met = row.errors === 0 && row.p99 < BUDGET.p99 && row.cpu < BUDGET.cpu;
  table.push([
    row.kind,
    `${row.requests} in ${fmt(row.seconds, 0)} s`,
    fmt(row.rps),
    row.errors === 0 ? '0' : `${row.errors} (${row.errorKinds})`,
    fmt(row.p50),
    fmt(row.p99),
    fmt(row.max),
    `${fmt(row.cpu)} % of a core`,
    met ? 'met' : 'MISSED',
  ]);
}
const widths = header.map((_, column) => Math.max(...table.map((line) => line[column].length)));
console.log('');
for (const [index, line] of table.entries()) {
  console.log(
    line
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
console.log(
  `\nBudget: 0 errors, p99 under ${BUDGET.p99} ms, server CPU under ${BUDGET.cpu} % of one core ` +
    '(its task worker included).\nThe machine may be shared: figures vary with its load.',
);
