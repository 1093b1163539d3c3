import type { Catalogue } from '@portal/api/contract';
import { freeAddress, networkClash } from '@portal/api/domain';
import type { Static, TSchema } from 'typebox';
import type { Database, Queryable } from '../../../../db/database.ts';
import { refuse, type OperationContext } from '../../../../platform/driver.ts';
import { oncePerTask, simulatedWait } from '../../../../platform/tasks/once.ts';
import {
  AddressFacts,
  GatewayDeletedFacts,
  GatewayFacts,
  NetworkFacts,
  NetworkUpdateFacts,
  type NetworkingDriver,
  type NetworkSpec,
} from '../../driver.ts';

/** Seconds each operation takes at speed 1. */
export const NETWORK_DURATIONS = {
  createNetwork: 4,
  updateNetwork: 2,
  deleteNetwork: 3,
  createGateway: 5,
  updateGateway: 3,
  deleteGateway: 3,
  allocate: 2,
  release: 2,
} as const;

/** A gateway's external address, from the documentation range 203.0.113.0/24 upwards. */
const externalAddressOf = (gatewayId: number) =>
  `203.0.${113 + (Math.floor(gatewayId / 254) % 3)}.${(gatewayId % 254) + 1}`;

/** A public address from 198.18.0.0/15, by its id (one sequence for every public address). */
const publicAddressOf = (id: number) =>
  [198, 18 + (Math.floor(id / 65536) % 2), Math.floor(id / 256) % 256, id % 256].join('.');

interface SimNetworkRow {
  network_id: number;
  name: string;
  location: string;
  vlan_id: number;
  cidr: string;
  dhcp_start: string;
  dhcp_end: string;
  dns_servers: string[];
  gateway_id: number | null;
}

/**
 * The built-in networking platform, in tables of its own (sim_gateway, sim_network, sim_port,
 * sim_public_address). Deterministic: addresses are the lowest free ones, public addresses come
 * from one sequence. Every answer is recorded with its task id, so a task re-run after a restart
 * reports the same facts and changes nothing twice.
 */
export class NetworkingSimulator implements NetworkingDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
  ) {}

  /** Once per task: waits the operation's time, then applies it under the tenant's lock. */
  private once<S extends TSchema>(
    ctx: OperationContext,
    seconds: number,
    facts: S,
    apply: (tx: Queryable) => Promise<Static<S>>,
    check?: (q: Queryable) => Promise<void>,
  ): Promise<Static<S>> {
    return oncePerTask(this.db, ctx, facts, {
      ...(check ? { check } : {}),
      work: () => simulatedWait(ctx, seconds, this.options.speed),
      apply: async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1, $2)', [7007, ctx.tenantId]);
        await check?.(tx);
        return apply(tx);
      },
    });
  }

  private async network(q: Queryable, tenantId: number, id: number): Promise<SimNetworkRow> {
    const rows = await q.query<SimNetworkRow>(
      'select * from sim_network where tenant_id = $1 and network_id = $2',
      [tenantId, id],
    );
    return rows[0] ?? refuse('The network does not exist on the platform.');
  }

  createNetwork(ctx: OperationContext, networkId: number, spec: NetworkSpec) {
    const check = async (q: Queryable) => {
      const others = await q.query<SimNetworkRow>(
        'select * from sim_network where tenant_id = $1 and location = $2 and network_id <> $3',
        [ctx.tenantId, spec.location, networkId],
      );
      const clash = networkClash({ ...spec, vlan_id: spec.vlanId }, others);
      if (clash) refuse(clash);
    };
    return this.once(
      ctx,
      NETWORK_DURATIONS.createNetwork,
      NetworkFacts,
      async (tx) => {
        await tx.query(
          `insert into sim_network (network_id, tenant_id, location, name, vlan_id, cidr,
                                    dhcp_start, dhcp_end, dns_servers, gateway_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
           on conflict (network_id) do nothing`,
          [
            networkId,
            ctx.tenantId,
            spec.location,
            spec.name,
            spec.vlanId,
            spec.cidr,
            spec.dhcpStart,
            spec.dhcpEnd,
            JSON.stringify(spec.dnsServers),
            spec.gatewayId,
          ],
        );
        return { name: spec.name, vlanId: spec.vlanId };
      },
      check,
    );
  }

  updateNetwork(ctx: OperationContext, networkId: number, change: NetworkUpdateFacts) {
    return this.once(ctx, NETWORK_DURATIONS.updateNetwork, NetworkUpdateFacts, async (tx) => {
      await this.network(tx, ctx.tenantId, networkId);
      await tx.query(
        `update sim_network set dhcp_start = $2, dhcp_end = $3, dns_servers = $4::jsonb,
                gateway_id = $5 where network_id = $1`,
        [
          networkId,
          change.dhcpStart,
          change.dhcpEnd,
          JSON.stringify(change.dnsServers),
          change.gatewayId,
        ],
      );
      return change;
    });
  }

  deleteNetwork(ctx: OperationContext, networkId: number) {
    const check = async (q: Queryable) => {
      const network = await this.network(q, ctx.tenantId, networkId);
      const ports = await q.query('select 1 from sim_port where network_id = $1', [networkId]);
      if (ports.length > 0)
        refuse(
          `The network ${network.name} still has ${ports.length} virtual machine adapter${ports.length === 1 ? '' : 's'} on it.`,
        );
    };
    return this.once(
      ctx,
      NETWORK_DURATIONS.deleteNetwork,
      NetworkFacts,
      async (tx) => {
        const network = await this.network(tx, ctx.tenantId, networkId);
        await tx.query('delete from sim_network where network_id = $1', [networkId]);
        return { name: network.name, vlanId: network.vlan_id };
      },
      check,
    );
  }

  createGateway(
    ctx: OperationContext,
    gatewayId: number,
    spec: { name: string; location: string; snat: boolean },
  ) {
    return this.once(ctx, NETWORK_DURATIONS.createGateway, GatewayFacts, async (tx) => {
      const externalAddress = externalAddressOf(gatewayId);
      await tx.query(
        `insert into sim_gateway (gateway_id, tenant_id, location, name, external_address, snat)
         values ($1, $2, $3, $4, $5, $6) on conflict (gateway_id) do nothing`,
        [gatewayId, ctx.tenantId, spec.location, spec.name, externalAddress, spec.snat],
      );
      return { externalAddress, snat: spec.snat };
    });
  }

  updateGateway(ctx: OperationContext, gatewayId: number, change: { snat: boolean }) {
    return this.once(ctx, NETWORK_DURATIONS.updateGateway, GatewayFacts, async (tx) => {
      const rows = await tx.query<{ external_address: string; snat: boolean }>(
        'select external_address, snat from sim_gateway where tenant_id = $1 and gateway_id = $2',
        [ctx.tenantId, gatewayId],
      );
      const gateway = rows[0] ?? refuse('The gateway does not exist on the platform.');
      if (gateway.snat === change.snat)
        refuse(`Source NAT is already ${change.snat ? 'on' : 'off'} on this gateway.`);
      await tx.query('update sim_gateway set snat = $2 where gateway_id = $1', [
        gatewayId,
        change.snat,
      ]);
      return { externalAddress: gateway.external_address, snat: change.snat };
    });
  }

  deleteGateway(ctx: OperationContext, gatewayId: number) {
    const check = async (q: Queryable) => {
      const networks = await q.query('select 1 from sim_network where gateway_id = $1', [
        gatewayId,
      ]);
      if (networks.length > 0) refuse('The gateway still leads networks to the internet.');
      const addresses = await q.query('select 1 from sim_public_address where gateway_id = $1', [
        gatewayId,
      ]);
      if (addresses.length > 0) refuse('The gateway still holds public addresses.');
    };
    return this.once(
      ctx,
      NETWORK_DURATIONS.deleteGateway,
      GatewayDeletedFacts,
      async (tx) => {
        // A gateway whose creation failed may never have reached the platform: nothing to remove.
        const rows = await tx.query<{ external_address: string }>(
          `delete from sim_gateway where tenant_id = $1 and gateway_id = $2
           returning external_address`,
          [ctx.tenantId, gatewayId],
        );
        return { externalAddress: rows[0]?.external_address ?? '' };
      },
      check,
    );
  }

  allocateAddress(ctx: OperationContext, request: { location: string; gatewayId: number }) {
    return this.once(ctx, NETWORK_DURATIONS.allocate, AddressFacts, async (tx) => {
      const gateways = await tx.query(
        'select 1 from sim_gateway where tenant_id = $1 and gateway_id = $2 and location = $3',
        [ctx.tenantId, request.gatewayId, request.location],
      );
      if (gateways.length === 0) refuse(`The gateway does not serve ${request.location}.`);
      const ids = await tx.query<{ id: number }>(
        "select nextval('global_ipaddress_seq')::integer as id",
      );
      const id = ids[0]?.id ?? refuse('No public address is left.');
      const address = publicAddressOf(id);
      await tx.query(
        `insert into sim_public_address (global_ipaddress_id, tenant_id, location, gateway_id,
                                         address) values ($1, $2, $3, $4, $5)`,
        [id, ctx.tenantId, request.location, request.gatewayId, address],
      );
      return { globalIpaddressId: id, address };
    });
  }

  releaseAddress(ctx: OperationContext, globalIpaddressId: number) {
    return this.once(ctx, NETWORK_DURATIONS.release, AddressFacts, async (tx) => {
      const rows = await tx.query<{ address: string; nat_vm_id: number | null }>(
        `select address, nat_vm_id from sim_public_address
          where tenant_id = $1 and global_ipaddress_id = $2`,
        [ctx.tenantId, globalIpaddressId],
      );
      const address = rows[0] ?? refuse('The public address is not allocated to you.');
      if (address.nat_vm_id !== null)
        refuse(`The public address ${address.address} is still used by a NAT entry.`);
      await tx.query('delete from sim_public_address where global_ipaddress_id = $1', [
        globalIpaddressId,
      ]);
      return { globalIpaddressId, address: address.address };
    });
  }

  // ---------------------------------------------------------------------------------------------
  // What the compute platform asks of the network (the SIMULATED_NETWORK_PORTS seam).

  /** The catalogue with the tenant's networks as portgroups and its gateways at their sites. */
  async withTenantNetworks(
    catalogue: Catalogue,
    tenantId: number,
    db: Queryable = this.db,
  ): Promise<Catalogue> {
    const [networks, gateways] = await Promise.all([
      db.query<{ location: string; name: string; vlan_id: number }>(
        'select location, name, vlan_id from sim_network where tenant_id = $1 order by vlan_id',
        [tenantId],
      ),
      db.query<{ location: string; gateway_id: number; name: string }>(
        'select location, gateway_id, name from sim_gateway where tenant_id = $1 order by gateway_id',
        [tenantId],
      ),
    ]);
    return {
      ...catalogue,
      regions: catalogue.regions.map((region) => ({
        ...region,
        sites: region.sites.map((site) => {
          const own = networks.filter((network) => network.location === site.location);
          const vlans = new Set(own.map((network) => network.vlan_id));
          return {
            ...site,
            // The tenant's own network on a VLAN stands in for the site's shared portgroup.
            portgroups: [
              ...own.map((network) => ({ name: network.name, vlan_id: network.vlan_id })),
              ...site.portgroups.filter((portgroup) => !vlans.has(portgroup.vlan_id)),
            ],
            gateways: [
              ...site.gateways,
              ...gateways
                .filter((gateway) => gateway.location === site.location)
                .map((gateway) => ({ id: gateway.gateway_id, name: gateway.name })),
            ],
          };
        }),
      })),
    };
  }

  /**
   * An address for a VM adapter on the tenant's network with that VLAN at that site (the lowest
   * free one of its DHCP range), or null when the VLAN is not one of the tenant's networks.
   */
  async attachPort(
    tx: Queryable,
    tenantId: number,
    port: { vmId: number; location: string; adapter: number; vlanId: number },
  ): Promise<string | null> {
    // The network is locked, not the addresses taken: concurrent builds on it would otherwise
    // all see the same lowest free address (locking rows does not stop a new row).
    const rows = await tx.query<SimNetworkRow>(
      `select * from sim_network where tenant_id = $1 and location = $2 and vlan_id = $3
          for update`,
      [tenantId, port.location, port.vlanId],
    );
    const network = rows[0];
    if (!network) return null;
    const used = await tx.query<{ ip: string }>('select ip from sim_port where network_id = $1', [
      network.network_id,
    ]);
    const ip = freeAddress(
      network,
      used.map((row) => row.ip),
    );
    if (ip === null) refuse(`The network ${network.name} has no free address left.`);
    await tx.query(
      `insert into sim_port (vm_id, adapter, network_id, ip) values ($1, $2, $3, $4)
       on conflict (vm_id, adapter) do update set network_id = excluded.network_id,
                                                  ip = excluded.ip`,
      [port.vmId, port.adapter, network.network_id, ip],
    );
    return ip;
  }

  /** The VM's adapter (every adapter when null) leaves its network. */
  async detachPorts(tx: Queryable, vmId: number, adapter: number | null): Promise<void> {
    await tx.query(
      'delete from sim_port where vm_id = $1 and ($2::integer is null or adapter = $2)',
      [vmId, adapter],
    );
  }

  /** Binds an allocated public address to a VM's new NAT entry; refuses one that cannot be. */
  async bindAddress(
    tx: Queryable,
    tenantId: number,
    nat: { vmId: number; location: string; gatewayId: number; globalIpaddressId: number },
  ): Promise<{ id: number; address: string }> {
    const rows = await tx.query<{
      address: string;
      location: string;
      gateway_id: number;
      nat_vm_id: number | null;
    }>(
      `select address, location, gateway_id, nat_vm_id from sim_public_address
        where tenant_id = $1 and global_ipaddress_id = $2 for update`,
      [tenantId, nat.globalIpaddressId],
    );
    const address = rows[0] ?? refuse('The public address is not allocated to you.');
    if (address.location !== nat.location)
      refuse(
        `The public address ${address.address} is at ${address.location}, not ${nat.location}.`,
      );
    if (address.gateway_id !== nat.gatewayId)
      refuse(`The public address ${address.address} belongs to another gateway.`);
    if (address.nat_vm_id !== null)
      refuse(`The public address ${address.address} is already used by a NAT entry.`);
    await tx.query('update sim_public_address set nat_vm_id = $2 where global_ipaddress_id = $1', [
      nat.globalIpaddressId,
      nat.vmId,
    ]);
    return { id: nat.globalIpaddressId, address: address.address };
  }

  async unbindAddress(tx: Queryable, globalIpaddressId: number): Promise<void> {
    await tx.query(
      'update sim_public_address set nat_vm_id = null where global_ipaddress_id = $1',
      [globalIpaddressId],
    );
  }
}
