// Audit rows for the benchmark (scripts/bench-audit.mjs): `count` plausible entries over the last
// 90 days, spread over a few users, tenants, areas, actions and results, in one statement.
import type { Database } from '../../db/database.ts';

export async function seedBench(db: Database, tenantCdbId: string, count: number): Promise<void> {
  await db.query(
    `insert into audit_log (at, actor_email, actor_tenant, acting_tenant, area, action, target,
                            result, detail, address)
     select now() - (i * interval '15 seconds'),
            'bench-' || (i % 40) || '@portal.test',
            case when i % 10 = 0 then 'UZZ999997' else $1 end,
            $1,
            (array['compute', 'compute', 'vwseries', 'account', 'admin', 'task'])[1 + i % 6],
            (array['vm.power', 'vm.rename', 'vm.snapshot', 'auth.sign_in', 'user.change',
                   'task.cancel'])[1 + i % 6],
            'vm:' || (i % 5000),
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
