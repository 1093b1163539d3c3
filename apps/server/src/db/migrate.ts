import type { Database } from './database.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

/** Advisory lock key held while migrating, so that servers starting together take turns. */
export const MIGRATION_LOCK_KEY = 7_420_261_121;

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction under an
 * advisory lock: a second server starting at the same time waits, then finds nothing to do.
 * Returns the ids it applied.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
    const rows = await tx.query<{ id: string }>('select id from schema_migrations');
    const done = new Set(rows.map((row) => row.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
