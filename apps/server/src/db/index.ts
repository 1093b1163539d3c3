import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { Database, Queryable } from './database.ts';
export { openPglite } from './pglite.ts';
export { openPostgres } from './postgres.ts';
export { migrate } from './migrate.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'pgliteDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.pgliteDir);
}
