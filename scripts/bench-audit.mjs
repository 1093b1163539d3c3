#!/usr/bin/env node
// `npm run bench:audit`: the audit log with 500,000 rows, on PGlite and on PostgreSQL: the first
// page and a filtered page (server time through the whole server, p50/p99), and the CSV export of
// 100,000 rows (time and peak memory). Each database runs in its own child process
// (apps/server/bench/audit.ts), so one's memory does not count for the other.
//
// Environment: BENCH_AUDIT_ROWS (500000), BENCH_CSV_ROWS (100000), BENCH_RUNS (50),
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test; skipped if it does not answer).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { POSTGRES_URL, postgresAnswers } from './lib/bench-postgres.mjs';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

function runOne(postgres) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/audit.ts'], {
      cwd: serverDir,
      env: { ...process.env, BENCH_POSTGRES_URL: postgres ? POSTGRES_URL : '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`the audit bench exited (${code})`));
    });
  });
}

const ms = (value) => `${value.toFixed(1)} ms`;
const results = [await runOne(false)];
if (await postgresAnswers()) results.push(await runOne(true));
else console.log(`PostgreSQL at ${POSTGRES_URL} does not answer: PGlite only.`);

for (const r of results) {
  console.log(
    `\n${r.database}: ${r.rows.toLocaleString('en')} audit rows (seeded in ${r.seedMs} ms)`,
  );
  console.log(
    `  first page (100 rows)         p50 ${ms(r.firstPage.p50)}  p99 ${ms(r.firstPage.p99)}`,
  );
  console.log(
    `  filtered page (2 users, area, result) p50 ${ms(r.filteredPage.p50)}  p99 ${ms(r.filteredPage.p99)}  (${r.filteredPage.rows} rows)`,
  );
  console.log(
    `  text search page ("busy")     p50 ${ms(r.searchPage.p50)}  p99 ${ms(r.searchPage.p99)}`,
  );
  console.log(
    `  CSV export: ${r.csv.rows.toLocaleString('en')} rows, ${(r.csv.bytes / 1048576).toFixed(1)} MB in ${r.csv.ms} ms; peak RSS ${r.csv.peakRssMb} MB (+${r.csv.rssGrowthMb} MB)`,
  );
}
