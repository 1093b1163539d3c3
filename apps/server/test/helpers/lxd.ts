import { LxdClient } from '../../src/platform/lxd/client.ts';

export const LXD_SOCKET = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';

/**
 * The local LXD (`npm run lxd:setup`) for a test file, or null with the reason printed. In CI
 * (`CI=true`) LXD is required: the file fails instead of skipping.
 */
export async function localLxd(file: string): Promise<LxdClient | null> {
  const client = new LxdClient({ socketPath: LXD_SOCKET }, { timeoutMs: 2000 });
  let problem: string | null = null;
  try {
    await client.get('/1.0');
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (!problem) return client;
  await client.close();
  if (process.env.CI === 'true')
    throw new Error(
      `[${file}] LXD at ${LXD_SOCKET} is required in CI but did not answer: ${problem}`,
    );
  console.info(
    `[${file}] LXD half skipped: nothing answers at ${LXD_SOCKET} (${problem}); run npm run lxd:setup`,
  );
  return null;
}
