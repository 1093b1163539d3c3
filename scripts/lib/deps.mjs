// Installs the workspace's dependencies when they are missing or older than the lockfile.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './proc.mjs';
import { run } from './run.mjs';

const PNPM = 'pnpm@10.34.8';
const stampFile = join(repoRoot, 'node_modules', '.portal-install-stamp');

function manifestHash() {
  const hash = createHash('sha256');
  const files = ['pnpm-lock.yaml', 'package.json', 'pnpm-workspace.yaml'];
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(repoRoot, group)))
      files.push(join(group, name, 'package.json'));
  }
  for (const file of files) {
    const path = join(repoRoot, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** Runs pnpm (pinned, through npx: needs only Node and npm) with the given arguments. */
export const pnpm = (args, options) => run('npx', ['--yes', PNPM, ...args], options);

export async function ensureDependencies() {
  const wanted = manifestHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return;
  console.log('Installing dependencies (pnpm, frozen lockfile)…');
  await pnpm(['install', '--frozen-lockfile', '--config.confirmModulesPurge=false']);
  writeFileSync(stampFile, wanted);
}
