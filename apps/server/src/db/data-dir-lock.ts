import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file in a PGlite data directory that says which process has it open. */
export const LOCK_FILE = 'portal-server.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  since: string;
}

/** Another process (or this one) has the data directory open. */
export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError';
}

const ownerOf = (path: string): LockOwner | null => {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, hostname: host, since } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof host !== 'string') return null;
    return { pid, hostname: host, since: typeof since === 'string' ? since : 'unknown' };
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A lock file nobody holds any more: its process died on this host, or it was never written. */
function isStale(path: string, owner: LockOwner | null): boolean {
  if (!owner) {
    // A process that created it may still be writing it; give it a few seconds.
    try {
      return Date.now() - statSync(path).mtimeMs > 5_000;
    } catch {
      return true;
    }
  }
  return owner.hostname === hostname() && !isAlive(owner.pid);
}

/**
 * Takes the data directory for this process: PGlite is one process's database, and two processes
 * writing one directory corrupt it. Creates the lock file exclusively with this pid and host; a
 * lock left by a dead process on this host is taken over. Returns the release function.
 */
export function lockDataDirectory(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  const mine: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(path);
      if (attempt < 3 && isStale(path, owner)) {
        try {
          unlinkSync(path);
        } catch (unlinkError) {
          if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
        }
        continue;
      }
      const who = owner
        ? `process ${owner.pid} on ${owner.hostname} (since ${owner.since})${owner.pid === process.pid && owner.hostname === mine.hostname ? ', this very process' : ''}`
        : 'another process';
      throw new DataDirectoryInUseError(
        `The PGlite data directory ${dir} is in use by ${who}. Stop that server first, or set DATABASE_URL so that several servers share one PostgreSQL database; if that process is gone, delete ${path}.`,
      );
    }
    try {
      writeSync(fd, JSON.stringify(mine));
    } finally {
      closeSync(fd);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Only our own lock: never one a later owner took over.
      const owner = ownerOf(path);
      if (owner?.pid === mine.pid && owner.since === mine.since) unlinkSync(path);
    };
  }
}
