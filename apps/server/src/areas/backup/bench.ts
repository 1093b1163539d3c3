// Rows for the list benchmark (`npm run bench:list -- --area backup --route /backup --count 1000`):
// `count` active backup tenants for one tenant in one INSERT … SELECT, with plausible usage and a
// last job, and their next scheduled job far enough ahead that reading the list runs none.
import type { Queryable } from '../../db/database.ts';

const LOCATIONS = ['TYO1', 'OSA1', 'SIN1'];
const PRODUCTS = ['Veeam Cloud Connect', 'Acronis Cyber Protect Cloud'];

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  await db.query(
    `insert into backup_tenants (uuid, tenant_id, name, location, repository, product, quota_gb,
                                 warning_percent, retention, state, agent_account,
                                 agent_secret_hash, used_gb, protected_machines, machines,
                                 restore_points, last_job, next_job_at, created_at)
     select gen_random_uuid(), t.id, 'bk-' || lpad(g::text, 5, '0'),
            ($2::text[])[1 + g % 3], ($2::text[])[1 + g % 3] || '-repo-01',
            ($3::text[])[1 + g % 2], 500 + (g % 10) * 100, 80,
            '{"keep_last":7,"daily":14,"weekly":4,"monthly":6,"yearly":1}'::jsonb,
            case when g % 13 = 0 then 'over_quota' when g % 7 = 0 then 'disabled'
                 else 'active' end,
            lower(t.cdb_id) || '-bench-' || g, md5(g::text),
            round(((500 + (g % 10) * 100) * ((g * 37) % 100) / 100.0)::numeric, 1),
            1 + g % 4, '[]'::jsonb, 5 + g % 20,
            jsonb_build_object('result', case when g % 13 = 0 then 'failed' else 'success' end,
                               'at', to_char(now() at time zone 'UTC',
                                             'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                               'message', 'Benchmark job.'),
            now() + interval '30 days', now() - (g || ' minutes')::interval
       from tenants t, generate_series(1, $1::integer) g
      where t.cdb_id = $4`,
    [count, LOCATIONS, PRODUCTS, tenantCdbId],
  );
}
