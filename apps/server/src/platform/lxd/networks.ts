import type { LxdClient } from './client.ts';

export interface LxdNetwork {
  name: string;
  type: string;
  managed: boolean;
  description: string;
  config: Record<string, string>;
}

export interface LxdClusterMember {
  server_name: string;
  status: string;
}

export const listNetworks = (client: LxdClient, signal?: AbortSignal) =>
  client.get<LxdNetwork[]>('/1.0/networks', { query: { recursion: '1' }, signal });

/** The server: whether it is clustered, and its name. */
export const serverInfo = (client: LxdClient, signal?: AbortSignal) =>
  client.get<{ environment: { server_clustered: boolean; server_name: string } }>('/1.0', {
    signal,
  });

export const listClusterMembers = (client: LxdClient, signal?: AbortSignal) =>
  client.get<LxdClusterMember[]>('/1.0/cluster/members', { query: { recursion: '1' }, signal });
