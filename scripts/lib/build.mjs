// Builds the portal and the server bundle when their sources are newer than their output.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './proc.mjs';
import { run, runBin } from './run.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const outOfDate = (output, inputs) => {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return inputs.some((input) => newestMtime(join(repoRoot, input)) > built);
};

const shared = ['packages', 'pnpm-lock.yaml'];

export async function buildPortal({ force = false } = {}) {
  const output = join(repoRoot, 'apps/portal/dist/index.html');
  if (!force && !outOfDate(output, ['apps/portal', ...shared])) return;
  console.log('Building the portal…');
  await runBin('vite', ['build', '--logLevel', 'warn'], { cwd: join(repoRoot, 'apps/portal') });
}

export async function buildServer({ force = false } = {}) {
  const output = join(repoRoot, 'apps/server/dist/main.mjs');
  if (!force && !outOfDate(output, ['apps/server', 'packages/api', 'pnpm-lock.yaml'])) return;
  console.log('Building the server…');
  await run(process.execPath, ['apps/server/build.mjs']);
}

export async function buildAll(options) {
  await buildServer(options);
  await buildPortal(options);
}
