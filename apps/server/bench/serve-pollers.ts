// The server side of `npm run bench:pollers` (scripts/bench-pollers.mjs starts it as a child
// process): a fresh database (PGlite in memory, or a new PostgreSQL database) with the demo data,
// BENCH_USERS portal users spread over the customer, proof-of-concept and internal tenants, and
// one finished task per user; the real server on it, task worker included, as in production.
// Prints one JSON line when ready: port, database kind, and per user a bearer token and a task id.
// A line `cpu` on stdin answers with this process's CPU time so far (process.cpuUsage, µs).
// Stops on SIGTERM.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase, portOf, signedToken, verifier, stopOnSigterm } from './common.ts';

const users = Number(process.env.BENCH_USERS ?? '1000');
const adminUrl = process.env.BENCH_POSTGRES_URL || undefined;

const { db, drop } = await openDatabase(adminUrl, 'bench_pollers');
await migrate(db);
await seedDemoData(db);

// Users poller-0001@… round-robin over the tenants, each with a task on a VM of its tenant.
const rows = await db.query<{ email: string; task_id: number }>(
  `with tenant as (
     select t.id, row_number() over (order by t.id) - 1 as n, count(*) over () as total
       from tenants t where t.kind <> 'provider'),
   operator as (select id from roles where name = 'Operator'),
   added as (
     insert into users (email, tenant_id, role_id, display_name)
     select 'poller-' || lpad(g::text, 5, '0') || '@bench.test', tenant.id, operator.id,
            'Poller ' || g
       from generate_series(1, $1::integer) g
       join tenant on tenant.n = g % tenant.total
       cross join operator
     returning email, tenant_id)
   insert into tasks (tenant_id, kind, target_id, operation, state, message, created_by,
                      started_at, finished_at)
   select added.tenant_id, 'vm',
          coalesce((select min(v.id) from vms v where v.tenant_id = added.tenant_id), 0),
          'power', 'SUCCESS', 'Powered on.', added.email, now(), now()
     from added
   returning created_by as email, id as task_id`,
  [users],
);
await db.exec('analyze');

const config = loadConfig({
  PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, db, auth: verifier });
await app.listen({ host: '127.0.0.1', port: 0 });

const clients = rows
  .sort((a, b) => a.email.localeCompare(b.email))
  .map((row, index) => ({
    token: signedToken(row.email, `poller-${index}`),
    taskId: row.task_id,
  }));
const first = clients[0];
if (!first) throw new Error('no pollers were seeded');
const probe = await fetch(`http://127.0.0.1:${portOf(app)}/api/services/task/${first.taskId}`, {
  headers: { authorization: `Bearer ${first.token}` },
});
if (probe.status !== 200) throw new Error(`GET /api/services/task answered ${probe.status}`);

console.log(JSON.stringify({ ready: true, db: db.kind, port: portOf(app), clients }));

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'cpu') console.log(JSON.stringify({ cpu: process.cpuUsage() }));
});

stopOnSigterm([app], db, drop);
