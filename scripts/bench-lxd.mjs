#!/usr/bin/env node
// `npm run bench:lxd`: create (with start), power off, power on and delete through the LXD compute
// driver against the same calls straight to LXD (the ratio is the driver's overhead), and a read
// of BENCH_LXD_INSTANCES (200) instances. Needs a local LXD (`npm run lxd:setup`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromServer } from './lib/bench-db.mjs';
import { LXD_IMAGE_ALIAS, LXD_SOCKET, lxdAnswers } from './lib/lxd.mjs';

const ROUNDS = Number(process.env.BENCH_LXD_ROUNDS ?? 5);
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

  console.log(`Creating ${COUNT} stopped instances for the list read…`);
  const names = Array.from({ length: COUNT }, (_, i) => `list-${i}`);
  for (let i = 0; i < names.length; i += 10)
    await Promise.all(
      names
        .slice(i, i + 10)
        .map((name) =>
          client.postWait(
            '/1.0/instances',
            { name, source: { type: 'image', alias: LXD_IMAGE_ALIAS } },
            { project },
          ),
        ),
    );
  const reads = [];
  let listed = 0;
  for (let i = 0; i < 5; i++)
    reads.push(
      await timed(async () => {
        listed = (await client.get('/1.0/instances', { project, query: { recursion: '1' } }))
          .length;
      }),
    );
  console.log(
    `  list of ${listed} instances (recursion=1) through the client: median ${median(reads).toFixed(0)} ms`,
  );
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
}
