// The storage list benchmark's data: `count` volumes for one tenant in one statement.
import type { Database } from '../../db/database.ts';

const TYPES = ['standard', 'performance'];
const SITES = ['AMS1', 'FRA1', 'TYO1'];

/** Inserts `count` ready, unattached volumes (`bench-volume-00001`, …) for the tenant. */
export async function seedBench(db: Database, tenantCdbId: string, count: number): Promise<void> {
  await db.query(
    `insert into volumes (tenant_id, name, size_gb, type, location, state, created_at)
     select t.id, 'bench-volume-' || lpad(n::text, 5, '0'), 10 * (1 + n % 100),
            ($3::text[])[1 + n % 2], ($4::text[])[1 + n % 3], 'ready',
            now() - make_interval(mins => n)
       from tenants t cross join generate_series(1, $2::integer) n
      where t.cdb_id = $1`,
    [tenantCdbId, count, TYPES, SITES],
  );
}
