import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { openPglite } from '../src/db/pglite.ts';

// The lock is PGlite's own: PostgreSQL serves many processes by design.
// Each case creates a PGlite data directory (initdb and migrations): seconds on a busy machine.
describe('one process per PGlite data directory', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const lockOf = (dir: string) =>
    JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; hostname: string };

  it('refuses a second opener, naming the directory and the holder, until the first closes', async () => {
    const dir = join(root, 'shared');
    const first = await openPglite(dir);
    try {
      expect(lockOf(dir)).toMatchObject({ pid: process.pid, hostname: hostname() });
      const second = openPglite(dir);
      await expect(second).rejects.toThrow(
        `The PGlite data directory ${dir} is in use by process ${process.pid} on ${hostname()}`,
      );
      // The refused opener did not take the lock away.
      expect(lockOf(dir).pid).toBe(process.pid);
      expect(await first.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openPglite(dir);
    await again.close();
  });

  it('refuses while another live process holds the lock', async () => {
    const dir = join(root, 'other-process');
    mkdirSync(dir, { recursive: true });
    // Our parent process is alive for as long as this test runs.
    const holder = { pid: process.ppid, hostname: hostname(), since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder));
    await expect(openPglite(dir)).rejects.toThrow(
      `is in use by process ${process.ppid} on ${hostname()} (since 2026-01-01T00:00:00.000Z)`,
    );
    expect(lockOf(dir).pid).toBe(process.ppid);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = join(root, 'stale');
    mkdirSync(dir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(dead.stdout);
    expect(deadPid).toBeGreaterThan(0);
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid, hostname: hostname(), since: '2026-01-01T00:00:00.000Z' }),
    );
    const db = await openPglite(dir);
    try {
      expect(lockOf(dir).pid).toBe(process.pid);
    } finally {
      await db.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
