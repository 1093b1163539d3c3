// Networking (ours, in the style of section 7): networks (the portgroups VMs attach to), gateways
// to the internet, public addresses (assigned to a VM through the VM's NAT call) and the topology
// the graph draws. Slow changes answer 202 with a task.
import { Type, type Static } from 'typebox';
import { DateTime, Id, Nullable, ClosedObject, PatchBody } from './common.ts';
import { VLAN_MAX, VLAN_MIN } from './compute-values.ts';
import { PowerState } from './compute.ts';
import {
  ADDRESS_STATES,
  GATEWAY_STATES,
  IPV4_PATTERN,
  NETWORK_NAME_MAX,
  NETWORK_NAME_PATTERN,
  NETWORK_STATES,
} from './networking-values.ts';

/** An id of networking's rows as input (their columns are 32-bit: a larger one names nothing). */
const RowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

const Ipv4 = Type.String({ pattern: IPV4_PATTERN, maxLength: 15, description: 'An IPv4 address.' });
const Cidr = Type.String({
  pattern: '^\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}$',
  maxLength: 18,
  description: 'An IPv4 network, e.g. 10.20.0.0/24 (private ranges, /16 to /29).',
});
const NetworkName = Type.String({
  minLength: 1,
  maxLength: NETWORK_NAME_MAX,
  pattern: NETWORK_NAME_PATTERN,
  description: 'Also the portgroup name VMs see: letters, digits, dots, dashes, underscores.',
});
const Location = Type.String({ minLength: 1, maxLength: 16, description: 'A site, e.g. AMS1.' });
const DnsServers = Type.Array(Ipv4, { maxItems: 4, description: 'Up to 4 resolvers.' });

const NetworkState = Type.Enum(NETWORK_STATES);
const GatewayState = Type.Enum(GATEWAY_STATES);
const AddressState = Type.Enum(ADDRESS_STATES);

export const Network = Type.Object(
  {
    id: Id,
    name: Type.String(),
    location: Type.String(),
    vlan_id: Type.Integer(),
    cidr: Type.String(),
    gateway_address: Type.String(),
    dhcp_start: Type.String(),
    dhcp_end: Type.String(),
    dns_servers: Type.Array(Type.String()),
    gateway_id: Nullable(Type.Integer({ description: 'The gateway routing it to the internet.' })),
    state: NetworkState,
    vm_count: Type.Integer({ description: 'Virtual machines with an adapter on it.' }),
    task_id: Nullable(Type.Integer({ description: 'The task working on it, if any.' })),
    created_at: DateTime,
  },
  { $id: 'Network' },
);
export type Network = Static<typeof Network>;

/** A VM adapter on a network: a port. */
export const NetworkPort = Type.Object(
  {
    vm_id: Type.Integer(),
    display_name: Type.String(),
    power_state: PowerState,
    adapter: Type.Integer({ description: 'Adapter index on the VM (0 or 1).' }),
    ip: Nullable(Type.String()),
  },
  { $id: 'NetworkPort' },
);
export type NetworkPort = Static<typeof NetworkPort>;

export const NetworkDetail = Type.Object(
  { ...Network.properties, ports: Type.Array(NetworkPort) },
  { $id: 'NetworkDetail' },
);
export type NetworkDetail = Static<typeof NetworkDetail>;

export const NetworkParams = Type.Object({ id: RowId });
export type NetworkParams = Static<typeof NetworkParams>;

/** `POST /services/networking`. Gateway address and DHCP range default from the CIDR. */
export const NetworkCreate = ClosedObject('NetworkCreate', {
  name: NetworkName,
  location: Location,
  vlan_id: Type.Integer({ minimum: VLAN_MIN, maximum: VLAN_MAX }),
  cidr: Cidr,
  gateway_id: Nullable(RowId),
  gateway_address: Type.Optional(Ipv4),
  dhcp_start: Type.Optional(Ipv4),
  dhcp_end: Type.Optional(Ipv4),
  dns_servers: Type.Optional(DnsServers),
});
export type NetworkCreate = Static<typeof NetworkCreate>;

/** `GET /services/networking/usage?location=…`: which site. */
export const NetworkUsageQuery = ClosedObject('NetworkUsageQuery', { location: Location });
export type NetworkUsageQuery = Static<typeof NetworkUsageQuery>;

/**
 * What the tenant's networks use at a site, so the network wizard can check a VLAN and a range on
 * its own step (the same rules the creation applies), and a VLAN it can suggest.
 */
export const NetworkUsage = Type.Object(
  {
    location: Type.String(),
    used: Type.Array(
      Type.Object({
        name: Type.String({ description: 'The network using them.' }),
        location: Type.String(),
        vlan_id: Type.Integer(),
        cidr: Type.String(),
      }),
      { description: "The tenant's networks at the site (failed creations left out)." },
    ),
    free_vlan: Nullable(
      Type.Integer({ description: 'The lowest VLAN from 100 no network uses at the site.' }),
    ),
  },
  { $id: 'NetworkUsage' },
);
export type NetworkUsage = Static<typeof NetworkUsage>;

/** `PATCH /services/networking/{id}`: DHCP range, DNS servers, gateway. */
export const NetworkUpdate = PatchBody('NetworkUpdate', {
  dhcp_start: Type.Optional(Ipv4),
  dhcp_end: Type.Optional(Ipv4),
  dns_servers: Type.Optional(DnsServers),
  gateway_id: Type.Optional(Nullable(RowId)),
});
export type NetworkUpdate = Static<typeof NetworkUpdate>;

export const Gateway = Type.Object(
  {
    id: Id,
    name: Type.String(),
    location: Type.String(),
    external_address: Type.String(),
    snat: Type.Boolean({ description: 'Source NAT: networks behind it reach the internet.' }),
    state: GatewayState,
    network_count: Type.Integer(),
    created_at: DateTime,
  },
  { $id: 'Gateway' },
);
export type Gateway = Static<typeof Gateway>;

export const GatewayCreate = ClosedObject('GatewayCreate', {
  name: NetworkName,
  location: Location,
  snat: Type.Boolean(),
});
export type GatewayCreate = Static<typeof GatewayCreate>;

export const GatewayUpdate = ClosedObject('GatewayUpdate', { snat: Type.Boolean() });
export type GatewayUpdate = Static<typeof GatewayUpdate>;

export const PublicAddress = Type.Object(
  {
    id: Id,
    address: Nullable(Type.String({ description: 'Null while it is being allocated.' })),
    global_ipaddress_id: Nullable(Type.Integer({ description: 'Pass to the VM NAT call.' })),
    location: Type.String(),
    gateway_id: Type.Integer(),
    state: AddressState,
    managed: Type.Boolean({
      description:
        'True: allocated here, released here. False: made by a NAT call without an address; it goes when that NAT entry is cancelled.',
    }),
    nat: Nullable(
      Type.Object({
        id: Type.Integer({ description: 'The NAT entry on the VM.' }),
        vm_id: Type.Integer(),
        display_name: Type.String(),
        private_ip: Nullable(Type.String()),
      }),
    ),
    created_at: DateTime,
  },
  { $id: 'PublicAddress' },
);
export type PublicAddress = Static<typeof PublicAddress>;

export const AddressAllocate = ClosedObject('AddressAllocate', { gateway_id: RowId });
export type AddressAllocate = Static<typeof AddressAllocate>;

/** Everything the topology graph draws: gateways, networks, VMs with their ports, addresses. */
export const Topology = Type.Object(
  {
    gateways: Type.Array(Gateway),
    networks: Type.Array(Network),
    vms: Type.Array(
      Type.Object({
        id: Type.Integer(),
        display_name: Type.String(),
        location: Type.String(),
        power_state: PowerState,
        ports: Type.Array(Type.Object({ network_id: Type.Integer(), ip: Nullable(Type.String()) })),
      }),
    ),
    addresses: Type.Array(PublicAddress),
  },
  { $id: 'Topology' },
);
export type Topology = Static<typeof Topology>;

/** 202 of a creation: the task and the new resource's id. */
export const NetworkTaskAccepted = Type.Object(
  { task_id: Id, id: Id },
  { $id: 'NetworkTaskAccepted' },
);
export type NetworkTaskAccepted = Static<typeof NetworkTaskAccepted>;
