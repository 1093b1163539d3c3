// Rows for the list benchmark (`npm run bench:list -- --area license --route /license`): `count`
// subscriptions for one tenant over the five products, with terms spread over three years, in one
// INSERT … SELECT. Seats are then counted from what the tenant runs, as for any subscription.
import type { Queryable } from '../../db/database.ts';

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  await db.query(
    `insert into license_subscriptions (tenant_id, product, reference, seats, term_start,
                                        term_end, auto_renew)
     select t.id,
            (array['windows-server-datacenter', 'sql-server-standard', 'rhel', 'backup-agent',
                   'endpoint-security'])[1 + g % 5],
            'LIC-BENCH-' || lpad(g::text, 6, '0'), 1 + g % 50,
            current_date - (g % 700), current_date - (g % 700) + 365 + (g % 400), g % 3 = 0
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, count],
  );
}
