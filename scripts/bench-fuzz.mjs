#!/usr/bin/env node
// `npm run bench:fuzz`: a bounded fuzz run over HTTP against a real server, measuring how long
// the server's event loop was held (monitorEventLoopDelay, in the server process) and how long
// GET /api/health took meanwhile. The budget is an event-loop delay p99 of 50 ms: above it the
// bench fails (exit 1).
//
// The requests: for every operation of the published OpenAPI document, hostile bodies (arrays and
// objects nested 1,000 to 100,000 deep, 1 MB strings, 50,000 keys, `__proto__` keys, NUL
// characters, malformed JSON, wrong content types) and hostile query strings, as an operator, a
// viewer and nobody; the same bodies to routes that do not exist. Deterministic and bounded:
// BENCH_FUZZ_REQUESTS (default 2,000) requests, BENCH_FUZZ_CONNECTIONS (default 8) at once.
// BENCH_POSTGRES_URL runs the server on PostgreSQL instead of PGlite.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const TOTAL = Number(process.env.BENCH_FUZZ_REQUESTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_FUZZ_CONNECTIONS ?? 8);
const BUDGET_P99_MS = 50;

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-fuzz.ts'], {
  cwd: serverDir,
  env: process.env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const nextLine = async () => {
  const { value, done } = await lines.next();
  if (done) throw new Error('the fuzz server stopped before answering');
  return JSON.parse(value);
};
const ready = await nextLine();
const base = `http://127.0.0.1:${ready.port}`;

// ---- hostile inputs ------------------------------------------------------------------------
const nested = (open, close, depth, inner = '') => open.repeat(depth) + inner + close.repeat(depth);
const BODIES = [
  ['deep array 1,000', nested('[', ']', 1_000)],
  ['deep array 100,000', nested('[', ']', 100_000)],
  ['deep object 10,000', nested('{"a":', '}', 10_000, '1')],
  ['deep object 60,000', nested('{"a":', '}', 60_000, '1')],
  [
    'wide object 50,000 keys',
    `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  ],
  [
    'long array of objects',
    `[${Array.from({ length: 40_000 }, () => '{"x":[1,{"y":"z"}]}').join(',')}]`,
  ],
  ['1 MB string', JSON.stringify({ name: 'x'.repeat(1_000_000) })],
  [
    '__proto__ keys',
    JSON.stringify(
      JSON.parse('{"__proto__":{"admin":true},"a":{"constructor":{"prototype":{"x":1}}}}'),
    ),
  ],
  ['NUL characters', JSON.stringify({ name: 'a\u0000b', display_name: '\u0000'.repeat(10_000) })],
  ['malformed JSON', '{"name": "x", '.repeat(20_000)],
  ['lone surrogates', JSON.stringify({ name: '\ud800'.repeat(5_000) })],
  ['empty', ''],
];
const QUERIES = [
  `q=${'%5B'.repeat(5_000)}`,
  `q=${'a'.repeat(7_000)}`,
  'limit=-1&sort=__proto__&cursor=%00',
  `${Array.from({ length: 2_000 }, (_, i) => `k${i}=${i}`).join('&')}`,
  'sort=' + '-'.repeat(3_000),
];
const TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded'];

const spec = await (await fetch(`${base}/api/openapi.json`)).json();
const operations = [];
for (const [path, item] of Object.entries(spec.paths ?? {}))
  for (const method of ['get', 'post', 'put', 'patch', 'delete'])
    if (item[method]) operations.push({ method: method.toUpperCase(), path });
operations.push({ method: 'POST', path: '/api/nope' }, { method: 'POST', path: '/' });

// A path with its parameters filled: real-looking numbers, and odd ones.
const ODD_IDS = ['1', '999999999999999999999', '-1', '%00', '__proto__', 'a'.repeat(300)];
const fill = (path, n) => path.replace(/\{[^}]+\}/g, () => ODD_IDS[n % ODD_IDS.length]);

// Deterministic: request n takes operation, input and caller from n.
const WHO = ['operator', 'viewer', null];
function request(n) {
  const op = operations[n % operations.length];
  const round = Math.floor(n / operations.length);
  const who = WHO[round % WHO.length];
  const headers = who ? { authorization: `Bearer ${ready.tokens[who]}` } : {};
  const url = `${base}${fill(op.path, round)}`;
  if (op.method === 'GET' || op.method === 'DELETE') {
    const query = QUERIES[round % QUERIES.length];
    return {
      label: `${op.method} ${op.path} query`,
      url: `${url}?${query}`,
      init: { method: op.method, headers },
    };
  }
  const [name, body] = BODIES[round % BODIES.length];
  const type = TYPES[Math.floor(round / BODIES.length) % TYPES.length];
  return {
    label: `${op.method} ${op.path} ${name}`,
    url,
    init: { method: op.method, headers: { ...headers, 'content-type': type }, body },
  };
}

// ---- the run -------------------------------------------------------------------------------
const statuses = new Map();
const slowest = [];
let failures = 0;
let next = 0;
async function worker() {
  while (next < counted) {
    const n = next++;
    const { label, url, init } = request(n);
    const started = performance.now();
    try {
      const reply = await fetch(url, init);
      await reply.arrayBuffer();
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500) failures++;
    } catch {
      statuses.set('closed', (statuses.get('closed') ?? 0) + 1);
    }
    slowest.push([performance.now() - started, label]);
  }
}

// GET /api/health every 50 ms while the fuzzer runs: what anyone else would wait.
const health = [];
let fuzzing = true;
const probeHealth = async () => {
  while (fuzzing) {
    const started = performance.now();
    await fetch(`${base}/api/health`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

// A warm-up round, one request per operation, not counted: the first call of each route builds
// its validators and the OpenAPI document, once per server.
for (let n = 0; n < operations.length; n++) {
  const { url, init } = request(n);
  await fetch(url, init)
    .then((reply) => reply.arrayBuffer())
    .catch(() => undefined);
}
next = operations.length;
const counted = TOTAL + operations.length;
child.kill('SIGUSR2');

const healthProbe = probeHealth();
const started = performance.now();
await Promise.all(Array.from({ length: CONNECTIONS }, worker));
const seconds = (performance.now() - started) / 1000;
fuzzing = false;
await healthProbe;
child.kill('SIGTERM');
const loop = await nextLine();
await new Promise((resolve) => child.once('exit', resolve));

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value) => `${Math.round(value)} ms`;
console.log(
  `\nbench:fuzz — ${TOTAL} requests over ${operations.length} operations, ${CONNECTIONS} at once, ` +
    `${seconds.toFixed(1)} s (${process.env.BENCH_POSTGRES_URL ? 'PostgreSQL' : 'PGlite'})`,
);
console.log(`  replies        ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(
  `  event loop     p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms ` +
    `(monitorEventLoopDelay, ${loop.samples} samples; budget p99 ${BUDGET_P99_MS} ms)`,
);
console.log(
  `  /api/health    p50 ${ms(pct(health, 50))}, p99 ${ms(pct(health, 99))}, ` +
    `max ${ms(Math.max(...health))} (${health.length} probes)`,
);
slowest.sort((a, b) => b[0] - a[0]);
console.log('  slowest requests:');
for (const [time, label] of slowest.slice(0, 5))
  console.log(`    ${ms(time).padStart(8)}  ${label}`);
if (failures > 0) console.log(`  ${failures} replies were 5xx`);
if (loop.p99 > BUDGET_P99_MS || failures > 0) {
  console.log(`FAIL: ${loop.p99 > BUDGET_P99_MS ? `p99 over ${BUDGET_P99_MS} ms` : '5xx replies'}`);
  process.exit(1);
}
console.log('PASS');
