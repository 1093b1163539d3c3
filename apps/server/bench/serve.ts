// The server side of `npm run bench:api` (scripts/bench-api.mjs starts it as a child process):
// a fresh database (PGlite in memory, or a new PostgreSQL database) with the demo data and
// BENCH_VMS eseries VMs for acme@portal.test, our server on it (tasks off), and beside it a bare Fastify
// route that sends the same JSON bytes without auth, database or validation (the whole list, and
// the first page of the paged form). Prints one JSON line
// with the ports and a bearer token when ready; stops on SIGTERM.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase, portOf, signedToken, verifier, stopOnSigterm } from './common.ts';

const EMAIL = 'acme@portal.test';
const count = Number(process.env.BENCH_VMS ?? '1000');
const adminUrl = process.env.BENCH_POSTGRES_URL;
const PAGE_PATH = 'services/eseries?limit=100';

/** Adds VMs to acme's eseries until it has `count`, in one statement. */
async function fillVms(db: Database): Promise<void> {
  const existing = await db.query<{ n: number }>(
    `select count(*) as n from vms v join tenants t on t.id = v.tenant_id
      where t.cdb_id = 'UZZ100001' and v.vwseries_id is null`,
  );
  const missing = Math.max(0, count - Number(existing[0]?.n ?? 0));
  await db.query(
    `insert into vms (tenant_id, display_name, status, power_state, os_name, os_version,
                      os_guest_full_name, vcpus, memory_mb, disk_size_gb, plan_id, location,
                      cluster, adapters, vsnap, monitoring)
     select t.id, 'bench-' || lpad(g::text, 5, '0'), 'active',
            case when g % 5 = 0 then 'poweredOff' else 'poweredOn' end,
            'Ubuntu', '24.04 LTS', 'Ubuntu Linux 24.04 (64-bit)', 2, 4096, 60, 'std-2', 'AMS1',
            'AMS1-CL01',
            jsonb_build_array(jsonb_build_object('portgroup', 'ams1-frontend', 'vlan_id', 100,
              'ip', '10.100.' || (g / 250) % 256 || '.' || (g % 250 + 2))),
            false, true
       from tenants t, generate_series(1, $1::integer) g
      where t.cdb_id = 'UZZ100001'`,
    [missing],
  );
  await db.exec('analyze');
}

const { db, drop } = await openDatabase(adminUrl, 'bench_api');
await migrate(db);
await seedDemoData(db);
await fillVms(db);

const config = loadConfig({
  PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
  LOG_LEVEL: 'silent',
  // One user sends all the load: the per-user read limit (600 a minute) would answer 429.
  RATE_LIMIT_READS_PER_MINUTE: '1000000',
});
const app = await buildApp({ config, db, auth: verifier, runTasks: false });
await app.listen({ host: '127.0.0.1', port: 0 });

const token = signedToken(EMAIL);
const probe = await fetch(`http://127.0.0.1:${portOf(app)}/api/services/eseries`, {
  headers: { authorization: `Bearer ${token}` },
});
const body = await probe.text();
if (probe.status !== 200) throw new Error(`GET /api/services/eseries answered ${probe.status}`);
const vms = (JSON.parse(body) as { data: unknown[] }).data.length;

// The first page (limit 100) of the paged form, which the portal reads above its threshold.
const pageProbe = await fetch(`http://127.0.0.1:${portOf(app)}/api/${PAGE_PATH}`, {
  headers: { authorization: `Bearer ${token}` },
});
const pageBody = await pageProbe.text();
if (pageProbe.status !== 200) throw new Error(`GET /api/${PAGE_PATH} answered ${pageProbe.status}`);

// The bare route sends the same bytes, already encoded (as our list cache does), so the
// comparison is of everything around the bytes, not of string encoding.
const bodyBytes = Buffer.from(body);
const pageBytes = Buffer.from(pageBody);
const bare = Fastify({ logger: false });
bare.get('/bare', async (_request, reply) => reply.type('application/json').send(bodyBytes));
bare.get('/bare-page', async (_request, reply) => reply.type('application/json').send(pageBytes));
await bare.listen({ host: '127.0.0.1', port: 0 });

console.log(
  JSON.stringify({
    ready: true,
    db: db.kind,
    vms,
    bytes: Buffer.byteLength(body),
    pagePath: `/api/${PAGE_PATH}`,
    pageBytes: Buffer.byteLength(pageBody),
    port: portOf(app),
    barePort: portOf(bare),
    token,
  }),
);

stopOnSigterm([bare, app], db, drop);
