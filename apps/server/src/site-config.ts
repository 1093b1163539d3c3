// The sites the server runs, read from the environment: the demo's simulated sites, and a site
// served by LXD (or Incus) over its unix socket or over HTTPS with a client certificate.
import { readFileSync } from 'node:fs';
import { LxdClient, LxdError } from './platform/lxd/client.ts';
import { SIMULATED_SITE, type LxdEndpoint, type SiteConfig } from './platform/sites.ts';

type Env = Record<string, string | undefined>;

/** Whether the LXD site is used: when it answers at start-up, always (else stop), or never. */
export const LXD_MODES = ['auto', 'on', 'off'] as const;
export type LxdMode = (typeof LXD_MODES)[number];

export interface SitesConfig {
  /** The demo's simulated sites (`SIMULATED_SITES`). */
  simulated: boolean;
  lxd: { mode: LxdMode; site: SiteConfig & { lxd: NonNullable<SiteConfig['lxd']> } };
}

export const DEFAULT_LXD_SOCKET = '/var/lib/lxd/unix.socket';

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

function pem(env: Env, name: string, fail: (message: string) => never): string | undefined {
  const path = value(env, name);
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return fail(
      `${name} names ${path}, which cannot be read: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** The most addresses a site's pool may hold (one table row per address taken). */
export const MAX_PUBLIC_ADDRESSES = 4096;

const ipv4 = (text: string): number | null => {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255))
    return null;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
};
const dotted = (value: number) =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/**
 * A site's public addresses from `a.b.c.d`, `a.b.c.d-a.b.c.e` and `a.b.c.d/nn` items separated by
 * commas (a network's own and broadcast addresses left out from /30 down), in order, once each.
 */
export function publicAddresses(text: string, bad: (item: string) => never): string[] {
  const found = new Set<string>();
  for (const item of text
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean)) {
    let first: number | null;
    let last: number | null;
    const range = /^([\d.]+)-([\d.]+)$/.exec(item);
    const network = /^([\d.]+)\/(\d{1,2})$/.exec(item);
    if (range) {
      first = ipv4(range[1] ?? '');
      last = ipv4(range[2] ?? '');
    } else if (network) {
      const base = ipv4(network[1] ?? '');
      const prefix = Number(network[2]);
      if (base === null || prefix > 32) return bad(item);
      const size = 2 ** (32 - prefix);
      first = base - (base % size);
      last = first + size - 1;
      if (size >= 4) {
        first += 1;
        last -= 1;
      }
    } else {
      first = last = ipv4(item);
    }
    if (first === null || last === null || last < first || last - first >= MAX_PUBLIC_ADDRESSES)
      return bad(item);
    for (let address = first; address <= last; address += 1) found.add(dotted(address));
    if (found.size > MAX_PUBLIC_ADDRESSES) return bad(item);
  }
  return [...found];
}

/** Reads the sites; `fail` throws the configuration's error with the sentence given. */
export function parseSites(env: Env, fail: (message: string) => never): SitesConfig {
  const mode = (value(env, 'LXD') ?? 'auto').toLowerCase();
  if (!LXD_MODES.some((candidate) => candidate === mode))
    fail(`LXD must be auto, on or off, not "${value(env, 'LXD')}".`);
  const simulatedRaw = (value(env, 'SIMULATED_SITES') ?? 'true').toLowerCase();
  if (!['true', 'false'].includes(simulatedRaw))
    fail(`SIMULATED_SITES must be true or false, not "${value(env, 'SIMULATED_SITES')}".`);
  const url = value(env, 'LXD_URL');
  const endpoint: LxdEndpoint = {};
  if (url !== undefined) {
    if (!/^https:\/\/[^/]+/.test(url))
      fail(`LXD_URL must be an https:// address such as https://lxd.example:8443, not "${url}".`);
    endpoint.url = url.replace(/\/+$/, '');
    endpoint.cert = pem(env, 'LXD_CLIENT_CERT', fail);
    endpoint.key = pem(env, 'LXD_CLIENT_KEY', fail);
    endpoint.ca = pem(env, 'LXD_SERVER_CERT', fail);
    if (!endpoint.cert || !endpoint.key)
      fail(
        'LXD_URL needs LXD_CLIENT_CERT and LXD_CLIENT_KEY: the certificate LXD trusts and its key.',
      );
  } else {
    endpoint.socketPath = value(env, 'LXD_SOCKET') ?? DEFAULT_LXD_SOCKET;
  }
  const location = value(env, 'LXD_LOCATION') ?? 'LXD1';
  if (!/^[A-Z0-9][A-Z0-9-]{0,15}$/.test(location))
    fail(
      `LXD_LOCATION must be upper-case letters, digits and dashes (at most 16), not "${location}".`,
    );
  // LXD_FORWARD_ADDRESSES is the older name of the pool, read when LXD_PUBLIC_ADDRESSES is unset.
  const poolName =
    value(env, 'LXD_PUBLIC_ADDRESSES') !== undefined
      ? 'LXD_PUBLIC_ADDRESSES'
      : 'LXD_FORWARD_ADDRESSES';
  const forwards = publicAddresses(value(env, poolName) ?? '', (item) =>
    fail(
      `${poolName} must list IPv4 addresses, ranges (198.51.100.10-198.51.100.20) or networks (198.51.100.0/28) separated by commas, of at most ${MAX_PUBLIC_ADDRESSES} addresses; "${item}" is not one.`,
    ),
  );
  const lookRaw = value(env, 'LXD_STORAGE_LOOK_MS') ?? '30000';
  const storageLookMs = Number(lookRaw);
  if (!/^\d+$/.test(lookRaw) || storageLookMs < 100 || storageLookMs > 86_400_000)
    fail(
      `LXD_STORAGE_LOOK_MS must be milliseconds between 100 and 86400000 (a day), not "${lookRaw}".`,
    );
  return {
    simulated: simulatedRaw === 'true',
    lxd: {
      mode: mode as LxdMode,
      site: {
        name: `lxd-${location.toLowerCase()}`,
        backend: 'lxd',
        region: value(env, 'LXD_REGION') ?? 'Local',
        locations: [location],
        lxd: {
          endpoint,
          storagePool: value(env, 'LXD_STORAGE_POOL') ?? 'portal',
          network: value(env, 'LXD_NETWORK') ?? 'portalbr0',
          forwardAddresses: forwards,
          storageLookMs,
        },
      },
    },
  };
}

/** Where the LXD site is reached, as a person reads it. */
export const endpointText = (endpoint: LxdEndpoint): string =>
  endpoint.url ?? endpoint.socketPath ?? 'nowhere';

/**
 * The sites this server runs: the simulator's (unless turned off), and the LXD site when LXD
 * answers at start-up (`LXD=auto`), always (`on`: else the server does not start) or never
 * (`off`). Answers them with one line saying whether there is an LXD site, and why not.
 */
export async function resolveSites(
  config: SitesConfig,
  fail: (message: string) => never,
): Promise<{ sites: SiteConfig[]; lxdLine: string }> {
  const sites: SiteConfig[] = config.simulated ? [SIMULATED_SITE] : [];
  const { mode, site } = config.lxd;
  const where = endpointText(site.lxd.endpoint);
  const none = (why: string) => {
    if (sites.length === 0) fail(`SIMULATED_SITES is false and there is no LXD site: ${why}`);
    return { sites, lxdLine: `No LXD site: ${why}` };
  };
  if (mode === 'off') return none('LXD is off (LXD=off).');
  const client = new LxdClient(site.lxd.endpoint, { timeoutMs: 3_000 });
  try {
    const server = await client.get<{ environment?: { server_version?: string } }>('/1.0');
    sites.push(site);
    const version = server.environment?.server_version;
    return {
      sites,
      lxdLine: `LXD site ${site.locations?.join(', ')} served by LXD${version ? ` ${version}` : ''} at ${where}.`,
    };
  } catch (error) {
    const reason = error instanceof LxdError ? error.lxdMessage : String(error);
    const why = `LXD does not answer at ${where} (${reason}). Run npm run lxd:setup, or set LXD_SOCKET or LXD_URL.`;
    if (mode === 'on') fail(`LXD=on, but ${why}`);
    return none(why);
  } finally {
    await client.close();
  }
}
