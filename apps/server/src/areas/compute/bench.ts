// Rows for the benchmarks (`npm run bench:compute-ui`, `npm run bench:list -- --area compute`):
// `count` eseries VMs for one tenant in one INSERT … SELECT, named like a real fleet
// (`web-0123-617`) so that searches narrow them.
import type { Queryable } from '../../db/database.ts';

const ROLES = ['vm', 'web', 'db', 'cache', 'app'];
const LOCATIONS = ['AMS1', 'FRA1', 'TYO1'];
const CLUSTERS = ['AMS1-CL01', 'FRA1-CL01', 'TYO1-CL01'];

export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  await db.query(
    `insert into vms (tenant_id, display_name, status, power_state, os_name, os_version,
                      os_guest_full_name, vcpus, memory_mb, disk_size_gb, plan_id, location,
                      cluster, adapters, vsnap, monitoring)
     select t.id,
            ($2::text[])[1 + g % 5] || '-' || lpad((g / 5)::text, 4, '0') || '-' || g,
            case when g % 17 = 0 then 'trial' else 'active' end,
            case when g % 5 = 0 then 'poweredOff' when g % 23 = 0 then 'suspended'
                 else 'poweredOn' end,
            case when g % 3 = 0 then 'Debian' else 'Ubuntu' end,
            case when g % 3 = 0 then '12' else '24.04 LTS' end,
            case when g % 3 = 0 then 'Debian GNU/Linux 12 (64-bit)'
                 else 'Ubuntu Linux 24.04 (64-bit)' end,
            2 << (g % 3), 4096 << (g % 3), 60, 'std-2',
            ($3::text[])[1 + g % 3], ($4::text[])[1 + g % 3],
            jsonb_build_array(jsonb_build_object('portgroup', 'ams1-frontend', 'vlan_id', 100,
              'ip', '10.100.' || (g / 250) % 256 || '.' || (g % 250 + 2))),
            false, g % 2 = 0
       from tenants t, generate_series(1, $1::integer) g
      where t.cdb_id = $5`,
    [count, ROLES, LOCATIONS, CLUSTERS, tenantCdbId],
  );
}
