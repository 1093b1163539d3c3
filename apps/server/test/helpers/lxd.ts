import { inject } from 'vitest';
import type { Catalogue } from '@portal/api/contract';
import {
  deleteLxdOwned,
  recordLxdOwner,
  runAddresses as slotAddresses,
  runSubnet as slotSubnet,
} from '../../../../scripts/lib/lxd-runs.mjs';
import type { Queryable } from '../../src/db/database.ts';
import { projectOf } from '../../src/areas/compute/drivers/lxd/index.ts';
import { installationId, lxdNamePrefix } from '../../src/platform/installation.ts';
import { LxdClient } from '../../src/platform/lxd/client.ts';

export const LXD_SOCKET = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';

/**
 * The local LXD (`npm run lxd:setup`) for a test file, or null with the reason printed. In CI
 * (`CI=true`) LXD is required: the file fails instead of skipping.
 */
export async function localLxd(file: string): Promise<LxdClient | null> {
  // Ten seconds: an LXD shared with another suite, deleting a killed run's leftovers, has been
  // seen taking more than two to answer.
  const client = new LxdClient({ socketPath: LXD_SOCKET }, { timeoutMs: 10_000 });
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

/** This run's slot on the machine's LXD (global setup claimed it; scripts/lib/lxd-runs.mjs). */
export function lxdRun(): { slot: number; dir: string } {
  const run = inject('lxdRun');
  if (!run) throw new Error('LXD answers, but global setup claimed no LXD slot for this run');
  return run;
}

/**
 * A tag of this run for names LXD sees beside another run's (instance names are DNS names on the
 * shared bridge): `r<slot>`.
 */
export const runTag = () => `r${inject('lxdRun')?.slot ?? 0}`;

/** `count` public addresses of this run from `offset`: every file takes its own offsets. */
export const runAddresses = (offset: number, count: number) =>
  slotAddresses(lxdRun().slot, offset, count);

/** The first three octets of this run's `k`-th /24 (k < 16): every file takes its own. */
export const runSubnet = (k: number) => slotSubnet(lxdRun().slot, k);

/**
 * The installation of a test database (ADR 034), recorded as this run's, so that what it makes in
 * LXD is deleted if the run is killed: its id, and how its project and ACL names begin (ADR 045).
 */
export async function runInstallation(db: Queryable): Promise<{ owner: string; prefix: string }> {
  const owner = await installationId(db);
  recordLxdOwner(lxdRun().dir, 'installation', owner);
  return { owner, prefix: await lxdNamePrefix(db) };
}

/** The installation of a test database (recorded for this run) and the project of a tenant. */
export async function tenantInstallation(
  db: Queryable,
  tenantCode = 'UZZ100001',
): Promise<{ owner: string; project: string }> {
  const { owner, prefix } = await runInstallation(db);
  return { owner, project: projectOf(tenantCode, prefix) };
}

/** A client acting for the test database's installation, as a site's client does. */
export function installationClient(db: Queryable): LxdClient {
  return new LxdClient(
    { socketPath: LXD_SOCKET },
    {
      owner: async () => (await runInstallation(db)).owner,
      namePrefix: () => lxdNamePrefix(db),
    },
  );
}

/**
 * A client acting for an installation of this test file's own (`name` and the process id), with
 * no database behind it: what it makes (ACLs, forwards) carries that installation, recorded for
 * this run, so another suite's objects are never taken for its own and a killed run's are swept.
 */
export function fileInstallationClient(name: string): { client: LxdClient; prefix: string } {
  const owner = `${name}${process.pid}`;
  recordLxdOwner(lxdRun().dir, 'installation', owner);
  const prefix = `portal-${owner}-`;
  const client = new LxdClient(
    { socketPath: LXD_SOCKET },
    { timeoutMs: 10_000, owner: async () => owner, namePrefix: async () => prefix },
  );
  return { client, prefix };
}

/** Notes a project of this run's own (not a tenant's), deleted with it if the run is killed. */
export const recordRunProject = (project: string) =>
  recordLxdOwner(lxdRun().dir, 'project', project);

/**
 * Deletes what one installation made in LXD (its instances, volumes, forwards, bridges, ACLs and
 * projects) and forwards on `addresses`. Another run's objects carry another installation and
 * listen on other addresses, so they are never touched.
 */
export async function removeInstallationObjects(
  owner: string,
  { addresses = [] }: { addresses?: string[] } = {},
): Promise<void> {
  await deleteLxdOwned({ installations: [owner], addresses });
}
