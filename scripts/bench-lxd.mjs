#!/usr/bin/env node
// `npm run bench:lxd`: create (with start), power off, power on and delete through the portal's
// HTTP server (request, task, poll of /services/task/{id} until it ends) and through the LXD
// compute driver alone, each against the same calls straight to LXD (the ratio is the overhead);
// then BENCH_LXD_INSTANCES (200) VMs made through the portal, and the time to the list's rows
// (GET /services/eseries) against LXD's own list. Between them: volume attach and network create
// through the portal against the same LXD calls (a disk device on the instance; a bridge). Needs
// a local LXD (`npm run lxd:setup`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromServer } from './lib/bench-db.mjs';
import { LXD_IMAGE_ALIAS, LXD_SOCKET, lxdAnswers } from './lib/lxd.mjs';
import { claimLxdRun, recordLxdOwner } from './lib/lxd-runs.mjs';

const ROUNDS = Number(process.env.BENCH_LXD_ROUNDS ?? 5);
const CONCURRENCY = 8;
const COUNT = Number(process.env.BENCH_LXD_INSTANCES ?? 200);

if (!(await lxdAnswers())) {
  console.error(`Nothing answers at ${LXD_SOCKET}: run npm run lxd:setup first.`);
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const { openPglite } = await fromServer('src/db/pglite.ts');
const { migrate } = await fromServer('src/db/migrate.ts');
// One import: the client and the driver must share one module graph (LxdError checks).
const { LxdClient, LxdComputeDriver, projectOf } = await fromServer(
  'src/areas/compute/drivers/lxd/index.ts',
);

const dir = mkdtempSync(join(tmpdir(), 'bench-lxd-'));
const db = await openPglite(join(dir, 'pglite'));
await migrate(db);
const client = new LxdClient({ socketPath: LXD_SOCKET }, { timeoutMs: 10_000 });
const driver = new LxdComputeDriver({
  client,
  db,
  site: { regionId: 'local', regionName: 'Local', id: 'lxd1', name: 'LXD 1', location: 'LXD1' },
  tenantLimits: async () => ({ instances: null, cpu: null, memoryMb: null }),
});
const TENANT = 'BENCHLXD';
const project = projectOf(TENANT);
// A run slot of its own, as a test run has: if the benchmark is stopped half-way, the next run on
// this LXD deletes what it made, and a test suite running beside it is left alone.
const run = await claimLxdRun();
recordLxdOwner(run.dir, 'project', project);
const catalogue = await driver.catalogue();
const image = catalogue.images.find((each) => each.name === 'busybox');
if (!image?.versions[0]) throw new Error(`No busybox image: run npm run lxd:setup.`);
const spec = {
  status: 'trial',
  vcpus: 1,
  memoryMb: 2048,
  planId: 'std-1',
  location: 'LXD1',
  adapters: [{ portgroup: 'portalbr0', vlan_id: 1, ip: null }],
  image: image.name,
  version: image.versions[0].name,
  diskSizeGb: 40,
  cluster: 'LXD1-LXD',
  vsnap: false,
};
let taskId = 1;
const ctx = () => ({
  taskId: taskId++,
  tenantId: 1,
  tenantCode: TENANT,
  signal: AbortSignal.timeout(120_000),
});

const portal = { create: [], powerOff: [], powerOn: [], delete: [] };
const direct = { create: [], powerOff: [], powerOn: [], delete: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    const vmId = 100 + round;
    portal.create.push(
      await timed(() => driver.createVm(ctx(), vmId, { ...spec, displayName: `bench ${round}` })),
    );
    portal.powerOff.push(await timed(() => driver.power(ctx(), vmId, 'powerOff')));
    portal.powerOn.push(await timed(() => driver.power(ctx(), vmId, 'powerOn')));
    portal.delete.push(await timed(() => driver.deleteVm(ctx(), vmId)));

    const name = `direct-${round}`;
    const q = { project };
    direct.create.push(
      await timed(async () => {
        await client.postWait(
          '/1.0/instances',
          {
            name,
            source: { type: 'image', alias: LXD_IMAGE_ALIAS },
            config: { 'limits.cpu': '1', 'limits.memory': '2048MB' },
            devices: {
              root: { type: 'disk', path: '/', pool: 'portal' },
              eth0: { type: 'nic', name: 'eth0', network: 'portalbr0' },
            },
          },
          q,
        );
        await client.putWait(`/1.0/instances/${name}/state`, { action: 'start' }, q);
      }),
    );
    direct.powerOff.push(
      await timed(() =>
        client.putWait(`/1.0/instances/${name}/state`, { action: 'stop', force: true }, q),
      ),
    );
    direct.powerOn.push(
      await timed(() => client.putWait(`/1.0/instances/${name}/state`, { action: 'start' }, q)),
    );
    direct.delete.push(
      await timed(async () => {
        await client.putWait(`/1.0/instances/${name}/state`, { action: 'stop', force: true }, q);
        await client.deleteWait(`/1.0/instances/${name}`, q);
      }),
    );
  }
  console.log(`LXD at ${LXD_SOCKET}, ${ROUNDS} rounds, medians (ms):`);
  console.log('  operation     driver    direct    ratio');
  for (const op of Object.keys(portal)) {
    const p = median(portal[op]);
    const d = median(direct[op]);
    console.log(
      `  ${op.padEnd(12)} ${p.toFixed(0).padStart(7)} ${d.toFixed(0).padStart(9)}   ×${(p / d).toFixed(2)}`,
    );
  }

  await throughPortal();
} finally {
  const left = await client.get('/1.0/instances', { project }).catch(() => []);
  for (let i = 0; i < left.length; i += 10)
    await Promise.all(
      left.slice(i, i + 10).map(async (path) => {
        const name = path.split('?')[0].split('/').pop();
        await client
          .putWait(`/1.0/instances/${name}/state`, { action: 'stop', force: true }, { project })
          .catch(() => undefined);
        await client.deleteWait(`/1.0/instances/${name}`, { project }).catch(() => undefined);
      }),
    );
  await client
    .delete(`/1.0/projects/${project}`)
    .catch((error) => console.error(`project left: ${error.message}`));
  driver.stop();
  await client.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  await run.release();
}

/** The same operations through the portal's HTTP server, and the list of COUNT VMs. */
async function throughPortal() {
  const { startLxdPortal } = await fromServer('bench/lxd.ts');
  const portal = await startLxdPortal(LXD_SOCKET);
  recordLxdOwner(run.dir, 'installation', portal.installation);
  const auth = { authorization: `Bearer ${portal.token}` };
  const api = async (method, path, body) => {
    const reply = await fetch(`${portal.url}${path}`, {
      method,
      headers: body ? { ...auth, 'content-type': 'application/json' } : auth,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await reply.json();
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${json.message}`);
    return json.data;
  };
  /** A task from its request to its end, as the portal reports it. */
  const task = async (method, path, body) => {
    const { task_id: id, vm_id: vmId } = await api(method, path, body);
    for (;;) {
      const state = await api('GET', `/services/task/${id}`);
      if (state.state === 'SUCCESS') return vmId;
      if (state.state === 'FAILURE') throw new Error(`${method} ${path}: ${state.message}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  try {
    const catalogue = await api('GET', '/services/eseries/catalogue');
    const site = catalogue.regions.flatMap((r) => r.sites).find((s) => s.backend === 'lxd');
    const image = catalogue.images.find((each) => site.images.includes(each.id));
    const body = (name) => ({
      location: site.location,
      status: 'trial',
      tenant_id: 'UZZ100001',
      display_name: name,
      vsnap: false,
      monitoring: false,
      vm_params: {
        vcpus: 1,
        memory: 2048,
        cluster_name: site.zones[0].cluster,
        os: {
          name: image.name,
          version: image.versions[0].name,
          guest_full_name: image.versions[0].id,
        },
        adapters: [{ portgroup: site.portgroups[0].name, vlan_id: site.portgroups[0].vlan_id }],
        disk_size_gb: null,
      },
    });
    const http = { create: [], powerOff: [], powerOn: [], delete: [] };
    const direct = { create: [], powerOff: [], powerOn: [], delete: [] };
    const q = { project: portal.project };
    for (let round = 0; round < ROUNDS; round++) {
      let vmId = 0;
      http.create.push(
        await timed(
          async () => (vmId = await task('POST', '/services/eseries', body(`bench-http-${round}`))),
        ),
      );
      http.powerOff.push(
        await timed(() =>
          task('POST', `/services/eseries/${vmId}/power_state`, { power_operation: 'powerOff' }),
        ),
      );
      http.powerOn.push(
        await timed(() =>
          task('POST', `/services/eseries/${vmId}/power_state`, { power_operation: 'powerOn' }),
        ),
      );
      http.delete.push(await timed(() => task('DELETE', `/services/eseries/${vmId}`)));

      const name = `direct-http-${round}`;
      direct.create.push(
        await timed(async () => {
          await portal.client.postWait(
            '/1.0/instances',
            {
              name,
              source: { type: 'image', alias: LXD_IMAGE_ALIAS },
              config: { 'limits.cpu': '1', 'limits.memory': '2048MB' },
              devices: {
                root: { type: 'disk', path: '/', pool: 'portal' },
                eth0: { type: 'nic', name: 'eth0', network: 'portalbr0' },
              },
            },
            q,
          );
          await portal.client.putWait(`/1.0/instances/${name}/state`, { action: 'start' }, q);
        }),
      );
      direct.powerOff.push(
        await timed(() =>
          portal.client.putWait(`/1.0/instances/${name}/state`, { action: 'stop', force: true }, q),
        ),
      );
      direct.powerOn.push(
        await timed(() =>
          portal.client.putWait(`/1.0/instances/${name}/state`, { action: 'start' }, q),
        ),
      );
      direct.delete.push(
        await timed(async () => {
          await portal.client.putWait(
            `/1.0/instances/${name}/state`,
            { action: 'stop', force: true },
            q,
          );
          await portal.client.deleteWait(`/1.0/instances/${name}`, q);
        }),
      );
    }
    console.log(
      `Through the portal's HTTP server (request, task, poll until it ends), medians (ms):`,
    );
    console.log('  operation     portal    direct    ratio   (budget ×1.5)');
    for (const op of Object.keys(http)) {
      const p = median(http[op]);
      const d = median(direct[op]);
      console.log(
        `  ${op.padEnd(12)} ${p.toFixed(0).padStart(7)} ${d.toFixed(0).padStart(9)}   ×${(p / d).toFixed(2)}${p / d > 1.5 ? '  over budget' : ''}`,
      );
    }

    await storageAndNetworks(portal, api, task, body);

    console.log(`Creating ${COUNT} VMs through the portal (${CONCURRENCY} at a time)…`);
    const made = [];
    if (COUNT === 0) return;
    for (let i = 0; i < COUNT; i += CONCURRENCY)
      made.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(CONCURRENCY, COUNT - i) }, (_, k) =>
            task('POST', '/services/eseries', body(`bench-list-${i + k}`)),
          ),
        )),
      );
    // The 200 new instances' start-up events settle first (the portal follows each of them).
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const portalReads = [];
    const lxdReads = [];
    let rows = 0;
    for (let i = 0; i < 20; i++) {
      portalReads.push(
        await timed(async () => (rows = (await api('GET', '/services/eseries')).length)),
      );
      lxdReads.push(
        await timed(() => portal.client.get('/1.0/instances', { ...q, query: { recursion: '1' } })),
      );
    }
    const added = median(portalReads) - median(lxdReads);
    console.log(
      `  list of ${rows} VMs (${made.length} on LXD): portal median ${median(portalReads).toFixed(0)} ms, LXD's own list (recursion=1) ${median(lxdReads).toFixed(0)} ms; the portal's read does not wait on LXD (${added >= 0 ? '+' : ''}${added.toFixed(0)} ms, budget under +100 ms)`,
    );
  } finally {
    const left = await portal.client
      .get('/1.0/instances', { project: portal.project })
      .catch(() => []);
    for (let i = 0; i < left.length; i += 10)
      await Promise.all(
        left.slice(i, i + 10).map(async (path) => {
          const name = path.split('?')[0].split('/').pop();
          if (!name.startsWith('bench-') && !name.startsWith('direct-')) return;
          await portal.client
            .putWait(
              `/1.0/instances/${name}/state`,
              { action: 'stop', force: true },
              { project: portal.project },
            )
            .catch(() => undefined);
          await portal.client
            .deleteWait(`/1.0/instances/${name}`, { project: portal.project })
            .catch(() => undefined);
        }),
      );
    await portal.close();
  }
}

/**
 * Volume attach (the task's request to its end) against adding the same disk device to the
 * instance straight in LXD, and network create against creating the same bridge: medians of
 * ROUNDS, on one VM made for it. What each round made is removed before the next.
 */
async function storageAndNetworks(portal, api, task, body) {
  const q = { project: portal.project };
  const vmId = await task('POST', '/services/eseries', body('bench-attach'));
  const instance = (
    await portal.client.get('/1.0/instances', { ...q, query: { recursion: '1' } })
  ).find((each) => each.config['user.portal.vm-id'] === String(vmId));
  const attach = { portal: [], direct: [] };
  const network = { portal: [], direct: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const { volume_id: volumeId } = await api('POST', '/services/storage', {
        name: `bench attach ${round}`,
        type: 'standard',
        location: 'LXD1',
        size_gb: 10,
      });
      // The volume is made first (not measured): only the attach is.
      for (;;) {
        const volume = await api('GET', `/services/storage/${volumeId}`);
        if (volume.state === 'available') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      attach.portal.push(
        await timed(() => task('POST', `/services/storage/${volumeId}/attach`, { vm_id: vmId })),
      );
      await task('POST', `/services/storage/${volumeId}/detach`, {});
      await task('DELETE', `/services/storage/${volumeId}`);

      const volume = `bench-direct-${round}`;
      const pool = '/1.0/storage-pools/portal/volumes/custom';
      // Tagged, so that the portal does not adopt it as a volume made outside it (ADR 041).
      await portal.client.postWait(
        pool,
        { name: volume, config: { 'user.portal.bench': 'direct' } },
        q,
      );
      attach.direct.push(
        await timed(() =>
          portal.client.patchWait(
            `/1.0/instances/${instance.name}`,
            {
              devices: {
                [volume]: { type: 'disk', pool: 'portal', source: volume, path: `/mnt/${volume}` },
              },
            },
            q,
          ),
        ),
      );
      const now = await portal.client.get(`/1.0/instances/${instance.name}`, q);
      const devices = { ...now.devices };
      delete devices[volume];
      await portal.client.putWait(`/1.0/instances/${instance.name}`, { ...now, devices }, q);
      await portal.client.deleteWait(`${pool}/${volume}`, q);

      const cidr = (n) => `10.79.${n}.0/24`;
      let networkId = 0;
      network.portal.push(
        await timed(async () => {
          const reply = await api('POST', '/services/networking', {
            name: `bench-net-${round}`,
            location: 'LXD1',
            vlan_id: 3900 + round,
            cidr: cidr(200 + round),
            gateway_id: null,
            dns_servers: [],
          });
          networkId = reply.id;
          for (;;) {
            const state = await api('GET', `/services/task/${reply.task_id}`);
            if (state.state === 'SUCCESS') break;
            if (state.state === 'FAILURE') throw new Error(`network create: ${state.message}`);
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }),
      );
      await task('DELETE', `/services/networking/${networkId}`);
      const bridge = `benchnet${round}`;
      network.direct.push(
        await timed(() =>
          portal.client.post('/1.0/networks', {
            name: bridge,
            type: 'bridge',
            config: {
              'ipv4.address': `10.79.${220 + round}.1/24`,
              'ipv4.dhcp.ranges': `10.79.${220 + round}.10-10.79.${220 + round}.254`,
              'ipv4.nat': 'false',
              'ipv6.address': 'none',
            },
          }),
        ),
      );
      await portal.client.delete(`/1.0/networks/${bridge}`);
    }
  } finally {
    await task('DELETE', `/services/eseries/${vmId}`).catch(() => undefined);
  }
  console.log('Volume attach and network create through the portal, medians (ms):');
  console.log('  operation        portal    direct    ratio');
  for (const [op, times] of [
    ['volume attach', attach],
    ['network create', network],
  ]) {
    const p = median(times.portal);
    const d = median(times.direct);
    console.log(
      `  ${op.padEnd(15)} ${p.toFixed(0).padStart(7)} ${d.toFixed(0).padStart(9)}   ×${(p / d).toFixed(2)}`,
    );
  }
}
