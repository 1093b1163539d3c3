// Rows for the list benchmark (`npm run bench:list -- --area crowdstrike --route /crowdstrike`):
// `count` managed EDR subscriptions for one tenant, in one INSERT … SELECT. Their hosts are the
// tenant's VMs, reported by the platform when they check in (the first list read checks in a few,
// the background check-ins the rest), as for any subscription.
import type { Queryable } from '../../db/database.ts';

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  await db.query(
    `insert into edr_subscriptions (tenant_id, kind, name, state)
     select t.id, 'medr', 'Bench EDR ' || lpad(g::text, 6, '0'),
            case when g % 11 = 0 then 'suspended' else 'active' end
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, count],
  );
}
