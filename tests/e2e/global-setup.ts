import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type Stack } from '../../scripts/lib/stack.mjs';

/** One fresh stack (new identity emulator, new PGlite directory) for the whole e2e run. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const stack: Stack = await startStack({ dataDir, quiet: true });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_AUTH_EMULATOR_URL = stack.emulator.url;
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
