import { LxdError, type LxdClient } from './client.ts';
import { INSTALLATION_KEY } from './ownership.ts';

export interface LxdNetwork {
  name: string;
  type: string;
  managed: boolean;
  description: string;
  config: Record<string, string>;
  /** What uses it: `/1.0/instances/<name>?project=<project>`, profiles … */
  used_by?: string[] | null;
}

export interface LxdClusterMember {
  server_name: string;
  status: string;
}

/** A DHCP lease LXD's dnsmasq handed out on a managed bridge. */
export interface LxdLease {
  hostname: string;
  hwaddr: string;
  address: string;
  type: string;
  project: string;
}

// The portal's config keys on a bridge it made for a tenant's network (ADR 037). LXD 5.0 keeps
// bridges in the default project, so the tenant's project and id are on the bridge itself.
export const NETWORK_ID_KEY = 'user.portal.network-id';
export const NETWORK_TASK_ID_KEY = 'user.portal.task-id';
export const NETWORK_TENANT_KEY = 'user.portal.tenant-id';
export const NETWORK_PROJECT_KEY = 'user.portal.project';
export const NETWORK_NAME_KEY = 'user.portal.name';
export const NETWORK_VLAN_KEY = 'user.portal.vlan-id';
export const NETWORK_GATEWAY_KEY = 'user.portal.gateway-id';
export const NETWORK_CIDR_KEY = 'user.portal.cidr';

/** A portal network as LXD's catalogue and instances see it: its name and VLAN in the portal. */
export interface PortalBridge {
  bridge: string;
  networkId: number;
  tenantId: number;
  name: string;
  vlanId: number;
}

/** Whether a portal (this one or another on the same LXD) made the bridge for a network. */
export const isPortalBridge = (network: LxdNetwork) => Boolean(network.config[NETWORK_ID_KEY]);

/**
 * This installation's view of a bridge it made (`owner`: its id, ADR 034), or null for any other
 * network, another installation's included.
 */
export function portalBridge(network: LxdNetwork, owner: string): PortalBridge | null {
  const networkId = Number(network.config[NETWORK_ID_KEY]);
  if (!network.managed || !networkId) return null;
  if ((network.config[INSTALLATION_KEY] ?? '') !== owner) return null;
  return {
    bridge: network.name,
    networkId,
    tenantId: Number(network.config[NETWORK_TENANT_KEY]),
    name: network.config[NETWORK_NAME_KEY] ?? network.name,
    vlanId: Number(network.config[NETWORK_VLAN_KEY]) || 0,
  };
}

const networkPath = (name: string) => `/1.0/networks/${encodeURIComponent(name)}`;

export const listNetworks = (client: LxdClient, signal?: AbortSignal) =>
  client.get<LxdNetwork[]>('/1.0/networks', { query: { recursion: '1' }, signal });

/** The network, or null when LXD has none by that name. */
export async function findNetwork(
  client: LxdClient,
  name: string,
  signal?: AbortSignal,
): Promise<LxdNetwork | null> {
  try {
    return await client.get<LxdNetwork>(networkPath(name), { signal });
  } catch (error) {
    if (error instanceof LxdError && error.status === 404) return null;
    throw error;
  }
}

export const createNetwork = (
  client: LxdClient,
  network: { name: string; type: 'bridge'; description: string; config: Record<string, string> },
  signal?: AbortSignal,
) => client.post<null>('/1.0/networks', network, { signal });

/** Sets these config keys (others stay); an empty string removes a key. */
export const patchNetwork = (
  client: LxdClient,
  name: string,
  config: Record<string, string>,
  signal?: AbortSignal,
) => client.patch<null>(networkPath(name), { config }, { signal });

export const deleteNetwork = (client: LxdClient, name: string, signal?: AbortSignal) =>
  client.delete<null>(networkPath(name), { signal });

/** The leases of a managed bridge's DHCP server to the instances of `project`. */
export const networkLeases = (
  client: LxdClient,
  name: string,
  project: string,
  signal?: AbortSignal,
) => client.get<LxdLease[]>(`${networkPath(name)}/leases`, { project, signal });

/** The instances using the network, as `project/name`. */
export const networkInstances = (network: LxdNetwork): string[] =>
  (network.used_by ?? []).flatMap((url) => {
    const match = /^\/1\.0\/instances\/([^?]+)(?:\?project=(.+))?$/.exec(url);
    return match
      ? [`${decodeURIComponent(match[2] ?? 'default')}/${decodeURIComponent(match[1] ?? '')}`]
      : [];
  });

/** The server: whether it is clustered, and its name. */
export const serverInfo = (client: LxdClient, signal?: AbortSignal) =>
  client.get<{ environment: { server_clustered: boolean; server_name: string } }>('/1.0', {
    signal,
  });

export const listClusterMembers = (client: LxdClient, signal?: AbortSignal) =>
  client.get<LxdClusterMember[]>('/1.0/cluster/members', { query: { recursion: '1' }, signal });
