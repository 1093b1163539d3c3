import type { LxdClient } from './client.ts';

export interface LxdImage {
  fingerprint: string;
  properties: Record<string, string>;
  aliases: { name: string }[];
  architecture: string;
}

/** The server's images (in the default project: tenant projects share them, features.images=false). */
export const listImages = (client: LxdClient, signal?: AbortSignal) =>
  client.get<LxdImage[]>('/1.0/images', { query: { recursion: '1' }, signal });
