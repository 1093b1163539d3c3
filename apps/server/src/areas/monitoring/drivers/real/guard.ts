// What the real prober may reach. By default only public addresses: a customer must not be able
// to scan the provider's own network (or read a cloud's metadata service) through our probes.
// Names are checked on the addresses they resolve to, at connection time, through the lookup the
// socket itself uses: a name that resolves to a public address when a monitor is created and to
// 127.0.0.1 later (DNS rebinding) is refused then.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The metadata service of the big clouds (link-local, named apart for a clearer sentence). */
export const METADATA_ADDRESS = '169.254.169.254';

const ranges: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['0.0.0.0', 8, 'ipv4', "an address of 'this network'"],
  ['192.0.0.0', 24, 'ipv4', 'a reserved address'],
  ['198.18.0.0', 15, 'ipv4', 'a reserved address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['::', 128, 'ipv6', 'the unspecified address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['fc00::', 7, 'ipv6', 'a private address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];
const lists = ranges.map(([network, prefix, family, what]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, what };
});

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, else the address itself. */
function unwrap(address: string): string {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return address;
}

/** What kind of non-public address this is (`a loopback address`), or null for a public one. */
export function nonPublicKind(address: string): string | null {
  const plain = unwrap(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const version = isIP(plain);
  if (version === 0) return null;
  if (plain === METADATA_ADDRESS) return 'the cloud metadata address';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  return (
    lists.find((entry) => entry.family === family && entry.list.check(plain, family))?.what ?? null
  );
}

export const ALLOW_PRIVATE_HINT =
  'the prober reaches only public addresses unless the provider sets MONITORING_ALLOW_PRIVATE';

/** Why the prober refuses to connect to `address` (an IP address), or null. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const kind = nonPublicKind(address);
  return kind ? `${address} is ${kind}; ${ALLOW_PRIVATE_HINT}.` : null;
}

/** Names that always mean this machine (RFC 6761). */
const isLocalName = (host: string) => /^(localhost|.*\.localhost)\.?$/i.test(host);

/**
 * Why a target host (a name or an IP address) is refused before any lookup, or null: IP
 * addresses outside the public ranges and `localhost` names. Other names are checked on what they
 * resolve to when a probe connects.
 */
export function hostRefusal(host: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const plain = host.replace(/^\[|\]$/g, '');
  if (isIP(plain)) return addressRefusal(plain, false);
  if (isLocalName(plain)) return `${host} is this machine; ${ALLOW_PRIVATE_HINT}.`;
  return null;
}

/** A target the prober will not reach; its message is the sentence the check reports. */
export class RefusedTarget extends Error {
  override name = 'RefusedTarget';
  readonly code = 'EREFUSEDTARGET';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets (net, tls, undici's connector) that refuses a name when any address it
 * resolves to is not public, so the address checked is the address connected to.
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const refusedName = hostRefusal(hostname, allowPrivate);
    if (refusedName) {
      callback(new RefusedTarget(refusedName), '', 0);
      return;
    }
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const entry of addresses) {
        const refusal = addressRefusal(entry.address, allowPrivate);
        if (refusal) {
          callback(new RefusedTarget(`${hostname} resolves to ${refusal}`), '', 0);
          return;
        }
      }
      const first = addresses[0];
      if (!first) {
        callback(
          Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
          '',
          0,
        );
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * undici's own header and body timers for a request that `AbortSignal.timeout(timeoutMs)` ends:
 * a second later, as a backstop only. undici keeps coarse timers that can fire a few hundred
 * milliseconds early on a busy machine, so "Timed out after 0.7 s" would be said of a call that
 * had run 0.5 s; the signal's timer is exact.
 */
export const backstopTimeouts = (timeoutMs: number) => ({
  headersTimeout: timeoutMs + 1000,
  bodyTimeout: timeoutMs + 1000,
});
