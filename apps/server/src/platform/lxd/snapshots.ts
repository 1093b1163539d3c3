import type { LxdClient } from './client.ts';

export interface LxdSnapshot {
  name: string;
  stateful: boolean;
  created_at: string;
}

const path = (instance: string) => `/1.0/instances/${encodeURIComponent(instance)}/snapshots`;

/** The instance's snapshots, by their own names (without the instance's prefix). */
export async function listSnapshots(
  client: LxdClient,
  project: string,
  instance: string,
  signal?: AbortSignal,
): Promise<LxdSnapshot[]> {
  const all = await client.get<LxdSnapshot[]>(path(instance), {
    project,
    query: { recursion: '1' },
    signal,
  });
  return all.map((each) => ({ ...each, name: each.name.split('/').pop() ?? each.name }));
}

export const createSnapshot = (
  client: LxdClient,
  project: string,
  instance: string,
  snapshot: { name: string; stateful: boolean },
  signal?: AbortSignal,
) => client.postWait(path(instance), snapshot, { project, signal });

export const deleteSnapshot = (
  client: LxdClient,
  project: string,
  instance: string,
  name: string,
  signal?: AbortSignal,
) => client.deleteWait(`${path(instance)}/${encodeURIComponent(name)}`, { project, signal });

/** Puts the instance back to the snapshot (a stateless one: the instance is stopped by LXD). */
export const restoreSnapshot = (
  client: LxdClient,
  project: string,
  instance: string,
  name: string,
  signal?: AbortSignal,
) =>
  client.putWait(
    `/1.0/instances/${encodeURIComponent(instance)}`,
    { restore: name },
    {
      project,
      signal,
    },
  );
