// Starts the Firebase Auth emulator from firebase-tools on free ports, offline, with no UI.
// Used by `npm start`, the server tests and the end-to-end tests, so all three run the same way.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, repoRoot, waitFor } from './proc.mjs';

export const PROJECT_ID = 'demo-portal';

/**
 * @param {{ port?: number, workDir: string, persistDir?: string, quiet?: boolean }} options
 *   workDir holds the generated firebase.json and the emulator's debug log; persistDir, when
 *   given, is imported on start (if it holds an export) and written on a clean stop.
 */
export async function startAuthEmulator({ port, workDir, persistDir, quiet = true }) {
  mkdirSync(workDir, { recursive: true });
  const authPort = port ?? (await freePort());
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(workDir, 'firebase.json'), JSON.stringify(config, null, 2));
  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    'firebase.json',
  ];
  if (persistDir) {
    mkdirSync(persistDir, { recursive: true });
    if (existsSync(persistDir) && readdirSync(persistDir).length > 0)
      args.push('--import', persistDir);
    args.push('--export-on-exit', persistDir);
  }
  const bin = join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: workDir,
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_MOTD: '1',
      CI: process.env.CI ?? '',
    },
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${authPort}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the Auth emulator exited:\n${output}`);
        const res = await fetch(url);
        return res.ok;
      },
      // Its start loads much of firebase-tools: on a machine busy with other work (a typecheck
      // ten times slower than on a quiet one was seen) it takes minutes, not seconds.
      { timeoutMs: 600_000, what: 'the Firebase Auth emulator' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    if (error instanceof Error && output) error.message += `\nIts output so far:\n${output}`;
    throw error;
  }
  return {
    url,
    host: `127.0.0.1:${authPort}`,
    projectId: PROJECT_ID,
    child,
    /** Stops the emulator; with persistDir it first writes the export. */
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
        child.kill('SIGINT');
      }),
    /** Out-of-band codes (password reset, e-mail verification) the emulator "sent". */
    oobCodes: async () => {
      const res = await fetch(`${url}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
      return /** @type {{ oobCodes: Array<{ email: string, oobCode: string, oobLink: string, requestType: string }> }} */ (
        await res.json()
      ).oobCodes;
    },
  };
}
