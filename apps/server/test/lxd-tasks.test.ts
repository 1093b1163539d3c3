// Tasks on an LXD site when things go wrong: the server dies while LXD builds a VM (another
// server finishes the task from LXD's real state, making nothing twice), and LXD stops answering
// while a task runs (the task fails within seconds with a sentence, reads answer 503, nothing
// hangs, and the portal shows LXD's real state once LXD is back).
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '@portal/api/contract';
import { loadConfig } from '../src/config.ts';
import { SIMULATED_SITE } from '../src/platform/sites.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { FAST, computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer } from './helpers/identity.ts';
import { LXD_SOCKET, createBody, localLxd, runTag, tenantInstallation } from './helpers/lxd.ts';
import { owns } from '../src/platform/lxd/ownership.ts';

/** The installation (migration 026) whose LXD objects this file looks for. */
let owner = '';

const lxd = await localLxd('lxd tasks');
/** Acme's project for the installation under test (ADR 045). */
let project = '';

interface LxdInstance {
  name: string;
  status: string;
  config: Record<string, string>;
}

const instancesOf = async (vmId: number) =>
  (
    (await lxd?.get<LxdInstance[]>('/1.0/instances', {
      project,
      query: { recursion: '1' },
    })) ?? []
  ).filter((each) => owns(each.config, owner, 'user.portal.vm-id', vmId));

async function removeInstances(vmId: number): Promise<void> {
  for (const left of await instancesOf(vmId)) {
    const path = `/1.0/instances/${left.name}`;
    if (left.status !== 'Stopped')
      await lxd?.putWait(`${path}/state`, { action: 'stop', force: true }, { project });
    await lxd?.deleteWait(path, { project });
  }
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A unix socket in front of LXD's that can be cut: what the portal sees when the LXD daemon dies
 * (open connections reset, new ones refused), without stopping the machine's LXD for other tests.
 */
class LxdLine {
  readonly path: string;
  private server: Server | null = null;
  private readonly open = new Set<Socket>();
  constructor(private readonly dir: string) {
    this.path = join(dir, 'lxd.socket');
  }
  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(LXD_SOCKET);
      for (const socket of [client, upstream]) {
        this.open.add(socket);
        socket.on('close', () => this.open.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.path);
    await once(this.server, 'listening');
  }
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.open) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
  get dirPath(): string {
    return this.dir;
  }
}

const taskRow = async (test: TestDatabase, id: number) =>
  (
    await test.db.query<{ state: string; attempts: number; message: string | null }>(
      'select state, attempts, message from tasks where id = $1',
      [id],
    )
  )[0];

describe.runIf(lxd).each(databaseKinds())(
  'LXD tasks that meet trouble, $kind',
  ({ kind, open }) => {
    let test: TestDatabase;
    let fx: ComputeFixture;
    let catalogue: Catalogue;
    const line = new LxdLine(mkdtempSync(join(tmpdir(), 'lxd-line-')));
    const site = () => loadConfig({ LXD_SOCKET: line.path }).sites.lxd.site;
    const vms: number[] = [];
    /** The server that took over from the one that died (the first test starts it). */
    let second: FastifyInstance | null = null;
    const call = (method: 'GET' | 'POST', url: string, body?: object) => {
      if (!second) throw new Error('no second server');
      return second.inject({
        method,
        url: `/api${url}`,
        headers: bearer(fx.tokens.acme),
        ...(body ? { payload: body } : {}),
      });
    };
    const waitTask = async (taskId: number, ms: number) => {
      await until(
        async () => ['SUCCESS', 'FAILURE'].includes((await taskRow(test, taskId))?.state ?? ''),
        `task ${taskId} to end`,
        ms,
      );
      const data = (await call('GET', `/services/task/${taskId}`)).json<{
        data: { state: string; message: string };
      }>().data;
      return { state: data.state, message: data.message };
    };

    beforeAll(async () => {
      await line.up();
      test = await open();
      // A short lease, so that a dead server's task is taken over within seconds.
      fx = await computeFixture(
        test,
        { TASK_LEASE_MS: '1500' },
        { sites: [SIMULATED_SITE, site()] },
      );
      ({ owner, project } = await tenantInstallation(test.db));
      await test.db.query(`select setval(pg_get_serial_sequence('vms', 'id'), $1::bigint)`, [
        kind === 'postgres' ? 740_000 : 730_000,
      ]);
      catalogue = (await fx.call('acme', 'GET', '/services/eseries/catalogue')).json<{
        data: Catalogue;
      }>().data;
    }, 120_000);

    afterAll(async () => {
      await line.cut();
      for (const vm of vms) await removeInstances(vm);
      await second?.close();
      await fx?.close();
      await test?.dispose();
      rmSync(line.dirPath, { recursive: true, force: true });
    }, 60_000);

    it('finishes a creation from LXD’s real state after the server died mid-task, making one instance', async () => {
      const created = await fx.call(
        'acme',
        'POST',
        '/services/eseries',
        createBody(catalogue, `crash-${kind}-${runTag()}`),
      );
      expect(created.statusCode).toBe(202);
      const vmId = created.json<{ data: { vm_id: number; task_id: number } }>().data.vm_id;
      const taskId = created.json<{ data: { task_id: number } }>().data.task_id;
      vms.push(vmId);

      // The server dies once LXD has the instance, before the task could finish.
      await until(async () => (await instancesOf(vmId)).length > 0, 'the instance in LXD');
      await fx.app.tasks.stop({ release: false });
      expect((await taskRow(test, taskId))?.state).toBe('RUNNING');

      // Another server on the same database takes the task over when the lease runs out.
      second = await testApp(await test.openAnother(), {
        config: testConfig({ ...FAST, TASK_LEASE_MS: '1500' }),
        sites: [SIMULATED_SITE, site()],
      });
      await second.ready();
      {
        await until(
          async () => ['SUCCESS', 'FAILURE'].includes((await taskRow(test, taskId))?.state ?? ''),
          'the task to end',
        );
        const row = await taskRow(test, taskId);
        expect(row).toMatchObject({ state: 'SUCCESS' });
        expect(row?.attempts).toBeGreaterThan(1);
        const instances = await instancesOf(vmId);
        expect(instances).toHaveLength(1);
        expect(instances[0]?.status).toBe('Running');
        const vm = (await call('GET', `/services/eseries/${vmId}`)).json<{
          data: { power_state: string };
        }>().data;
        expect(vm.power_state).toBe('poweredOn');
      }
    }, 180_000);

    it('fails a task with a sentence when LXD stops mid-task, answers reads with 503, and shows LXD’s real state once it is back', async () => {
      const created = await call(
        'POST',
        '/services/eseries',
        createBody(catalogue, `down-${kind}-${runTag()}`),
      );
      const vmId = created.json<{ data: { vm_id: number } }>().data.vm_id;
      vms.push(vmId);
      expect(
        await waitTask(created.json<{ data: { task_id: number } }>().data.task_id, 90_000),
      ).toMatchObject({ state: 'SUCCESS' });

      const off = await call('POST', `/services/eseries/${vmId}/power_state`, {
        power_operation: 'powerOff',
      });
      expect(off.statusCode).toBe(202);
      const offTask = off.json<{ data: { task_id: number } }>().data.task_id;
      await until(
        async () => (await taskRow(test, offTask))?.state !== 'PENDING',
        'the task to start',
      );
      await line.cut();
      const started = Date.now();
      expect(await waitTask(offTask, 30_000)).toEqual({
        state: 'FAILURE',
        message: 'The LXD server at LXD1 does not answer right now. Try again in a few minutes.',
      });
      expect(Date.now() - started).toBeLessThan(15_000);

      // Reads that need LXD answer at once with a sentence; the rest of the portal keeps working.
      const metrics = await call(
        'GET',
        `/services/eseries/${vmId}/metrics?metric=cpu&range=1h&step=60`,
      );
      expect(metrics.statusCode).toBe(503);
      expect(metrics.json<{ message: string }>().message).toMatch(/LXD1 does not answer/);
      expect((await call('GET', '/services/eseries')).statusCode).toBe(200);
      // The site that does not answer drops out of the catalogue (read from LXD at most every
      // 10 s); the simulated ones stay.
      const locations = async () => {
        const down = await call('GET', '/services/eseries/catalogue');
        expect(down.statusCode).toBe(200);
        return down
          .json<{ data: Catalogue }>()
          .data.regions.flatMap((region) => region.sites.map((each) => each.location));
      };
      await expect.poll(locations, { timeout: 20_000, interval: 500 }).not.toContain('LXD1');
      expect(await locations()).toContain('AMS1');

      // LXD is back: the portal shows the power state LXD really has, whatever the cut left.
      await line.up();
      const refresh = await call('POST', `/services/eseries/${vmId}`);
      expect(
        await waitTask(refresh.json<{ data: { task_id: number } }>().data.task_id, 60_000),
      ).toMatchObject({ state: 'SUCCESS' });
      const real = (await instancesOf(vmId))[0]?.status === 'Running' ? 'poweredOn' : 'poweredOff';
      const vm = (await call('GET', `/services/eseries/${vmId}`)).json<{
        data: { power_state: string; task_id: number | null };
      }>().data;
      expect(vm.power_state).toBe(real);
      expect(vm.task_id).toBeNull();
    }, 240_000);
  },
);
