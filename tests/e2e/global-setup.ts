import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lxdAnswers } from '../../scripts/lib/lxd.mjs';
import { claimLxdRun, recordLxdOwner, runAddresses } from '../../scripts/lib/lxd-runs.mjs';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
import { installationId, lxdNamePrefix } from '../../apps/server/src/platform/installation.ts';
import { startServer, startStack, type Stack } from '../../scripts/lib/stack.mjs';

/** One fresh stack (new identity emulator, new PGlite directory) for the whole e2e run. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  // The simulator's tasks take seconds at speed 1; at 50 they take well under one, so a test
  // waits for the portal's 5000 ms poll, not for the simulated hypervisor.
  const stack: Stack = await startStack({
    dataDir,
    quiet: true,
    env: {
      SIMULATOR_SPEED: process.env.SIMULATOR_SPEED ?? '50',
      // Acme's campaigns stay simulated (phishing.spec.ts watches simulated results arrive);
      // everyone else's go out as real mail to the catcher (phishing-mail.spec.ts).
      PHISHING_SIMULATED_TENANTS: 'UZZ100001',
      // The simulated sites only: the flows here count and choose sites as the demo has them.
      LXD: process.env.LXD ?? 'off',
      // monitoring.spec.ts really checks a server the test starts on loopback.
      MONITORING_ALLOW_PRIVATE: 'true',
    },
  });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_AUTH_EMULATOR_URL = stack.emulator.url;
  // The server sends its mail to the stack's catcher; tests read it over the catcher's HTTP API.
  if (stack.mail) process.env.E2E_MAIL_URL = stack.mail.url;

  // A second server beside it, with the LXD site (`npm run lxd:setup`), for lxd.spec.ts: its own
  // database, the same identity emulator and mail catcher. Required in CI, as LXD is there.
  let lxdServer: Awaited<ReturnType<typeof startServer>> | null = null;
  let lxdRun: Awaited<ReturnType<typeof claimLxdRun>> | null = null;
  if (await lxdAnswers()) {
    // Another suite may be using LXD at the same time: this run takes a slot (its public
    // addresses), and its database is made here first, so that its installation is recorded for
    // the sweep before the server makes anything, and the specs know its project names.
    lxdRun = await claimLxdRun();
    const lxdData = join(dataDir, 'lxd-site');
    const db = await openPglite(join(lxdData, 'pglite'));
    await migrate(db);
    const owner = await installationId(db);
    process.env.E2E_LXD_PREFIX = await lxdNamePrefix(db);
    await db.close();
    recordLxdOwner(lxdRun.dir, 'installation', owner);
    lxdServer = await startServer({
      dataDir: lxdData,
      quiet: true,
      emulator: stack.emulator,
      mail: stack.mail,
      env: {
        SIMULATOR_SPEED: process.env.SIMULATOR_SPEED ?? '50',
        LXD: 'on',
        LXD_PUBLIC_ADDRESSES: runAddresses(lxdRun.slot, 0, 4).join(','),
      },
    }).catch(async (error: unknown) => {
      await lxdRun?.release();
      await stack.stop();
      throw error;
    });
    process.env.E2E_LXD_URL = lxdServer.url;
    process.env.E2E_LXD_SLOT = String(lxdRun.slot);
  } else if (process.env.CI === 'true') {
    await stack.stop();
    throw new Error('LXD is required in CI (npm test sets it up) but does not answer.');
  }
  return async () => {
    await lxdServer?.stop();
    await lxdRun?.release();
    await stack.stop();
    keepServerLog('server', stack.output());
    if (lxdServer) keepServerLog('lxd-server', lxdServer.output());
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Pino's levels: what a server logs at warn or above is printed after the run. */
const WARN = 40;

/**
 * Keeps a server's log in test-results/ (beside the traces of failed tests) and prints its
 * warnings and errors, so that a task that failed in CI can be traced to what the server did.
 */
function keepServerLog(name: string, output: string) {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(join('test-results', `${name}.log`), output);
  const problems = output.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= WARN;
    } catch {
      return false;
    }
  });
  if (problems.length === 0) return;
  console.log(
    `\n${name}: ${problems.length} warning(s) or error(s) logged (test-results/${name}.log):`,
  );
  for (const line of problems.slice(-40)) console.log(`  ${line.slice(0, 600)}`);
}
