// The server side of `npm run bench:lxd`: the portal's own HTTP server (PGlite in memory, the
// demo data, the simulated sites plus the LXD site on the local LXD) listening on loopback, with
// a signed token for acme@portal.test, and an LXD client for the straight calls beside it.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { projectOf } from '../src/areas/compute/drivers/lxd/index.ts';
import { installationId, lxdNamePrefix } from '../src/platform/installation.ts';
import { LxdClient } from '../src/platform/lxd/client.ts';
import { SIMULATED_SITE } from '../src/platform/sites.ts';
import { openDatabase, portOf, signedToken, verifier } from './common.ts';

export async function startLxdPortal(socketPath: string) {
  const { db, drop } = await openDatabase(undefined, 'bench_lxd');
  await migrate(db);
  await seedDemoData(db);
  const env = {
    PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
    LOG_LEVEL: 'silent',
    LXD_SOCKET: socketPath,
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: '1000000',
    TASK_POLL_MS: '20',
  };
  const config = loadConfig(env);
  const app = await buildApp({
    config,
    db,
    auth: verifier,
    sites: [SIMULATED_SITE, config.sites.lxd.site],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const client = new LxdClient({ socketPath }, { timeoutMs: 30_000 });
  return {
    url: `http://127.0.0.1:${portOf(app)}/api`,
    /** The installation's id and acme's LXD project (named with the installation's prefix). */
    installation: await installationId(db),
    project: projectOf('UZZ100001', await lxdNamePrefix(db)),
    token: signedToken('acme@portal.test'),
    client,
    async close() {
      await app.close();
      await client.close();
      await db.close();
      await drop();
    },
  };
}
