// The networking area's rules, for the server, the simulated platform and the portal: what a valid
// IPv4 network is, when a new one clashes with the tenant's others, and when a network or a public
// address may go. Plain functions returning a sentence or null (no schema library).

/** A dotted IPv4 address as a number, or null when it is not one. */
export function ipv4ToNumber(address: string): number | null {
  const parts = address.trim().split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

export function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** A parsed IPv4 network: its first and last address and prefix length. */
export interface Ipv4Network {
  first: number;
  last: number;
  prefix: number;
}

/** The smallest and largest prefix a tenant network may have. */
export const NETWORK_PREFIX_MIN = 16;
export const NETWORK_PREFIX_MAX = 29;

export function parseCidr(cidr: string): Ipv4Network | null {
  const match = /^([\d.]+)\/(\d{1,2})$/.exec(cidr.trim());
  if (!match) return null;
  const base = ipv4ToNumber(match[1] ?? '');
  const prefix = Number(match[2]);
  if (base === null || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  return { first: base - (base % size), last: base - (base % size) + size - 1, prefix };
}

/**
 * Why a CIDR is not a usable private network, or null: an IPv4 network address with a prefix
 * from /16 to /29 inside the private ranges (10/8, 172.16/12, 192.168/16).
 */
export function cidrRefusal(cidr: string): string | null {
  const network = parseCidr(cidr);
  if (!network) return 'Enter an IPv4 network such as 10.20.0.0/24.';
  if (network.prefix < NETWORK_PREFIX_MIN || network.prefix > NETWORK_PREFIX_MAX)
    return `Use a prefix from /${NETWORK_PREFIX_MIN} to /${NETWORK_PREFIX_MAX}.`;
  const base = ipv4ToNumber(cidr.split('/')[0] ?? '') ?? 0;
  if (base !== network.first)
    return `${cidr} is not a network address; did you mean ${numberToIpv4(network.first)}/${network.prefix}?`;
  const privateRanges = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map(parseCidr);
  const inside = privateRanges.some(
    (range) => range !== null && network.first >= range.first && network.last <= range.last,
  );
  if (!inside) return 'Use a private range: 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16.';
  return null;
}

/** An existing network of the tenant, as the clash rules see it. */
export interface NetworkInUse {
  name: string;
  location: string;
  vlan_id: number;
  cidr: string;
}

/** Why a new network clashes with one of the tenant's networks at its location, or null. */
export function networkClash(
  wanted: { location: string; vlan_id: number; cidr: string },
  existing: readonly NetworkInUse[],
): string | null {
  const range = parseCidr(wanted.cidr);
  for (const other of existing) {
    if (other.location !== wanted.location) continue;
    if (other.vlan_id === wanted.vlan_id)
      return `VLAN ${wanted.vlan_id} is already used at ${wanted.location} by the network ${other.name}.`;
    const taken = parseCidr(other.cidr);
    if (range && taken && range.first <= taken.last && taken.first <= range.last)
      return `${wanted.cidr} overlaps ${other.cidr} of the network ${other.name} at ${wanted.location}.`;
  }
  return null;
}

/** Why a VLAN is taken at a site by one of the tenant's networks, or null (the wizard's VLAN step). */
export function vlanClash(
  wanted: { location: string; vlan_id: number },
  existing: readonly NetworkInUse[],
): string | null {
  const other = existing.find(
    (each) => each.location === wanted.location && each.vlan_id === wanted.vlan_id,
  );
  return other
    ? `VLAN ${wanted.vlan_id} is already used at ${wanted.location} by the network ${other.name}.`
    : null;
}

/** Why a range overlaps one of the tenant's networks at a site, or null (the wizard's CIDR step). */
export function rangeClash(
  wanted: { location: string; cidr: string },
  existing: readonly NetworkInUse[],
): string | null {
  const range = parseCidr(wanted.cidr);
  if (!range) return null;
  for (const other of existing) {
    if (other.location !== wanted.location) continue;
    const taken = parseCidr(other.cidr);
    if (taken && range.first <= taken.last && taken.first <= range.last)
      return `${wanted.cidr} overlaps ${other.cidr} of the network ${other.name} at ${wanted.location}.`;
  }
  return null;
}

/** Where a suggested VLAN starts: the low ids are often the provider's own. */
export const SUGGESTED_VLAN_FROM = 100;

/** The lowest VLAN from 100 (then from 1) no network of the tenant uses at the site, or null. */
export function freeVlan(location: string, existing: readonly NetworkInUse[]): number | null {
  const used = new Set(
    existing.filter((each) => each.location === location).map((each) => each.vlan_id),
  );
  for (let vlan = SUGGESTED_VLAN_FROM; vlan <= 4094; vlan += 1) if (!used.has(vlan)) return vlan;
  for (let vlan = 1; vlan < SUGGESTED_VLAN_FROM; vlan += 1) if (!used.has(vlan)) return vlan;
  return null;
}

/** The addresses of a network a default DHCP range and gateway use: .1 gateway, .10 onwards. */
export function defaultAddressing(
  cidr: string,
): { gateway_address: string; dhcp_start: string; dhcp_end: string } | null {
  const network = parseCidr(cidr);
  if (!network || network.last - network.first < 4) return null;
  const size = network.last - network.first + 1;
  const start = size > 32 ? network.first + 10 : network.first + 2;
  return {
    gateway_address: numberToIpv4(network.first + 1),
    dhcp_start: numberToIpv4(start),
    dhcp_end: numberToIpv4(network.last - 1),
  };
}

/**
 * Why a gateway address or DHCP range does not fit the network, naming the field at fault, or
 * null. The range holds usable hosts of the CIDR, in order, and leaves out the gateway.
 */
export function addressingRefusal(
  cidr: string,
  addressing: { gateway_address: string; dhcp_start: string; dhcp_end: string },
): { field: 'gateway_address' | 'dhcp_start' | 'dhcp_end'; message: string } | null {
  const network = parseCidr(cidr);
  if (!network) return null;
  const inHosts = (value: number | null) =>
    value !== null && value > network.first && value < network.last;
  const gateway = ipv4ToNumber(addressing.gateway_address);
  const start = ipv4ToNumber(addressing.dhcp_start);
  const end = ipv4ToNumber(addressing.dhcp_end);
  if (!inHosts(gateway))
    return { field: 'gateway_address', message: `Use a host address inside ${cidr}.` };
  if (!inHosts(start))
    return { field: 'dhcp_start', message: `Use a host address inside ${cidr}.` };
  if (!inHosts(end) || (start !== null && end !== null && end < start))
    return {
      field: 'dhcp_end',
      message: `Use a host address inside ${cidr}, not before the range's start.`,
    };
  if (gateway !== null && start !== null && end !== null && gateway >= start && gateway <= end)
    return { field: 'dhcp_start', message: 'Keep the gateway address out of the DHCP range.' };
  return null;
}

/** Why a DNS server list is refused, or null: up to 4 IPv4 addresses. */
export const DNS_SERVERS_MAX = 4;
export function dnsRefusal(servers: readonly string[]): string | null {
  if (servers.length > DNS_SERVERS_MAX) return `Give at most ${DNS_SERVERS_MAX} DNS servers.`;
  const wrong = servers.find((server) => ipv4ToNumber(server) === null);
  return wrong === undefined ? null : `${wrong} is not an IPv4 address.`;
}

/** Why a network cannot be deleted yet, or null. */
export function networkDeleteRefusal(name: string, attachedVms: number): string | null {
  if (attachedVms === 0) return null;
  const vms = attachedVms === 1 ? '1 virtual machine is' : `${attachedVms} virtual machines are`;
  return `The network ${name} cannot be deleted while ${vms} attached; move them to another network first.`;
}

/** Why a public address cannot be released yet, or null. */
export function addressReleaseRefusal(address: string, natVmName: string | null): string | null {
  return natVmName === null
    ? null
    : `The public address ${address} is used by a NAT entry of ${natVmName}; remove that NAT entry first.`;
}

/**
 * What still uses a gateway: the networks behind it (their names, or only how many where the
 * names are not at hand), NAT entries and public addresses on it.
 */
export interface GatewayUsers {
  networks: readonly string[] | number;
  addresses: number;
  nats: number;
}

function networksText(networks: readonly string[] | number): string {
  if (typeof networks === 'number') return networks === 1 ? '1 network' : `${networks} networks`;
  if (networks.length === 1) return `the network ${networks[0]}`;
  if (networks.length === 2) return `the networks ${networks[0]} and ${networks[1]}`;
  return `${networks.length} networks (${networks[0]}, ${networks[1]}, …)`;
}

/** Why a gateway cannot be deleted yet, or null. */
export function gatewayDeleteRefusal(name: string, users: GatewayUsers): string | null {
  const { networks, addresses, nats } = users;
  const count = typeof networks === 'number' ? networks : networks.length;
  if (count > 0)
    return `The gateway ${name} cannot be deleted while ${networksText(networks)} ${count === 1 ? 'uses' : 'use'} it; give ${count === 1 ? 'that network' : 'them'} another gateway or none first.`;
  if (nats > 0)
    return `The gateway ${name} cannot be deleted while ${nats === 1 ? '1 NAT entry uses' : `${nats} NAT entries use`} it; cancel ${nats === 1 ? 'it' : 'them'} first.`;
  if (addresses > 0)
    return `The gateway ${name} cannot be deleted while it holds ${addresses === 1 ? '1 public address' : `${addresses} public addresses`}; release ${addresses === 1 ? 'it' : 'them'} first.`;
  return null;
}

/**
 * The lowest free address of a range, or null when it is full: addresses on a network come from
 * its DHCP range without duplicates.
 */
export function freeAddress(
  range: { dhcp_start: string; dhcp_end: string },
  used: Iterable<string>,
): string | null {
  const start = ipv4ToNumber(range.dhcp_start);
  const end = ipv4ToNumber(range.dhcp_end);
  if (start === null || end === null) return null;
  const taken = new Set<number>();
  for (const address of used) {
    const value = ipv4ToNumber(address);
    if (value !== null) taken.add(value);
  }
  for (let value = start; value <= end; value++) if (!taken.has(value)) return numberToIpv4(value);
  return null;
}
