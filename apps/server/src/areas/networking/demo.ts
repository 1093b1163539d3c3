// Demo networking: for each demo customer, a gateway per site it has VMs at and a network for each
// VLAN its VMs use (so existing adapters are ports on networks), one spare public address; the
// simulated platform gets the same (as if it had built them). Once per database.
import type { Queryable } from '../../db/database.ts';
import { listVms } from '../compute/index.ts';
import { insertAddress, insertGateway, insertNetwork } from './repository.ts';

const SEEDED_KEY = 'demo_networking_seeded';
const DEMO_TENANTS = ['UZZ100001', 'UZZ100002'];
const DNS = ['1.1.1.1', '9.9.9.9'];

/** The demo networks' addressing: the simulator's shared portgroups give 10.{vlan}.x.y. */
const addressingOf = (vlanId: number) => {
  const second = vlanId % 256;
  return {
    cidr: `10.${second}.0.0/16`,
    gatewayAddress: `10.${second}.0.1`,
    // Above the addresses the demo VMs already have.
    dhcpStart: `10.${second}.200.10`,
    dhcpEnd: `10.${second}.254.254`,
  };
};

export async function seedDemoNetworking(tx: Queryable): Promise<boolean> {
  const seeded = await tx.query('select 1 from app_meta where key = $1', [SEEDED_KEY]);
  if (seeded.length > 0) return false;
  for (const cdbId of DEMO_TENANTS) {
    const tenants = await tx.query<{ id: number }>('select id from tenants where cdb_id = $1', [
      cdbId,
    ]);
    const tenantId = tenants[0]?.id;
    if (tenantId === undefined) continue;
    const vms = await listVms(tx, tenantId, { series: 'any' });
    const gateways = new Map<string, number>();
    const networks = new Map<string, number>();
    for (const vm of vms) {
      let gatewayId = gateways.get(vm.location);
      if (gatewayId === undefined) {
        gatewayId = await insertGateway(tx, tenantId, {
          name: `${vm.location.toLowerCase()}-edge`,
          location: vm.location,
          snat: true,
          state: 'active',
        });
        const external = `203.0.113.${(gatewayId % 254) + 1}`;
        await tx.query('update network_gateways set external_address = $2 where id = $1', [
          gatewayId,
          external,
        ]);
        await tx.query(
          `insert into sim_gateway (gateway_id, tenant_id, location, name, external_address, snat)
           values ($1, $2, $3, $4, $5, true) on conflict do nothing`,
          [gatewayId, tenantId, vm.location, `${vm.location.toLowerCase()}-edge`, external],
        );
        gateways.set(vm.location, gatewayId);
      }
      for (const [index, adapter] of vm.adapters.entries()) {
        const key = `${vm.location}/${adapter.vlan_id}`;
        let networkId = networks.get(key);
        if (networkId === undefined) {
          const addressing = addressingOf(adapter.vlan_id);
          networkId = await insertNetwork(tx, tenantId, {
            name: adapter.portgroup,
            location: vm.location,
            vlanId: adapter.vlan_id,
            ...addressing,
            dnsServers: DNS,
            gatewayId,
            state: 'active',
          });
          await tx.query(
            `insert into sim_network (network_id, tenant_id, location, name, vlan_id, cidr,
                                      dhcp_start, dhcp_end, dns_servers, gateway_id)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
            [
              networkId,
              tenantId,
              vm.location,
              adapter.portgroup,
              adapter.vlan_id,
              addressing.cidr,
              addressing.dhcpStart,
              addressing.dhcpEnd,
              JSON.stringify(DNS),
              gatewayId,
            ],
          );
          networks.set(key, networkId);
        }
        if (adapter.ip)
          await tx.query(
            `insert into sim_port (vm_id, adapter, network_id, ip) values ($1, $2, $3, $4)
             on conflict do nothing`,
            [vm.id, index, networkId, adapter.ip],
          );
      }
    }
    // One spare public address on the first gateway.
    const [location, gatewayId] = [...gateways.entries()][0] ?? [];
    if (location !== undefined && gatewayId !== undefined) {
      const ids = await tx.query<{ id: number }>(
        "select nextval('global_ipaddress_seq')::integer as id",
      );
      const globalId = ids[0]?.id ?? 0;
      const address = `198.18.${Math.floor(globalId / 256) % 256}.${globalId % 256}`;
      await insertAddress(tx, tenantId, {
        location,
        gatewayId,
        state: 'allocated',
        globalIpaddressId: globalId,
        address,
      });
      await tx.query(
        `insert into sim_public_address (global_ipaddress_id, tenant_id, location, gateway_id,
                                         address) values ($1, $2, $3, $4, $5)`,
        [globalId, tenantId, location, gatewayId, address],
      );
    }
  }
  await tx.query('insert into app_meta (key, value) values ($1, $2)', [
    SEEDED_KEY,
    new Date().toISOString(),
  ]);
  return true;
}
