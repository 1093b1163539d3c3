import { networkClash, parseCidr } from '@portal/api/domain';
import type { Database, Queryable } from '../../../../db/database.ts';
import { refuse, type OperationContext } from '../../../../platform/driver.ts';
import type { LxdClient } from '../../../../platform/lxd/client.ts';
import { asDriverError } from '../../../../platform/lxd/errors.ts';
import { LxdError } from '../../../../platform/lxd/client.ts';
import { allForwards, listForwards } from '../../../../platform/lxd/forwards.ts';
import type { LxdInstance, LxdInstanceNetwork } from '../../../../platform/lxd/instances.ts';
import {
  createNetwork,
  deleteNetwork,
  findNetwork,
  listNetworks,
  networkInstances,
  NETWORK_CIDR_KEY,
  NETWORK_GATEWAY_KEY,
  NETWORK_ID_KEY,
  NETWORK_NAME_KEY,
  NETWORK_PROJECT_KEY,
  NETWORK_TASK_ID_KEY,
  NETWORK_TENANT_KEY,
  NETWORK_VLAN_KEY,
  patchNetwork,
  type LxdNetwork,
} from '../../../../platform/lxd/networks.ts';
import { INSTALLATION_KEY, ownerConfig, owns } from '../../../../platform/lxd/ownership.ts';
import { addressClaims, lockAddresses } from '../../../../platform/lxd/public-addresses.ts';
import { lxdTaskSteps, tenantProject, type LxdTaskStep } from '../../../compute/index.ts';
import {
  AddressFacts,
  GatewayDeletedFacts,
  GatewayFacts,
  NetworkFacts,
  NetworkUpdateFacts,
  type NetworkingDriver,
  type NetworkSpec,
  type PlatformTopology,
} from '../../driver.ts';
import { LXD_VM_ID_KEY } from '../../../compute/index.ts';

/**
 * The bridge of a portal network, within Linux's 15-character interface names: `p`, the first six
 * characters of the installation's id (ADR 034) and the network id in base 36; `pnet<id>` for a
 * client acting for no installation.
 */
export const bridgeName = (networkId: number, owner = '') =>
  owner ? `p${owner.slice(0, 6)}${networkId.toString(36)}` : `pnet${networkId}`;

/** The portal's id of a public address: the IPv4 address as a number (as compute's NAT has it). */
export const addressId = (address: string): number =>
  address.split('.').reduce((id, part) => id * 256 + Number(part), 0);
export const addressOf = (id: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(id / 2 ** shift) % 256).join('.');

const GONE = 'The network does not exist on the platform.';
const POOL_EMPTY = 'Every public address of this site is in use. Release one first.';

export interface LxdNetworkingOptions {
  client: LxdClient;
  db: Database;
  /** The §3 `location` of the site (e.g. `LXD1`). */
  location: string;
  /** The site's public addresses (LXD_PUBLIC_ADDRESSES): gateways' and tenants' come from here. */
  publicAddresses: string[];
}

interface GatewayRow {
  gateway_id: string;
  tenant_id: string;
  location: string;
  name: string;
  external_address: string;
  snat: boolean;
}

/**
 * Networking on LXD (ADR 037). A portal network is a managed bridge `pnet<id>` with the network's
 * addressing, tagged with its tenant, project, network and task ids. LXD 5.0 allows bridges only
 * in the default project (a project with `features.networks` refuses them), so the bridges live
 * there and the portal offers a tenant only its own. A gateway is the source NAT of the bridges
 * that lead through it (`ipv4.nat`, `ipv4.nat.address` its external address); gateways and public
 * addresses come from the site's pool, which LXD has no object for: the driver keeps who holds
 * which address (migration 027). NAT entries are network forwards (compute's). Every operation
 * runs once per task.
 */
export class LxdNetworkingDriver implements NetworkingDriver {
  private readonly client: LxdClient;
  private readonly db: Database;
  /** Runs one step of a task once, its LXD errors told about this site. */
  private readonly once: LxdTaskStep;

  constructor(private readonly options: LxdNetworkingOptions) {
    this.client = options.client;
    this.db = options.db;
    this.once = lxdTaskSteps(options.db, options.location);
  }

  get location(): string {
    return this.options.location;
  }

  private here(location: string): void {
    if (location !== this.options.location) refuse(`There is no network platform at ${location}.`);
  }

  /** The tenant's bridge for the network, or null (another tenant's is never theirs). */
  private async bridge(ctx: OperationContext, networkId: number): Promise<LxdNetwork | null> {
    const owner = await this.client.owner();
    const network = await findNetwork(this.client, bridgeName(networkId, owner), ctx.signal);
    if (!network) return null;
    return owns(network.config, owner, NETWORK_ID_KEY, networkId) &&
      network.config[NETWORK_TENANT_KEY] === String(ctx.tenantId)
      ? network
      : null;
  }

  /** This installation's bridges of the tenant. */
  private async tenantBridges(tenantId: number, signal?: AbortSignal): Promise<LxdNetwork[]> {
    const owner = await this.client.owner();
    return (await listNetworks(this.client, signal)).filter(
      (network) =>
        (network.config[INSTALLATION_KEY] ?? '') === owner &&
        network.config[NETWORK_TENANT_KEY] === String(tenantId),
    );
  }

  private async gateway(
    q: Queryable,
    tenantId: number,
    gatewayId: number,
  ): Promise<GatewayRow | null> {
    const rows = await q.query<GatewayRow>(
      'select * from lxd_gateway where tenant_id = $1 and gateway_id = $2',
      [tenantId, gatewayId],
    );
    return rows[0] ?? null;
  }

  /** The bridge's source NAT: its gateway's, or off without one. */
  private async natConfig(
    tenantId: number,
    gatewayId: number | null,
  ): Promise<Record<string, string>> {
    if (gatewayId === null)
      return { 'ipv4.nat': 'false', 'ipv4.nat.address': '', [NETWORK_GATEWAY_KEY]: '' };
    const gateway = await this.gateway(this.db, tenantId, gatewayId);
    if (!gateway) refuse('The gateway does not exist on the platform.');
    return {
      'ipv4.nat': String(gateway.snat),
      'ipv4.nat.address': gateway.external_address,
      [NETWORK_GATEWAY_KEY]: String(gatewayId),
    };
  }

  private addressing(
    spec: Pick<NetworkSpec, 'dhcpStart' | 'dhcpEnd' | 'dnsServers'>,
  ): Record<string, string> {
    return {
      'ipv4.dhcp.ranges': `${spec.dhcpStart}-${spec.dhcpEnd}`,
      // LXD 5.0's bridge has no key for the DNS servers DHCP hands out: dnsmasq's own option.
      'raw.dnsmasq':
        spec.dnsServers.length > 0
          ? `dhcp-option=option:dns-server,${spec.dnsServers.join(',')}`
          : '',
    };
  }

  createNetwork(ctx: OperationContext, networkId: number, spec: NetworkSpec) {
    return this.once(ctx, NetworkFacts, 'create the network', async () => {
      this.here(spec.location);
      const owner = await this.client.owner();
      const name = bridgeName(networkId, owner);
      const found = await findNetwork(this.client, name, ctx.signal);
      // A resumed task finds the bridge it made; any other by that name is a stranger.
      if (found) {
        if (
          owns(found.config, owner, NETWORK_ID_KEY, networkId) &&
          found.config[NETWORK_TASK_ID_KEY] === String(ctx.taskId)
        )
          return { name: spec.name, vlanId: spec.vlanId };
        refuse(`A network ${name} already exists on the LXD server at ${this.options.location}.`);
      }
      const all = await listNetworks(this.client, ctx.signal);
      // The tenant's other networks: the same rules as anywhere (VLAN, overlapping range).
      const own = all.filter(
        (network) =>
          (network.config[INSTALLATION_KEY] ?? '') === owner &&
          network.config[NETWORK_TENANT_KEY] === String(ctx.tenantId) &&
          network.config[NETWORK_ID_KEY] !== String(networkId),
      );
      const clash = networkClash(
        { location: spec.location, vlan_id: spec.vlanId, cidr: spec.cidr },
        own.map((network) => ({
          name: network.config[NETWORK_NAME_KEY] ?? network.name,
          location: spec.location,
          vlan_id: Number(network.config[NETWORK_VLAN_KEY]) || 0,
          cidr: network.config[NETWORK_CIDR_KEY] ?? network.config['ipv4.address'] ?? '',
        })),
      );
      if (clash) refuse(clash);
      // Every bridge shares this host's routing table: another's range cannot be reused.
      const range = parseCidr(spec.cidr);
      for (const network of all) {
        const taken = parseCidr(network.config['ipv4.address'] ?? '');
        if (range && taken && range.first <= taken.last && taken.first <= range.last)
          refuse(
            `${spec.cidr} overlaps an address range already in use on the LXD server at ${this.options.location}; choose another range.`,
          );
      }
      const prefix = spec.cidr.split('/')[1] ?? '24';
      await createNetwork(
        this.client,
        {
          name,
          type: 'bridge',
          description: spec.name,
          config: {
            'ipv4.address': `${spec.gatewayAddress}/${prefix}`,
            'ipv6.address': 'none',
            ...Object.fromEntries(
              Object.entries({
                ...this.addressing(spec),
                ...(await this.natConfig(ctx.tenantId, spec.gatewayId)),
              }).filter(([, value]) => value !== ''),
            ),
            [NETWORK_ID_KEY]: String(networkId),
            [NETWORK_TASK_ID_KEY]: String(ctx.taskId),
            [NETWORK_TENANT_KEY]: String(ctx.tenantId),
            [NETWORK_PROJECT_KEY]: await tenantProject(this.client, ctx.tenantCode),
            [NETWORK_NAME_KEY]: spec.name,
            [NETWORK_VLAN_KEY]: String(spec.vlanId),
            [NETWORK_CIDR_KEY]: spec.cidr,
            ...(await ownerConfig(this.client)),
          },
        },
        ctx.signal,
      );
      return { name: spec.name, vlanId: spec.vlanId };
    });
  }

  updateNetwork(ctx: OperationContext, networkId: number, change: NetworkUpdateFacts) {
    return this.once(ctx, NetworkUpdateFacts, 'change the network', async () => {
      const network = (await this.bridge(ctx, networkId)) ?? refuse(GONE);
      await patchNetwork(
        this.client,
        network.name,
        {
          ...this.addressing(change),
          ...(await this.natConfig(ctx.tenantId, change.gatewayId)),
          [NETWORK_TASK_ID_KEY]: String(ctx.taskId),
        },
        ctx.signal,
      );
      return change;
    });
  }

  deleteNetwork(ctx: OperationContext, networkId: number) {
    return this.once(ctx, NetworkFacts, 'delete the network', async () => {
      const network = await this.bridge(ctx, networkId);
      // A network LXD never built (its creation failed), or already deleted, is gone already.
      if (!network) return { name: bridgeName(networkId, await this.client.owner()), vlanId: 0 };
      const facts = {
        name: network.config[NETWORK_NAME_KEY] ?? network.name,
        vlanId: Number(network.config[NETWORK_VLAN_KEY]) || 0,
      };
      const adapters = networkInstances(network).length;
      if (adapters > 0)
        refuse(
          `The network ${facts.name} still has ${adapters} virtual machine adapter${adapters === 1 ? '' : 's'} on it.`,
        );
      await deleteNetwork(this.client, network.name, ctx.signal);
      return facts;
    });
  }

  /** A free address of the site's pool: held by no one and forwarded nowhere. */
  private async freeAddress(tx: Queryable, signal: AbortSignal): Promise<string> {
    await lockAddresses(tx);
    const claimed = new Set((await addressClaims(tx, this.options.location)).map((c) => c.address));
    const forwarded = new Set(
      (await allForwards(this.client, signal)).map(({ forward }) => forward.listen_address),
    );
    return (
      this.options.publicAddresses.find(
        (address) => !claimed.has(address) && !forwarded.has(address),
      ) ?? refuse(POOL_EMPTY)
    );
  }

  createGateway(
    ctx: OperationContext,
    gatewayId: number,
    spec: { name: string; location: string; snat: boolean },
  ) {
    return this.once(ctx, GatewayFacts, 'create the gateway', async () => {
      this.here(spec.location);
      return this.db.transaction(async (tx) => {
        const found = await this.gateway(tx, ctx.tenantId, gatewayId);
        if (found) return { externalAddress: found.external_address, snat: found.snat };
        const address = await this.freeAddress(tx, ctx.signal);
        await tx.query(
          `insert into lxd_gateway (gateway_id, tenant_id, location, name, external_address, snat)
           values ($1, $2, $3, $4, $5, $6)`,
          [gatewayId, ctx.tenantId, spec.location, spec.name, address, spec.snat],
        );
        await tx.query(
          `insert into lxd_public_address (location, address, tenant_id, gateway_id, kind)
           values ($1, $2, $3, $4, 'gateway')`,
          [spec.location, address, ctx.tenantId, gatewayId],
        );
        return { externalAddress: address, snat: spec.snat };
      });
    });
  }

  /** The tenant's bridges that lead through the gateway. */
  private async gatewayBridges(ctx: OperationContext, gatewayId: number): Promise<LxdNetwork[]> {
    return (await this.tenantBridges(ctx.tenantId, ctx.signal)).filter(
      (network) => network.config[NETWORK_GATEWAY_KEY] === String(gatewayId),
    );
  }

  updateGateway(ctx: OperationContext, gatewayId: number, change: { snat: boolean }) {
    return this.once(ctx, GatewayFacts, 'change the gateway', async () => {
      const gateway =
        (await this.gateway(this.db, ctx.tenantId, gatewayId)) ??
        refuse('The gateway does not exist on the platform.');
      if (gateway.snat === change.snat)
        refuse(`Source NAT is already ${change.snat ? 'on' : 'off'} on this gateway.`);
      for (const network of await this.gatewayBridges(ctx, gatewayId))
        await patchNetwork(
          this.client,
          network.name,
          { 'ipv4.nat': String(change.snat), 'ipv4.nat.address': gateway.external_address },
          ctx.signal,
        );
      await this.db.query('update lxd_gateway set snat = $2 where gateway_id = $1', [
        gatewayId,
        change.snat,
      ]);
      return { externalAddress: gateway.external_address, snat: change.snat };
    });
  }

  deleteGateway(ctx: OperationContext, gatewayId: number) {
    return this.once(ctx, GatewayDeletedFacts, 'delete the gateway', async () => {
      if ((await this.gatewayBridges(ctx, gatewayId)).length > 0)
        refuse('The gateway still leads networks to the internet.');
      return this.db.transaction(async (tx) => {
        const held = await tx.query(
          `select 1 from lxd_public_address where gateway_id = $1 and kind = 'allocated'`,
          [gatewayId],
        );
        if (held.length > 0) refuse('The gateway still holds public addresses.');
        // A gateway whose creation failed may never have reached the platform: nothing to remove.
        const rows = await tx.query<{ external_address: string }>(
          `delete from lxd_gateway where tenant_id = $1 and gateway_id = $2
           returning external_address`,
          [ctx.tenantId, gatewayId],
        );
        await tx.query(
          `delete from lxd_public_address where gateway_id = $1 and tenant_id = $2 and kind = 'gateway'`,
          [gatewayId, ctx.tenantId],
        );
        return { externalAddress: rows[0]?.external_address ?? '' };
      });
    });
  }

  allocateAddress(ctx: OperationContext, request: { location: string; gatewayId: number }) {
    return this.once(ctx, AddressFacts, 'allocate a public address', async () => {
      this.here(request.location);
      return this.db.transaction(async (tx) => {
        const gateway = await this.gateway(tx, ctx.tenantId, request.gatewayId);
        if (!gateway || gateway.location !== request.location)
          refuse(`The gateway does not serve ${request.location}.`);
        const address = await this.freeAddress(tx, ctx.signal);
        await tx.query(
          `insert into lxd_public_address (location, address, tenant_id, gateway_id, kind)
           values ($1, $2, $3, $4, 'allocated')`,
          [request.location, address, ctx.tenantId, request.gatewayId],
        );
        return { globalIpaddressId: addressId(address), address };
      });
    });
  }

  releaseAddress(ctx: OperationContext, globalIpaddressId: number) {
    return this.once(ctx, AddressFacts, 'release the public address', async () => {
      const address = addressOf(globalIpaddressId);
      const held = await this.db.query(
        `select 1 from lxd_public_address
          where location = $1 and address = $2 and tenant_id = $3 and kind = 'allocated'`,
        [this.options.location, address, ctx.tenantId],
      );
      if (held.length === 0) refuse('The public address is not allocated to you.');
      const forwarded = (await allForwards(this.client, ctx.signal)).some(
        ({ forward }) => forward.listen_address === address,
      );
      if (forwarded) refuse(`The public address ${address} is still used by a NAT entry.`);
      await this.db.query(
        `delete from lxd_public_address where location = $1 and address = $2 and tenant_id = $3`,
        [this.options.location, address, ctx.tenantId],
      );
      return { globalIpaddressId, address };
    });
  }

  /**
   * The tenant's networks as LXD has them now: its bridges, the instances of its project with a
   * NIC on one (and the address LXD reports), and the forwards on them.
   */
  async observeTopology(tenant: {
    tenantId: number;
    tenantCode: string;
  }): Promise<PlatformTopology> {
    const project = await tenantProject(this.client, tenant.tenantCode);
    try {
      const bridges = new Map(
        (await this.tenantBridges(tenant.tenantId)).map((network) => [
          network.name,
          Number(network.config[NETWORK_ID_KEY]),
        ]),
      );
      const [instances, forwards] = await Promise.all([
        this.client
          .get<(LxdInstance & { state: LxdInstanceNetwork | null })[]>('/1.0/instances', {
            project,
            query: { recursion: '2' },
          })
          .catch((error: unknown) => {
            // No project yet: the tenant has no instance at this site.
            if (error instanceof LxdError && error.status === 404) return [];
            throw error;
          }),
        Promise.all([...bridges.keys()].map((bridge) => listForwards(this.client, bridge))),
      ]);
      const owner = await this.client.owner();
      const ports: PlatformTopology['ports'] = [];
      for (const instance of instances) {
        const vmId = Number(instance.config[LXD_VM_ID_KEY]);
        if (!vmId || (instance.config[INSTALLATION_KEY] ?? '') !== owner) continue;
        for (const [device, nic] of Object.entries(instance.expanded_devices)) {
          const networkId = nic['type'] === 'nic' ? bridges.get(nic['network'] ?? '') : undefined;
          if (networkId === undefined) continue;
          const inet = instance.state?.network?.[nic['name'] ?? device]?.addresses.find(
            (address) => address.family === 'inet' && address.scope === 'global',
          );
          ports.push({ vmId, networkId, ip: inet?.address ?? null });
        }
      }
      return {
        location: this.options.location,
        networkIds: [...bridges.values()],
        ports,
        forwards: forwards.flat().flatMap((forward) => {
          const vmId = Number(forward.config[LXD_VM_ID_KEY]);
          const privateIp = forward.config['target_address'];
          return vmId && privateIp && owns(forward.config, owner, LXD_VM_ID_KEY, vmId)
            ? [{ address: forward.listen_address, vmId, privateIp }]
            : [];
        }),
      };
    } catch (error) {
      throw asDriverError(error, 'read the networks', this.options.location);
    }
  }
}
