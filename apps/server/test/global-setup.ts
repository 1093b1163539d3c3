import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../../scripts/lib/emulator.mjs';
import { lxdAnswers } from '../../../scripts/lib/lxd.mjs';
import { claimLxdRun } from '../../../scripts/lib/lxd-runs.mjs';
import { seedIdentityAccounts } from '../src/db/demo.ts';
import { POSTGRES_ADMIN_URL } from './helpers/postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Auth emulator, for FIREBASE_AUTH_EMULATOR_HOST. */
    authEmulatorHost: string;
    /** http://host:port of the Auth emulator, for its REST API. */
    authEmulatorUrl: string;
    /** Where each test file creates its own PostgreSQL database; null when none answers. */
    postgresAdminUrl: string | null;
    /** An empty PGlite data directory as a tarball: opening it skips initdb (~2 s each). */
    pgliteTemplate: string;
    /**
     * This run's slot on the machine's LXD (scripts/lib/lxd-runs.mjs): its number picks the run's
     * address ranges, its directory records what the run makes. Null when LXD does not answer.
     */
    lxdRun: { slot: number; dir: string } | null;
  }
}

async function probePostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function makePgliteTemplate(dir: string): Promise<string> {
  const pglite = new PGlite();
  await pglite.waitReady;
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const path = join(dir, 'pglite-template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return path;
}

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'portal-server-tests-'));
  const [emulator, postgresProblem, pgliteTemplate, lxdRun] = await Promise.all([
    startAuthEmulator({ workDir: join(workDir, 'emulator') }),
    probePostgres(POSTGRES_ADMIN_URL),
    makePgliteTemplate(workDir),
    // Another suite may be using LXD at the same time: this run takes a slot of its own.
    lxdAnswers().then((answers) =>
      answers ? claimLxdRun({ log: (line) => console.info(`[server tests] LXD ${line}`) }) : null,
    ),
  ]);
  const where = POSTGRES_ADMIN_URL.replace(/^postgres:\/\/[^@]*@/, '').replace(/\/.*$/, '');
  if (postgresProblem) {
    if (process.env.CI) {
      await lxdRun?.release();
      await emulator.stop();
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(
        `[server tests] PostgreSQL at ${where} is required in CI but did not answer: ${postgresProblem}`,
      );
    }
    console.info(
      `[server tests] PostgreSQL at ${where}: skipped: not reachable (${postgresProblem})`,
    );
  } else {
    console.info(`[server tests] PostgreSQL at ${where}: ran`);
  }
  console.info('[server tests] PGlite: ran');

  // The demo accounts, as `npm start` creates them; tests sign in with them.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const admin = initializeApp({ projectId: emulator.projectId }, 'server-tests-setup');
  await seedIdentityAccounts(getAuth(admin));
  await deleteApp(admin);

  project.provide('authEmulatorHost', emulator.host);
  project.provide('authEmulatorUrl', emulator.url);
  project.provide('postgresAdminUrl', postgresProblem ? null : POSTGRES_ADMIN_URL);
  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('lxdRun', lxdRun && { slot: lxdRun.slot, dir: lxdRun.dir });

  return async () => {
    await lxdRun?.release();
    await emulator.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
