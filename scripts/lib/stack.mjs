// Starts the whole product on one machine: the Auth emulator, the mail catcher (unless SMTP_URL
// names a relay), then the server (which serves the built portal and /api on one port). Shared by
// `npm start`, the end-to-end tests and benchmarks.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startAuthEmulator } from './emulator.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { freePort, repoRoot, waitFor } from './proc.mjs';

/**
 * @param {{ port?: number, dataDir: string, persistIdentity?: boolean, databaseUrl?: string,
 *   env?: Record<string, string>, quiet?: boolean, mailCatcherPort?: number }} options
 */
export async function startStack({
  port,
  dataDir,
  persistIdentity = false,
  databaseUrl,
  env = {},
  quiet = false,
  mailCatcherPort = 0,
}) {
  mkdirSync(dataDir, { recursive: true });
  // A relay named by SMTP_URL is used as it is; otherwise mail stays on this machine.
  const relay = env.SMTP_URL ?? process.env.SMTP_URL;
  const mail = relay ? null : await startMailCatcher({ httpPort: mailCatcherPort });
  let emulator;
  try {
    emulator = await startAuthEmulator({
      workDir: join(dataDir, 'emulator'),
      persistDir: persistIdentity ? join(dataDir, 'auth') : undefined,
    });
  } catch (error) {
    await mail?.stop();
    throw error;
  }
  let started;
  try {
    started = await startServer({ port, dataDir, databaseUrl, env, quiet, emulator, mail });
  } catch (error) {
    await emulator.stop();
    await mail?.stop();
    throw error;
  }
  const { url, server, output, stop: stopServer } = started;
  return {
    url,
    emulator,
    mail,
    server,
    output,
    async stop() {
      await stopServer();
      await emulator.stop();
      await mail?.stop();
    },
  };
}

/**
 * Starts one more server beside a stack's emulator and mail catcher, on its own database (a
 * second site configuration, say). Resolves once /api/health answers.
 * @param {{ port?: number, dataDir: string, databaseUrl?: string, env?: Record<string, string>,
 *   quiet?: boolean, emulator: { host: string, projectId: string },
 *   mail?: { smtpUrl: string } | null }} options
 */
export async function startServer({
  port,
  dataDir,
  databaseUrl,
  env = {},
  quiet = false,
  emulator,
  mail = null,
}) {
  const serverPort = port ?? (await freePort());
  const serverEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(serverPort),
    PGLITE_DIR: join(dataDir, 'pglite'),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
    PORTAL_DIST: join(repoRoot, 'apps/portal/dist'),
    ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
    ...env,
  };
  if (databaseUrl) serverEnv.DATABASE_URL = databaseUrl;
  else delete serverEnv.DATABASE_URL;
  const server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.mjs')], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${serverPort}`;
  try {
    await waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return (await fetch(`${url}/api/health`)).ok;
      },
      { timeoutMs: 600_000, what: 'the server' },
    );
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  const stopServer = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve(undefined);
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
      server.kill('SIGTERM');
    });
  return { url, server, output: () => output, stop: stopServer };
}
