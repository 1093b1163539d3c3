import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

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
 * The embedded database: PostgreSQL compiled to WASM. One instance per process and directory;
 * without a directory it lives in memory (tests). It must be closed to flush to disk.
 * `loadDataDir` starts from a `dumpDataDir()` tarball, which skips initdb (tests).
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, {
    // int8 as a number, as in the pg driver's setup (postgres.ts).
    parsers: { [types.INT8]: (text: string) => Number(text) },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
}
