// Seeds a large topology for `npm run bench:topology`: `networks` networks at AMS1 behind the
// tenant's AMS1 gateway and `vms` eseries VMs spread over them, in one INSERT … SELECT each. For
// `npm run bench:list -- --area networking --route /networking`: `count` networks, no VMs.
import type { Database, Queryable } from '../../db/database.ts';

/** `count` networks of one tenant at AMS1, each a /24 of 10.x.y.0 with its own VLAN. */
export async function seedBench(db: Queryable, tenantCdbId: string, count: number) {
  if (count > 3000) throw new Error('networking bench: at most 3,000 networks (one VLAN each)');
  await db.query(
    `insert into networks (tenant_id, name, location, vlan_id, cidr, gateway_address, dhcp_start,
                           dhcp_end, dns_servers, gateway_id, state)
     select t.id, 'bench-net-' || lpad(g::text, 4, '0'), 'AMS1', 1000 + g,
            '10.' || (g / 256) || '.' || (g % 256) || '.0/24',
            '10.' || (g / 256) || '.' || (g % 256) || '.1',
            '10.' || (g / 256) || '.' || (g % 256) || '.10',
            '10.' || (g / 256) || '.' || (g % 256) || '.254', '["1.1.1.1"]'::jsonb,
            (select min(w.id) from network_gateways w where w.tenant_id = t.id
                and w.location = 'AMS1'),
            'active'
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, count],
  );
}

export async function seedTopologyBench(
  db: Database,
  tenantCdbId: string,
  counts: { networks: number; vms: number },
): Promise<void> {
  await db.query(
    `insert into networks (tenant_id, name, location, vlan_id, cidr, gateway_address, dhcp_start,
                           dhcp_end, dns_servers, gateway_id, state)
     select t.id, 'bench-net-' || lpad(g::text, 3, '0'), 'AMS1', 1000 + g,
            '172.20.' || g || '.0/24', '172.20.' || g || '.1', '172.20.' || g || '.10',
            '172.20.' || g || '.254', '["1.1.1.1"]'::jsonb,
            (select min(w.id) from network_gateways w where w.tenant_id = t.id
                and w.location = 'AMS1'),
            'active'
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, counts.networks],
  );
  await db.query(
    `insert into vms (tenant_id, display_name, status, power_state, os_name, os_version,
                      os_guest_full_name, vcpus, memory_mb, disk_size_gb, plan_id, location,
                      cluster, adapters)
     select t.id, 'bench-vm-' || lpad(g::text, 4, '0'), 'active',
            case when g % 7 = 0 then 'poweredOff' else 'poweredOn' end,
            'Ubuntu', '24.04 LTS', 'Ubuntu Linux 24.04 (64-bit)', 2, 4096, 60, 'std-2', 'AMS1',
            'AMS1-CL01',
            jsonb_build_array(jsonb_build_object(
              'portgroup', 'bench-net-' || lpad((1 + g % $3::integer)::text, 3, '0'),
              'vlan_id', 1001 + g % $3::integer,
              'ip', '172.20.' || (1 + g % $3::integer) || '.' || (10 + g / $3::integer)))
       from tenants t, generate_series(1, $2::integer) g
      where t.cdb_id = $1`,
    [tenantCdbId, counts.vms, counts.networks],
  );
}
