import type { Catalogue } from '@portal/api/contract';
import { LxdClient } from '../../src/platform/lxd/client.ts';

export const LXD_SOCKET = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';

/**
 * The local LXD (`npm run lxd:setup`) for a test file, or null with the reason printed. In CI
 * (`CI=true`) LXD is required: the file fails instead of skipping.
 */
export async function localLxd(file: string): Promise<LxdClient | null> {
  const client = new LxdClient({ socketPath: LXD_SOCKET }, { timeoutMs: 2000 });
  let problem: string | null = null;
  try {
    await client.get('/1.0');
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (!problem) return client;
  await client.close();
  if (process.env.CI === 'true')
    throw new Error(
      `[${file}] LXD at ${LXD_SOCKET} is required in CI but did not answer: ${problem}`,
    );
  console.info(
    `[${file}] LXD half skipped: nothing answers at ${LXD_SOCKET} (${problem}); run npm run lxd:setup`,
  );
  return null;
}

/** A creation body for the LXD site, from what its catalogue offers (§3's shape). */
export function createBody(catalogue: Catalogue, name: string) {
  const site = catalogue.regions
    .flatMap((region) => region.sites)
    .find((candidate) => candidate.backend === 'lxd');
  const image = catalogue.images.find((candidate) => site?.images?.includes(candidate.id));
  const version = image?.versions[0];
  const plan = catalogue.plans.find((candidate) => candidate.cpu === 1);
  const zone = site?.zones[0];
  const portgroup = site?.portgroups[0];
  if (!site || !image || !version || !plan || !zone || !portgroup)
    throw new Error('the LXD site offers no image, plan, zone or network');
  return {
    location: site.location,
    status: 'trial',
    tenant_id: 'UZZ100001',
    display_name: name,
    vsnap: false,
    monitoring: false,
    vm_params: {
      vcpus: plan.cpu,
      memory: plan.memory * 1024,
      cluster_name: zone.cluster,
      os: { name: image.name, version: version.name, guest_full_name: version.id },
      adapters: [{ portgroup: portgroup.name, vlan_id: portgroup.vlan_id }],
      disk_size_gb: null,
    },
  };
}

/** An id range a test file owns: the portal ids its LXD objects carry. */
export interface LxdIdRange {
  from: number;
  to: number;
}

const inRange = (value: string | undefined, range: LxdIdRange) => {
  const id = Number(value);
  return Number.isInteger(id) && id >= range.from && id <= range.to;
};

/**
 * Removes what an earlier run of a test file left in LXD (the CI machine keeps LXD's state between
 * runs): forwards listening on its addresses or pointing at its VMs, its instances in `project`,
 * custom volumes and bridges carrying its ids. Only objects tagged with ids in `range` (or
 * forwards on `addresses`) are touched.
 */
export async function removeLxdLeftovers(
  client: LxdClient,
  {
    project,
    range,
    addresses = [],
    pool = 'portal',
  }: { project: string; range: LxdIdRange; addresses?: string[]; pool?: string },
): Promise<void> {
  const ignore = () => undefined;
  type Net = { name: string; managed: boolean; type: string; config: Record<string, string> };
  const networks = await client.get<Net[]>('/1.0/networks', { query: { recursion: '1' } });
  for (const network of networks.filter((each) => each.managed && each.type === 'bridge')) {
    const forwards = await client
      .get<{ listen_address: string; config: Record<string, string> }[]>(
        `/1.0/networks/${network.name}/forwards`,
        { query: { recursion: '1' } },
      )
      .catch(() => []);
    for (const forward of forwards)
      if (
        addresses.includes(forward.listen_address) ||
        inRange(forward.config['user.portal.vm-id'], range)
      )
        await client
          .delete(`/1.0/networks/${network.name}/forwards/${forward.listen_address}`)
          .catch(ignore);
  }
  type Instance = { name: string; status: string; config: Record<string, string> };
  const instances = await client
    .get<Instance[]>('/1.0/instances', { project, query: { recursion: '1' } })
    .catch(() => [] as Instance[]);
  for (const instance of instances.filter((each) =>
    inRange(each.config['user.portal.vm-id'], range),
  )) {
    const path = `/1.0/instances/${instance.name}`;
    if (instance.status !== 'Stopped')
      await client
        .putWait(`${path}/state`, { action: 'stop', force: true }, { project })
        .catch(ignore);
    await client.deleteWait(path, { project }).catch(ignore);
  }
  type Volume = { name: string; config: Record<string, string> };
  const volumes = await client
    .get<Volume[]>(`/1.0/storage-pools/${pool}/volumes/custom`, {
      project,
      query: { recursion: '1' },
    })
    .catch(() => [] as Volume[]);
  for (const volume of volumes.filter((each) =>
    inRange(each.config['user.portal.volume-id'], range),
  ))
    await client
      .deleteWait(`/1.0/storage-pools/${pool}/volumes/custom/${volume.name}`, { project })
      .catch(ignore);
  for (const network of networks.filter((each) =>
    inRange(each.config['user.portal.network-id'], range),
  ))
    await client.delete(`/1.0/networks/${network.name}`).catch(ignore);
}
