import type { LxdClient } from './client.ts';

/** What `/1.0/instances/{name}/state` says about an instance's use of the machine. */
export interface LxdInstanceState {
  status: string;
  cpu: { usage: number } | null;
  memory: { usage: number; total?: number } | null;
  network: Record<
    string,
    { type: string; counters: { bytes_received: number; bytes_sent: number } }
  > | null;
}

export interface LxdResources {
  cpu: { total: number };
  memory: { total: number };
}

const path = (name: string) => `/1.0/instances/${encodeURIComponent(name)}`;

/** The instance's live counters: CPU time in ns, memory in bytes, bytes through each NIC. */
export const instanceState = (client: LxdClient, project: string, name: string) =>
  client.get<LxdInstanceState>(`${path(name)}/state`, { project });

/** The instance's own configuration with its profiles applied (limits.cpu, limits.memory …). */
export const instanceLimits = async (client: LxdClient, project: string, name: string) =>
  (
    await client.get<{ expanded_config: Record<string, string> }>(path(name), {
      project,
    })
  ).expanded_config;

/** The LXD host's CPU threads and memory: what an instance without limits may use. */
export const hostResources = (client: LxdClient) => client.get<LxdResources>('/1.0/resources');
