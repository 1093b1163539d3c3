// Audit rows for the benchmark (scripts/bench-audit.mjs): `count` plausible entries over the last
// 90 days, spread over a few users, tenants, areas, actions and results, in one statement.
import type { Database } from '../../db/database.ts';

export async function seedBench(db: Database, tenantCdbId: string, count: number): Promise<void> {
  await db.query(
    `insert into audit_log (at, actor_email, actor_tenant, acting_tenant, area, action, target,
                            target_label, result, detail, address)
     select now() - (i * interval '15 seconds'),
            'bench-' || (i % 40) || '@portal.test',
            case when i % 10 = 0 then 'UZZ999997' else $1 end,
            $1,
            (array['compute', 'compute', 'vwseries', 'account', 'admin', 'task'])[1 + i % 6],
            (array['vm.power', 'vm.rename', 'vm.snapshot', 'auth.sign_in', 'user.change',
                   'task.cancel'])[1 + i % 6],
            'vm:' || (i % 5000),
            'vm-' || (i % 5000),
            case when i % 23 = 0 then 'failure' when i % 31 = 0 then 'denied' else 'success' end,
            case when i % 23 = 0
                 then jsonb_build_object('status', 409, 'message',
                        'The virtual machine vm-' || (i % 5000) || ' is busy with another task.')
                 else '{}'::jsonb end,
            '198.51.100.' || (i % 250)
       from generate_series(1, $2::integer) as i`,
    [tenantCdbId, count],
  );
}

/**
 * `count` users of one tenant with the first role that is not built in (Operator), for `npm run bench:list -- --area admin
 * --seed seedUsersBench --route /user --email admin@portal.test --api '/api/admin/users'`.
 */
export async function seedUsersBench(
  db: Database,
  tenantCdbId: string,
  count: number,
): Promise<void> {
  await db.query(
    `insert into users (email, tenant_id, role_id, display_name)
     select 'bench-user-' || lpad(g::text, 6, '0') || '@' || lower(t.cdb_id) || '.test', t.id,
            (select r.id from roles r where not r.builtin order by r.id limit 1),
            'Bench User ' || g
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, count],
  );
}
