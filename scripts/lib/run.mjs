// Runs a command with inherited output; rejects with a sentence when it fails.
import { spawn } from 'node:child_process';
import { repoRoot } from './proc.mjs';

export function run(command, args, { cwd = repoRoot, env = process.env, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? 'ignore' : 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(undefined);
      else
        reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Runs a binary installed in the workspace's node_modules/.bin. */
export const runBin = (bin, args, options) =>
  run(`${repoRoot}/node_modules/.bin/${bin}`, args, options);
