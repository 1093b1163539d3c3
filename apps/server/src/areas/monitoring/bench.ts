// Rows for `npm run bench:list -- --area monitoring --route /monitoring --email provider@portal.test`:
// `count` monitors for one tenant in one INSERT … SELECT (and the platform's record of their
// probes), checked a moment ago, so the benchmark times the list, not a month of catching up.
import type { Queryable } from '../../db/database.ts';

const TYPES = ['http', 'tcp', 'ping', 'dns', 'tls'];
const STATES = ['up', 'up', 'up', 'degraded', 'down', 'up', 'paused'];

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  await db.query(
    `with made as (
       insert into monitors (tenant_id, name, type, target_kind, target, port, expected_status,
                             interval_seconds, timeout_seconds, retries, contacts, status, state,
                             paused, checked_until, last_check_at, last_response_ms, last_message,
                             response_times, uptime_24h, uptime_7d, uptime_30d, created_at)
       select t.id,
              'svc-' || lpad(g::text, 5, '0') || '.' || ($2::text[])[1 + g % 5],
              ($2::text[])[1 + g % 5],
              case when g % 5 = 0 then 'url' else 'address' end,
              case when g % 5 = 0 then 'https://svc-' || g || '.example.com/'
                   else 'svc-' || g || '.example.com' end,
              case when g % 5 = 1 then 443 end,
              case when g % 5 = 0 then 200 end,
              300, 10, 1, '[]'::jsonb, 'active',
              ($3::text[])[1 + g % 7], g % 7 = 6, now(), now(), 20 + g % 180, 'OK',
              (select jsonb_agg(20 + (g * 7 + i * 13) % 180) from generate_series(1, 30) i),
              100 - (g % 7) * 0.1, 100 - (g % 5) * 0.05, 99.9, now() - interval '30 days'
         from tenants t, generate_series(1, $1::integer) g
        where t.cdb_id = $4
       returning id
     )
     insert into sim_monitor (monitor_id, task_id, started_at)
     select id, 0, now() - interval '30 days' from made`,
    [count, TYPES, STATES, tenantCdbId],
  );
}
