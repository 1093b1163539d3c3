import type { LxdClient, LxdOperation } from './client.ts';

/** An instance as `GET /1.0/instances/{name}` answers it (the fields the portal reads). */
export interface LxdInstance {
  name: string;
  description: string;
  status: string;
  stateful: boolean;
  location: string;
  config: Record<string, string>;
  devices: Record<string, Record<string, string>>;
  expanded_config: Record<string, string>;
  expanded_devices: Record<string, Record<string, string>>;
}

/** The instance's network as `/state` reports it. */
export interface LxdInstanceNetwork {
  network: Record<
    string,
    { addresses: { family: string; address: string; scope: string }[] }
  > | null;
  status: string;
}

export type LxdStateAction = 'start' | 'stop' | 'restart' | 'freeze' | 'unfreeze';

const path = (name: string) => `/1.0/instances/${encodeURIComponent(name)}`;

export const listInstances = (client: LxdClient, project: string, signal?: AbortSignal) =>
  client.get<LxdInstance[]>('/1.0/instances', { project, query: { recursion: '1' }, signal });

/**
 * Every instance name on the server, in every project. LXD gives each instance a DNS name on its
 * bridge, so a name used in one project cannot start on the same bridge in another.
 */
export async function instanceNamesEverywhere(
  client: LxdClient,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const urls = await client.get<string[]>('/1.0/instances', {
    query: { 'all-projects': 'true' },
    signal,
  });
  return new Set(urls.map((url) => decodeURIComponent(url.split('?')[0]?.split('/').pop() ?? '')));
}

/** LXD's refusal to start an instance whose DNS name another instance holds on the bridge. */
export const isDnsNameClash = (message: string) =>
  /DNS name .* already used on network/i.test(message);

export const getInstance = (
  client: LxdClient,
  project: string,
  name: string,
  signal?: AbortSignal,
) => client.get<LxdInstance>(path(name), { project, signal });

export const instanceNetwork = (
  client: LxdClient,
  project: string,
  name: string,
  signal?: AbortSignal,
) => client.get<LxdInstanceNetwork>(`${path(name)}/state`, { project, signal });

export const createInstance = (
  client: LxdClient,
  project: string,
  body: {
    name: string;
    description: string;
    source: { type: 'image'; fingerprint: string };
    config: Record<string, string>;
    devices: Record<string, Record<string, string>>;
  },
  options: { target?: string; signal?: AbortSignal },
): Promise<LxdOperation> =>
  client.postWait('/1.0/instances', body, {
    project,
    signal: options.signal,
    ...(options.target ? { query: { target: options.target } } : {}),
  });

export const setInstanceState = (
  client: LxdClient,
  project: string,
  name: string,
  state: { action: LxdStateAction; force?: boolean; timeout?: number },
  signal?: AbortSignal,
) => client.putWait(`${path(name)}/state`, state, { project, signal });

/** Changes only the given keys of the instance's config, devices or description. */
export const patchInstance = (
  client: LxdClient,
  project: string,
  name: string,
  change: {
    description?: string;
    config?: Record<string, string>;
    devices?: Record<string, Record<string, string>>;
  },
  signal?: AbortSignal,
) => client.patchWait(path(name), change, { project, signal });

/** LXD renames only a stopped instance. */
export const renameInstance = (
  client: LxdClient,
  project: string,
  name: string,
  newName: string,
  signal?: AbortSignal,
) => client.postWait(path(name), { name: newName }, { project, signal });

export const deleteInstance = (
  client: LxdClient,
  project: string,
  name: string,
  signal?: AbortSignal,
) => client.deleteWait(path(name), { project, signal });

/**
 * Removes one device from the instance (PATCH merges devices and cannot remove one: the
 * instance is put back whole without it, guarded by its ETag-free read just before).
 */
export async function removeInstanceDevice(
  client: LxdClient,
  project: string,
  name: string,
  device: string,
  signal?: AbortSignal,
): Promise<void> {
  const instance = await client.get<LxdInstance & Record<string, unknown>>(path(name), {
    project,
    signal,
  });
  if (!(device in instance.devices)) return;
  const devices = Object.fromEntries(
    Object.entries(instance.devices).filter(([key]) => key !== device),
  );
  await client.putWait(
    path(name),
    {
      architecture: instance['architecture'],
      config: instance.config,
      devices,
      ephemeral: instance['ephemeral'],
      profiles: instance['profiles'],
      stateful: instance.stateful,
      description: instance.description,
    },
    { project, signal },
  );
}
