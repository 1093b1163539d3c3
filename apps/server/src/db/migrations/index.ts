import { sql as initial } from './001_initial.ts';
import { sql as compute } from './002_compute.ts';
import { sql as areas } from './003_areas.ts';
import { sql as listVersions } from './004_list_versions.ts';
import { sql as accountSecurity } from './013_account_security.ts';

export interface Migration {
  /** Recorded in schema_migrations; never rename one that has shipped. */
  id: string;
  sql: string;
}

/**
 * Every migration in order. TypeScript modules rather than .sql files, so that the server bundle
 * carries them. Append only: a shipped migration is never edited.
 */
export const MIGRATIONS: readonly Migration[] = [
  { id: '001_initial', sql: initial },
  { id: '002_compute', sql: compute },
  { id: '003_areas', sql: areas },
  { id: '004_list_versions', sql: listVersions },
  { id: '013_account_security', sql: accountSecurity },
];
