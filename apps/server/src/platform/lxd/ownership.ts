import type { LxdClient } from './client.ts';

/** The config key naming the portal installation that made an LXD object. */
export const INSTALLATION_KEY = 'user.portal.installation';

/** The config a new object carries so that this installation, and only it, knows it again. */
export async function ownerConfig(client: LxdClient): Promise<Record<string, string>> {
  const owner = await client.owner();
  return owner ? { [INSTALLATION_KEY]: owner } : {};
}

/**
 * Whether an object is this installation's and carries `key` = `id`: a portal id alone is not
 * enough, since another installation on the same LXD counts its ids from 1 too.
 */
export function owns(
  config: Record<string, string>,
  owner: string,
  key: string,
  id: number | string,
): boolean {
  return (config[INSTALLATION_KEY] ?? '') === owner && config[key] === String(id);
}
