import type { LxdClient } from './client.ts';

/** A network forward: traffic to `listen_address` goes to `config.target_address`. */
export interface LxdForward {
  listen_address: string;
  description: string;
  config: Record<string, string>;
  ports: unknown[];
}

export interface LxdNetwork {
  name: string;
  type: string;
  managed: boolean;
}

const forwardsOf = (network: string) => `/1.0/networks/${encodeURIComponent(network)}/forwards`;

/** The managed networks a forward can sit on (bridges here; OVN networks elsewhere). */
export const forwardingNetworks = async (client: LxdClient): Promise<LxdNetwork[]> =>
  (await client.get<LxdNetwork[]>('/1.0/networks', { query: { recursion: '1' } })).filter(
    (network) => network.managed && (network.type === 'bridge' || network.type === 'ovn'),
  );

export const listForwards = (client: LxdClient, network: string, signal?: AbortSignal) =>
  client.get<LxdForward[]>(forwardsOf(network), { query: { recursion: '1' }, signal });

export const createForward = (
  client: LxdClient,
  network: string,
  forward: Omit<LxdForward, 'ports'>,
  signal?: AbortSignal,
) => client.post<null>(forwardsOf(network), { ...forward, ports: [] }, { signal });

export const deleteForward = (
  client: LxdClient,
  network: string,
  listenAddress: string,
  signal?: AbortSignal,
) => client.delete<null>(`${forwardsOf(network)}/${encodeURIComponent(listenAddress)}`, { signal });

/** Every forward on the networks that can have one, with its network. */
export async function allForwards(
  client: LxdClient,
  signal?: AbortSignal,
): Promise<{ network: string; forward: LxdForward }[]> {
  const networks = await forwardingNetworks(client);
  const lists = await Promise.all(
    networks.map(async ({ name }) =>
      (await listForwards(client, name, signal)).map((forward) => ({ network: name, forward })),
    ),
  );
  return lists.flat();
}
