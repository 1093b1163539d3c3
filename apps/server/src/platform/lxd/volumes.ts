import type { LxdClient } from './client.ts';

/** A custom storage volume as `GET /1.0/storage-pools/{pool}/volumes/custom/{name}` answers it. */
export interface LxdVolume {
  name: string;
  description: string;
  config: Record<string, string>;
  /** The instances (and profiles) using it: `/1.0/instances/{name}?project=…`. */
  used_by: string[];
}

/** What `/state` says of a custom volume: bytes used (and the limit, where the pool has one). */
export interface LxdVolumeState {
  usage: { used: number; total: number } | null;
}

const volumes = (pool: string) => `/1.0/storage-pools/${encodeURIComponent(pool)}/volumes/custom`;
const volumePath = (pool: string, name: string) => `${volumes(pool)}/${encodeURIComponent(name)}`;

export const listVolumes = (
  client: LxdClient,
  project: string,
  pool: string,
  signal?: AbortSignal,
) => client.get<LxdVolume[]>(volumes(pool), { project, query: { recursion: '1' }, signal });

export const getVolume = (
  client: LxdClient,
  project: string,
  pool: string,
  name: string,
  signal?: AbortSignal,
) => client.get<LxdVolume>(volumePath(pool, name), { project, signal });

export const volumeState = (
  client: LxdClient,
  project: string,
  pool: string,
  name: string,
  signal?: AbortSignal,
) => client.get<LxdVolumeState>(`${volumePath(pool, name)}/state`, { project, signal });

export const createVolume = (
  client: LxdClient,
  project: string,
  pool: string,
  body: { name: string; description: string; config: Record<string, string> },
  signal?: AbortSignal,
) =>
  client.postWait(
    volumes(pool),
    { ...body, type: 'custom', content_type: 'filesystem' },
    { project, signal },
  );

/** Changes only the given config keys (and the description). */
export const patchVolume = (
  client: LxdClient,
  project: string,
  pool: string,
  name: string,
  change: { description?: string; config?: Record<string, string> },
  signal?: AbortSignal,
) => client.patchWait(volumePath(pool, name), change, { project, signal });

export const deleteVolume = (
  client: LxdClient,
  project: string,
  pool: string,
  name: string,
  signal?: AbortSignal,
) => client.deleteWait(volumePath(pool, name), { project, signal });

/** The instance names among a volume's users (`/1.0/instances/web?project=p` → `web`). */
export const volumeInstances = (volume: LxdVolume): string[] =>
  volume.used_by
    .map((url) => url.split('?')[0] ?? '')
    .filter((path) => path.startsWith('/1.0/instances/'))
    .map((path) => decodeURIComponent(path.slice('/1.0/instances/'.length)));

const BYTES: Record<string, number> = {
  '': 1,
  B: 1,
  kB: 1e3,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  PB: 1e15,
  KiB: 2 ** 10,
  MiB: 2 ** 20,
  GiB: 2 ** 30,
  TiB: 2 ** 40,
  PiB: 2 ** 50,
};

/**
 * Whole GB from LXD's `size` key (`10GiB`, `10GB`, `10737418240`), rounded up, at least 1; null
 * when it is unset or unreadable. A binary size counts its GiB as GB (`10GiB` is 10), as people
 * say it; a size in bytes counts decimal GB.
 */
export function sizeGbOf(size: string | undefined): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kKMGTP]i?B|B)?\s*$/.exec(size ?? '');
  const factor = BYTES[match?.[2] ?? ''];
  if (!match || factor === undefined) return null;
  const bytes = Number(match[1]) * factor;
  if (!(bytes > 0)) return null;
  const unit = match[2]?.includes('i') ? 2 ** 30 : 1e9;
  return Math.max(1, Math.ceil(bytes / unit - 1e-9));
}
