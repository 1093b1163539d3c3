import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { lockDataDirectory } from './data-dir-lock.ts';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

const wrap = (target: PgliteLike): Queryable => ({
  async query<T>(sql: string, params: readonly unknown[] = []) {
    return (await target.query<T>(sql, [...params])).rows;
  },
  async exec(sql: string) {
    await target.exec(sql);
  },
});

/**
 * The embedded database: PostgreSQL compiled to WASM. One instance per process and directory,
 * held with a lock file (a second opener is refused with a sentence naming the holder); without
 * a directory it lives in memory (tests). It must be closed to flush to disk and release the lock.
 * `loadDataDir` starts from a `dumpDataDir()` tarball, which skips initdb (tests).
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDirectory(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = new PGlite(dataDir, {
      // int8 as a number, as in the pg driver's setup (postgres.ts).
      parsers: { [types.INT8]: (text: string) => Number(text) },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await pglite.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () =>
      (closing ??= (async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      })()),
  };
}
