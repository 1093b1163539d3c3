// The server process: configuration, database (migrated, seeded once), identity, HTTP.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, migrate, type Database } from './db/index.ts';
import { seedDemoData, seedIdentityAccounts } from './db/demo.ts';
import { resolveSites } from './site-config.ts';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Stops with one sentence; the stack only for errors nobody expected. */
function fail(sentence: string, unexpected?: unknown): never {
  console.error(sentence);
  if (unexpected !== undefined) console.error(unexpected);
  process.exit(1);
}

async function openAndPrepare(config: Config): Promise<Database> {
  let db: Database;
  try {
    db = await openDatabase(config);
  } catch (error) {
    const where = config.databaseUrl
      ? 'PostgreSQL at DATABASE_URL'
      : `PGlite in ${config.pgliteDir}`;
    fail(`Could not open the database (${where}): ${reason(error)}`);
  }
  await migrate(db);
  if (config.seedDemoData && (await seedDemoData(db))) console.log('Seeded the demo data.');
  return db;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`The server cannot start: ${error.message}`);
    throw error;
  }

  const db = await openAndPrepare(config);
  // firebase-admin talks to the emulator by itself when FIREBASE_AUTH_EMULATOR_HOST is set.
  const auth = getAuth(initializeApp({ projectId: config.firebase.projectId }));
  if (config.authEmulatorHost && config.seedDemoData) {
    const created = await seedIdentityAccounts(auth);
    if (created.length > 0)
      console.log(`Created demo accounts in the Auth emulator: ${created.join(', ')}`);
  }

  const { sites, lxdLine } = await resolveSites(config.sites, (message) =>
    fail(`The server cannot start: ${message}`),
  );
  console.log(lxdLine);
  const app = await buildApp({ config, db, auth, identityAdmin: auth, sites });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      // PGlite writes its data directory on close.
      await db.close();
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await db.close();
    fail(`Could not listen on ${config.host}:${config.port}: ${reason(error)}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Server listening on http://${config.host}:${port} (database: ${db.kind}; mail: ${app.mailer.describe})`,
  );
}

main().catch((error: unknown) => fail('The server stopped because of an unexpected error.', error));
