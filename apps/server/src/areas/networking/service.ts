import type {
  AddressAllocate,
  Catalogue,
  Gateway,
  GatewayCreate,
  ListPagingQuery,
  Network,
  NetworkCreate,
  NetworkDetail,
  NetworkPort,
  NetworkUpdate,
  NetworkUsage,
  PublicAddress,
  Topology,
} from '@portal/api/contract';
import {
  addressingRefusal,
  addressReleaseRefusal,
  cidrRefusal,
  defaultAddressing,
  dnsRefusal,
  freeVlan,
  gatewayDeleteRefusal,
  networkClash,
  networkDeleteRefusal,
} from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { PlatformTopology } from './driver.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { listNats, listVms, type VmRecord } from '../compute/index.ts';
import {
  findAddress,
  findGateway,
  findNetwork,
  gatewayUsers,
  insertAddress,
  insertGateway,
  insertNetwork,
  listAddresses,
  listGateways,
  listNetworks,
  networkList,
  type AddressRecord,
  type GatewayRecord,
  type NetworkRecord,
} from './repository.ts';

/** What the networking services work with: the database and the platform's sites. */
export interface NetworkingDeps {
  db: Queryable;
  /** The platform's catalogue: which sites (locations) exist. */
  catalogue(): Promise<Catalogue>;
  /** What real platforms have now for the caller's networks (sites that can say; none fails). */
  observed?(caller: Caller): Promise<PlatformTopology[]>;
}

const invalid = (field: string, reason: string) => badRequest(`${field}: ${reason}`, field);

// ---------------------------------------------------------------------------------------------
// Replies

/** The VM adapters on a network: its ports. */
function portsOf(network: NetworkRecord, vms: readonly VmRecord[]): NetworkPort[] {
  const ports: NetworkPort[] = [];
  for (const vm of vms) {
    if (vm.location !== network.location) continue;
    vm.adapters.forEach((adapter, index) => {
      if (adapter.vlan_id !== network.vlanId) return;
      ports.push({
        vm_id: vm.id,
        display_name: vm.displayName,
        power_state: vm.powerState,
        adapter: index,
        ip: adapter.ip ?? null,
      });
    });
  }
  return ports;
}

function toNetwork(network: NetworkRecord, vms: readonly VmRecord[]): Network {
  return {
    id: network.id,
    name: network.name,
    location: network.location,
    vlan_id: network.vlanId,
    cidr: network.cidr,
    gateway_address: network.gatewayAddress,
    dhcp_start: network.dhcpStart,
    dhcp_end: network.dhcpEnd,
    dns_servers: network.dnsServers,
    gateway_id: network.gatewayId,
    state: network.state,
    vm_count: new Set(portsOf(network, vms).map((port) => port.vm_id)).size,
    task_id: network.taskId,
    created_at: network.createdAt.toISOString(),
  };
}

const toGateway = (gateway: GatewayRecord): Gateway => ({
  id: gateway.id,
  name: gateway.name,
  location: gateway.location,
  external_address: gateway.externalAddress,
  snat: gateway.snat,
  state: gateway.state === 'error' ? 'down' : gateway.state,
  network_count: gateway.networkCount,
  created_at: gateway.createdAt.toISOString(),
});

const tenantVms = (db: Queryable, caller: Caller) =>
  listVms(db, caller.tenantId, { series: 'any' });

/** The tenant's public addresses, each with the active NAT entry using it. */
async function addressReplies(
  db: Queryable,
  caller: Caller,
  vms: readonly VmRecord[],
): Promise<PublicAddress[]> {
  const [addresses, nats] = await Promise.all([
    listAddresses(db, caller.tenantId),
    listNats(
      db,
      caller.tenantId,
      vms.map((vm) => vm.id),
    ),
  ]);
  const byId = new Map(vms.map((vm) => [vm.id, vm]));
  const active = new Map(
    nats.filter((nat) => nat.status === 'active').map((nat) => [nat.globalIpaddressId, nat]),
  );
  const natOf = (globalId: number | null): PublicAddress['nat'] => {
    const nat = globalId === null ? undefined : active.get(globalId);
    const vm = nat ? byId.get(nat.vmId) : undefined;
    return nat && vm
      ? {
          id: nat.id,
          vm_id: vm.id,
          display_name: vm.displayName,
          private_ip: vm.adapters[0]?.ip ?? null,
        }
      : null;
  };
  const allocated = new Set(addresses.map((address) => address.globalIpaddressId));
  const own: PublicAddress[] = addresses.map((address: AddressRecord) => ({
    id: address.id,
    address: address.address,
    global_ipaddress_id: address.globalIpaddressId,
    location: address.location,
    gateway_id: address.gatewayId,
    state: address.state,
    managed: true,
    nat: natOf(address.globalIpaddressId),
    created_at: address.createdAt.toISOString(),
  }));
  // Addresses a NAT call made by itself: shown, and gone when their NAT entry is cancelled.
  const byNat: PublicAddress[] = [...active.values()]
    .filter((nat) => !allocated.has(nat.globalIpaddressId))
    .map((nat) => ({
      id: nat.globalIpaddressId,
      address: nat.globalIpaddress,
      global_ipaddress_id: nat.globalIpaddressId,
      location: byId.get(nat.vmId)?.location ?? '',
      gateway_id: nat.gatewayId,
      state: 'allocated',
      managed: false,
      nat: natOf(nat.globalIpaddressId),
      created_at: new Date(0).toISOString(),
    }));
  return [...own, ...byNat];
}

// ---------------------------------------------------------------------------------------------
// Reading

/** `GET /services/networking`: the reply's JSON text, the whole list or a page. */
export const listNetworkJson = (deps: NetworkingDeps, caller: Caller, query: ListPagingQuery) =>
  networkList.reply(deps, caller.tenantId, query);

async function requireNetwork(
  db: Queryable,
  caller: Caller,
  id: number,
  lock = false,
): Promise<NetworkRecord> {
  const network = await findNetwork(db, caller.tenantId, id, lock);
  if (!network) throw notFound(`No network ${id}.`);
  return network;
}

export async function readNetwork(
  deps: NetworkingDeps,
  caller: Caller,
  id: number,
): Promise<NetworkDetail> {
  const network = await requireNetwork(deps.db, caller, id);
  const vms = await tenantVms(deps.db, caller);
  return { ...toNetwork(network, vms), ports: portsOf(network, vms) };
}

export async function listGatewayReplies(deps: NetworkingDeps, caller: Caller): Promise<Gateway[]> {
  return (await listGateways(deps.db, caller.tenantId)).map(toGateway);
}

export async function listAddressReplies(
  deps: NetworkingDeps,
  caller: Caller,
): Promise<PublicAddress[]> {
  return addressReplies(deps.db, caller, await tenantVms(deps.db, caller));
}

/**
 * Everything the topology graph draws, in one reply. At a site whose platform can say (LXD), the
 * VMs' ports and addresses, the networks that exist and the forwarded addresses are its own.
 */
export async function readTopology(deps: NetworkingDeps, caller: Caller): Promise<Topology> {
  const [networks, gateways, vms, observed] = await Promise.all([
    listNetworks(deps.db, caller.tenantId),
    listGateways(deps.db, caller.tenantId),
    tenantVms(deps.db, caller),
    deps.observed?.(caller) ?? Promise.resolve([]),
  ]);
  const addresses = await addressReplies(deps.db, caller, vms);
  const seenAt = new Map(observed.map((seen) => [seen.location, seen]));
  const networkAt = new Map(
    networks.map((network) => [`${network.location}/${network.vlanId}`, network]),
  );
  const byId = new Map(vms.map((vm) => [vm.id, vm]));
  return {
    gateways: gateways.map(toGateway),
    networks: networks.map((network) => {
      const reply = toNetwork(network, vms);
      const seen = seenAt.get(network.location);
      // A network the platform no longer has is shown as broken, not as ready.
      return seen && reply.state === 'active' && !seen.networkIds.includes(network.id)
        ? { ...reply, state: 'error' as const }
        : reply;
    }),
    vms: vms.flatMap((vm) => {
      const seen = seenAt.get(vm.location);
      const ports = seen
        ? seen.ports
            .filter((port) => port.vmId === vm.id)
            .map((port) => ({ network_id: port.networkId, ip: port.ip }))
        : vm.adapters.flatMap((adapter) => {
            const network = networkAt.get(`${vm.location}/${adapter.vlan_id}`);
            return network ? [{ network_id: network.id, ip: adapter.ip ?? null }] : [];
          });
      return ports.length === 0
        ? []
        : [
            {
              id: vm.id,
              display_name: vm.displayName,
              location: vm.location,
              power_state: vm.powerState,
              ports,
            },
          ];
    }),
    addresses: addresses.map((address) => {
      const seen = seenAt.get(address.location);
      if (!seen) return address;
      const forward = seen.forwards.find((each) => each.address === address.address);
      const vm = forward ? byId.get(forward.vmId) : undefined;
      if (!forward || !vm) return { ...address, nat: null };
      return {
        ...address,
        nat: address.nat
          ? { ...address.nat, private_ip: forward.privateIp }
          : { id: 0, vm_id: vm.id, display_name: vm.displayName, private_ip: forward.privateIp },
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Changing: the precondition checks of the task routes.

async function checkLocation(deps: NetworkingDeps, location: string): Promise<void> {
  const catalogue = await deps.catalogue();
  const sites = catalogue.regions.flatMap((region) => region.sites.map((site) => site.location));
  if (!sites.includes(location)) throw invalid('location', `is not a site (${sites.join(', ')})`);
}

async function checkGateway(
  db: Queryable,
  caller: Caller,
  gatewayId: number | null,
  location: string,
): Promise<void> {
  if (gatewayId === null) return;
  const gateway = await findGateway(db, caller.tenantId, gatewayId);
  if (!gateway || gateway.location !== location)
    throw invalid('gateway_id', `is not one of your gateways at ${location}`);
  if (gateway.state === 'deleting') throw invalid('gateway_id', 'is being deleted');
}

function checkAddressing(
  cidr: string,
  addressing: { gateway_address: string; dhcp_start: string; dhcp_end: string },
  dnsServers: readonly string[],
): void {
  const refusal = addressingRefusal(cidr, addressing);
  if (refusal) throw invalid(refusal.field, refusal.message);
  const dns = dnsRefusal(dnsServers);
  if (dns) throw invalid('dns_servers', dns);
}

/** `POST /services/networking`: checks the network, records it as being created. */
export async function prepareCreateNetwork(
  deps: NetworkingDeps,
  tx: Queryable,
  caller: Caller,
  body: NetworkCreate,
): Promise<Prepared<Record<string, never>>> {
  const cidrProblem = cidrRefusal(body.cidr);
  if (cidrProblem) throw invalid('cidr', cidrProblem);
  await checkLocation(deps, body.location);
  await checkGateway(tx, caller, body.gateway_id, body.location);
  const defaults = defaultAddressing(body.cidr);
  if (!defaults) throw invalid('cidr', 'is too small for a gateway and a DHCP range');
  const addressing = {
    gateway_address: body.gateway_address ?? defaults.gateway_address,
    dhcp_start: body.dhcp_start ?? defaults.dhcp_start,
    dhcp_end: body.dhcp_end ?? defaults.dhcp_end,
  };
  const dnsServers = body.dns_servers ?? [];
  checkAddressing(body.cidr, addressing, dnsServers);
  const existing = (await listNetworks(tx, caller.tenantId)).filter(
    (network) => network.state !== 'error',
  );
  if (existing.some((network) => network.location === body.location && network.name === body.name))
    throw conflict(`A network named ${body.name} already exists at ${body.location}.`);
  const clash = networkClash(
    body,
    existing.map((network) => ({ ...network, vlan_id: network.vlanId })),
  );
  if (clash) throw conflict(clash);
  const id = await insertNetwork(tx, caller.tenantId, {
    name: body.name,
    location: body.location,
    vlanId: body.vlan_id,
    cidr: body.cidr,
    gatewayAddress: addressing.gateway_address,
    dhcpStart: addressing.dhcp_start,
    dhcpEnd: addressing.dhcp_end,
    dnsServers,
    gatewayId: body.gateway_id,
    state: 'creating',
  });
  return { target: { id, name: body.name }, payload: {}, reply: { id }, detail: { ...body } };
}

const ready = (network: NetworkRecord) => {
  if (network.state === 'creating' || network.state === 'error')
    throw conflict(`The network ${network.name} is not ready; wait until it has been created.`);
};

/**
 * `GET /services/networking/usage?location=…`: what the tenant's networks use at a site (the
 * networks the creation's clash check counts), and the VLAN the wizard suggests.
 */
export async function readUsage(
  deps: NetworkingDeps,
  caller: Caller,
  location: string,
): Promise<NetworkUsage> {
  await checkLocation(deps, location);
  const used = (await listNetworks(deps.db, caller.tenantId))
    .filter((network) => network.state !== 'error' && network.location === location)
    .map((network) => ({
      name: network.name,
      location: network.location,
      vlan_id: network.vlanId,
      cidr: network.cidr,
    }));
  return { location, used, free_vlan: freeVlan(location, used) };
}

/** `PATCH /services/networking/{id}`: DHCP range, DNS servers, gateway. */
export async function prepareUpdateNetwork(
  tx: Queryable,
  caller: Caller,
  id: number,
  body: NetworkUpdate,
) {
  const network = await requireNetwork(tx, caller, id, true);
  ready(network);
  const next = {
    dhcp_start: body.dhcp_start ?? network.dhcpStart,
    dhcp_end: body.dhcp_end ?? network.dhcpEnd,
    dns_servers: body.dns_servers ?? network.dnsServers,
    gateway_id: body.gateway_id === undefined ? network.gatewayId : body.gateway_id,
  };
  checkAddressing(
    network.cidr,
    { gateway_address: network.gatewayAddress, ...next },
    next.dns_servers,
  );
  await checkGateway(tx, caller, next.gateway_id, network.location);
  return { target: { id, name: network.name }, payload: next, detail: { ...body } };
}

/** `DELETE /services/networking/{id}`: refused while VMs are attached. */
export async function prepareDeleteNetwork(tx: Queryable, caller: Caller, id: number) {
  const network = await requireNetwork(tx, caller, id, true);
  const vms = await tenantVms(tx, caller);
  const attached = new Set(portsOf(network, vms).map((port) => port.vm_id)).size;
  const refusal = networkDeleteRefusal(network.name, attached);
  if (refusal) throw conflict(refusal);
  if (network.state === 'creating') ready(network);
  return { target: { id, name: network.name }, payload: {} };
}

/** `POST /services/networking/gateways`. */
export async function prepareCreateGateway(
  deps: NetworkingDeps,
  tx: Queryable,
  caller: Caller,
  body: GatewayCreate,
): Promise<Prepared<Record<string, never>>> {
  await checkLocation(deps, body.location);
  const id = await insertGateway(tx, caller.tenantId, { ...body, state: 'creating' });
  return { target: { id, name: body.name }, payload: {}, reply: { id }, detail: { ...body } };
}

/** `PATCH /services/networking/gateways/{id}`: source NAT on or off. */
export async function prepareUpdateGateway(
  tx: Queryable,
  caller: Caller,
  id: number,
  snat: boolean,
) {
  const gateway = await findGateway(tx, caller.tenantId, id, true);
  if (!gateway) throw notFound(`No gateway ${id}.`);
  if (gateway.state === 'creating' || gateway.state === 'error')
    throw conflict(`The gateway ${gateway.name} is not ready; wait until it has been created.`);
  if (gateway.snat === snat)
    throw conflict(`Source NAT is already ${snat ? 'on' : 'off'} on ${gateway.name}.`);
  return { target: { id, name: gateway.name }, payload: { snat }, detail: { snat } };
}

/**
 * `DELETE /services/networking/gateways/{id}`: refused while a network leads through it, a NAT
 * entry uses it or it holds public addresses. A gateway whose creation failed may go too.
 */
export async function prepareDeleteGateway(tx: Queryable, caller: Caller, id: number) {
  const gateway = await findGateway(tx, caller.tenantId, id, true);
  if (!gateway) throw notFound(`No gateway ${id}.`);
  if (gateway.state === 'creating')
    throw conflict(`The gateway ${gateway.name} is still being created; delete it once it is up.`);
  if (gateway.state === 'deleting')
    throw conflict(`The gateway ${gateway.name} is already being deleted.`);
  const users = await gatewayUsers(tx, caller.tenantId, id);
  const vms = await tenantVms(tx, caller);
  const nats = (
    await listNats(
      tx,
      caller.tenantId,
      vms.map((vm) => vm.id),
    )
  ).filter((nat) => nat.gatewayId === id && nat.status !== 'cancelled').length;
  const refusal = gatewayDeleteRefusal(gateway.name, { ...users, nats });
  if (refusal) throw conflict(refusal);
  return { target: { id, name: gateway.name }, payload: {} };
}

/** `POST /services/networking/addresses`: a public address on one of the tenant's gateways. */
export async function prepareAllocate(
  tx: Queryable,
  caller: Caller,
  body: AddressAllocate,
): Promise<Prepared<Record<string, never>>> {
  const gateway = await findGateway(tx, caller.tenantId, body.gateway_id);
  if (!gateway) throw invalid('gateway_id', 'is not one of your gateways');
  if (gateway.state !== 'active' && gateway.state !== 'updating')
    throw conflict(`The gateway ${gateway.name} is not up; addresses come once it is.`);
  const id = await insertAddress(tx, caller.tenantId, {
    location: gateway.location,
    gatewayId: gateway.id,
    state: 'allocating',
  });
  return {
    target: { id, name: `public address on ${gateway.name}` },
    payload: {},
    reply: { id },
    detail: { gateway_id: gateway.id },
  };
}

/** `DELETE /services/networking/addresses/{id}`: refused while a NAT entry uses the address. */
export async function prepareRelease(tx: Queryable, caller: Caller, id: number) {
  const address = await findAddress(tx, caller.tenantId, id, true);
  if (!address) throw notFound(`No public address ${id}.`);
  if (address.state !== 'allocated' || address.globalIpaddressId === null || !address.address)
    throw conflict('The public address is still being allocated or released.');
  const vms = await tenantVms(tx, caller);
  const nat = (
    await listNats(
      tx,
      caller.tenantId,
      vms.map((vm) => vm.id),
    )
  ).find(
    (each) => each.status === 'active' && each.globalIpaddressId === address.globalIpaddressId,
  );
  const user = nat ? (vms.find((vm) => vm.id === nat.vmId)?.displayName ?? `VM ${nat.vmId}`) : null;
  const refusal = addressReleaseRefusal(address.address, user);
  if (refusal) throw conflict(refusal);
  return {
    target: { id, name: address.address },
    payload: { global_ipaddress_id: address.globalIpaddressId },
  };
}
