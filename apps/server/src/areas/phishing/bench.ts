// Rows for the list benchmark (`npm run bench:list -- --area phishing --route /phishing-prevention`):
// `count` draft campaigns for one tenant over one recipient group, in one INSERT … SELECT.
import type { Queryable } from '../../db/database.ts';

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  const groups = await db.query<{ id: number }>(
    `insert into phishing_groups (tenant_id, name)
     select id, 'Benchmark group' from tenants where cdb_id = $1 returning id`,
    [tenantCdbId],
  );
  const group = groups[0];
  if (!group) throw new Error(`no tenant ${tenantCdbId}`);
  await db.query(
    `insert into phishing_campaigns (tenant_id, name, template_id, landing_page_id, group_id)
     select g2.tenant_id, 'Campaign ' || lpad(g::text, 6, '0'),
            (select min(id) from phishing_templates where tenant_id is null and kind = 'email'),
            (select min(id) from phishing_templates where tenant_id is null and kind = 'landing'),
            g2.id
       from phishing_groups g2, generate_series(1, $2::integer) g
      where g2.id = $1`,
    [group.id, count],
  );
}
