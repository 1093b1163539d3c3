// The server side of `npm run bench:fuzz` (scripts/bench-fuzz.mjs starts it as a child process):
// the demo data on a fresh database (PGlite, or PostgreSQL with BENCH_POSTGRES_URL), our server
// with tasks off and every rate limit raised (the fuzzer is one user), and its own event loop
// watched with monitorEventLoopDelay from before the first request. Prints one JSON line with the
// port and bearer tokens when ready; SIGUSR2 resets the figures; on SIGTERM prints the delay figures (ms) and stops.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase, portOf, signedToken, verifier } from './common.ts';

const UNLIMITED = '1000000';
const { db, drop } = await openDatabase(process.env.BENCH_POSTGRES_URL || undefined, 'bench_fuzz');
await migrate(db);
await seedDemoData(db);

const config = loadConfig({
  PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
  LOG_LEVEL: 'silent',
  RATE_LIMIT_READS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_MUTATIONS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_CONSOLE_PER_MINUTE: UNLIMITED,
});
const app = await buildApp({ config, db, auth: verifier, runTasks: false });
await app.listen({ host: '127.0.0.1', port: 0 });

// 1 ms resolution: a stall of the loop shows as one long sample. SIGUSR2 (after the fuzzer's
// warm-up round: the OpenAPI document built, the code compiled) starts the figures afresh.
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
process.on('SIGUSR2', () => delay.reset());
process.stdout.write(
  `${JSON.stringify({
    port: portOf(app),
    tokens: {
      operator: signedToken('acme@portal.test', 'bench-operator'),
      viewer: signedToken('globex@portal.test', 'bench-viewer'),
    },
  })}\n`,
);

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
process.once('SIGTERM', () => {
  delay.disable();
  process.stdout.write(
    `${JSON.stringify({
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      mean: ms(delay.mean),
      samples: delay.count,
    })}\n`,
  );
  void app
    .close()
    .then(() => db.close())
    .then(drop)
    .finally(() => process.exit(0));
});
