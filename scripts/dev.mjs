#!/usr/bin/env node
// `npm run dev`: hot reload for the portal (Vite) and the server (tsx watch), against the Auth
// emulator, with data in .data-dev/. The portal at http://127.0.0.1:5173 proxies /api to the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies } from './lib/deps.mjs';
import { repoRoot } from './lib/proc.mjs';

await ensureDependencies();
const { startAuthEmulator } = await import('./lib/emulator.mjs');
const dataDir = join(repoRoot, '.data-dev');
const emulator = await startAuthEmulator({
  workDir: join(dataDir, 'emulator'),
  persistDir: join(dataDir, 'auth'),
});
const apiPort = process.env.PORT ?? '8080';
const env = {
  ...process.env,
  PORT: apiPort,
  PGLITE_DIR: join(dataDir, 'pglite'),
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  PORTAL_API_URL: `http://127.0.0.1:${apiPort}`,
};
const bin = (name) => join(repoRoot, 'node_modules/.bin', name);
const children = [
  spawn(join(repoRoot, 'apps/server/node_modules/.bin/tsx'), ['watch', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: join(repoRoot, 'apps/portal'), env, stdio: 'inherit' }),
];
console.log(
  `\nAuth emulator at ${emulator.url}; portal with hot reload at http://127.0.0.1:5173\n`,
);
const stop = async () => {
  for (const child of children) child.kill('SIGTERM');
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
