import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';

/** A fresh, empty database of one kind, private to the test file that opened it. */
export interface TestDatabase {
  db: Database;
  /** The connection string, for another process (PostgreSQL only). */
  url?: string;
  /** A second, independent handle on the same database (PGlite: the same instance). */
  openAnother(): Promise<Database>;
  /** Closes every handle and drops the database. */
  dispose(): Promise<void>;
}

export interface DatabaseKind {
  kind: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

let template: Blob | undefined;

/** A freshly initialised, empty PGlite data directory (global setup made it once). */
export function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

async function openTestPglite(): Promise<TestDatabase> {
  const db = await openPglite(undefined, { loadDataDir: pgliteTemplate() });
  return { db, openAnother: async () => db, dispose: () => db.close() };
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function openTestPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handles: Database[] = [await openPostgres(url, 4)];
  const [db] = handles as [Database];
  return {
    db,
    url,
    async openAnother() {
      const another = await openPostgres(url, 4);
      handles.push(another);
      return another;
    },
    async dispose() {
      await Promise.all(handles.map((handle) => handle.close()));
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** PGlite always; PostgreSQL when global setup found one. Use with `describe.each`. */
export function databaseKinds(): DatabaseKind[] {
  const kinds: DatabaseKind[] = [{ kind: 'pglite', open: openTestPglite }];
  const adminUrl = inject('postgresAdminUrl');
  if (adminUrl) kinds.push({ kind: 'postgres', open: () => openTestPostgres(adminUrl) });
  return kinds;
}
