// Rows for the list benchmark (`npm run bench:list -- --area crowdstrike --route /crowdstrike`):
// `count` managed EDR subscriptions for one tenant, in one INSERT … SELECT, as a tenant's list
// stands once the background check-ins have run: each has checked in and reports four hosts (so
// the list's figures count 4 × `count` host rows). A never-checked-in subscription is checked in
// by the list read itself (a few a read): `seedNewSubscriptions`, which `crowdstrike.test.ts` uses.
import type { Queryable } from '../../db/database.ts';

/** `count` managed EDR subscriptions for one tenant that have never checked in. */
export async function seedNewSubscriptions(db: Queryable, tenantCdbId: string, count: number) {
  await db.query(
    `insert into edr_subscriptions (tenant_id, kind, name, state)
     select t.id, 'medr', 'Bench EDR ' || lpad(g::text, 6, '0'),
            case when g % 11 = 0 then 'suspended' else 'active' end
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, count],
  );
}

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  await seedNewSubscriptions(db, tenantCdbId, count);
  await db.query(
    `update edr_subscriptions s set checked_in_at = now()
       from tenants t
      where t.id = s.tenant_id and t.cdb_id = $1 and s.name like 'Bench EDR %'`,
    [tenantCdbId],
  );
  await db.query(
    `insert into edr_hosts (subscription_id, tenant_id, ref, hostname, os, kind, sensor_version,
                            last_seen, online)
     select s.id, s.tenant_id, 'bench-' || h, 'bench-host-' || s.id || '-' || h, 'Debian 12',
            'endpoint', '7.10.0', now(), h % 4 <> 0
       from edr_subscriptions s join tenants t on t.id = s.tenant_id,
            generate_series(1, 4) h
      where t.cdb_id = $1 and s.name like 'Bench EDR %'`,
    [tenantCdbId],
  );
}
