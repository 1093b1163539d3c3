import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { insertTask } from '../src/platform/tasks/store.ts';
import type { ComputeDriver } from '../src/areas/compute/index.ts';
import { COMPUTE_TASKS, vmTargets } from '../src/areas/compute/tasks.ts';
import { defineArea } from '../src/platform/area.ts';
import type { OperationContext } from '../src/platform/driver.ts';
import { TaskRegistry, withDriver } from '../src/platform/tasks/registry.ts';
import { TaskEngine } from '../src/platform/tasks/worker.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

const quiet = Fastify({ logger: false }).log;

async function tenantId(db: Database, cdbId: string): Promise<number> {
  const rows = await db.query<{ id: number }>('select id from tenants where cdb_id = $1', [cdbId]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no tenant ${cdbId}`);
  return id;
}

async function taskStates(db: Database, ids: readonly number[]) {
  return db.query<{ id: number; state: string; message: string; attempts: number }>(
    'select id, state, message, attempts from tasks where id = any($1::bigint[]) order by id',
    [ids],
  );
}

async function until(condition: () => Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databaseKinds())('the task engine on $kind', ({ kind, open }) => {
  let test: TestDatabase;
  let acme = 0;

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    acme = await tenantId(test.db, 'UZZ100001');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('finishes every unfinished task after a server dies mid-task and another starts', async () => {
    const vms = await test.db.query<{ id: number }>(
      'select id from vms where tenant_id = $1 order by id',
      [acme],
    );
    const ids: number[] = [];
    for (const vm of vms) {
      for (const name of ['one', 'two']) {
        ids.push(
          await insertTask(test.db, acme, {
            kind: 'vm',
            targetId: vm.id,
            operation: 'CreateSnapshot',
            payload: { op: 'vm.snapshot', body: { snap_op: 'CreateSnapshot', name } },
            createdBy: 'acme@portal.test',
          }),
        );
      }
    }
    const before = await test.db.query<{ count: number }>(
      'select count(*) as count from snapshots where tenant_id = $1',
      [acme],
    );

    // The first server is slow (a snapshot takes 400 ms) and dies while tasks run.
    const first = await testApp(test.db, {
      config: testConfig({ SIMULATOR_SPEED: '10', TASK_POLL_MS: '20', TASK_LEASE_MS: '300' }),
    });
    await first.ready();
    await until(
      async () => (await taskStates(test.db, ids)).some((task) => task.state === 'RUNNING'),
      'a running task',
    );
    // A crash: nothing is handed back, the claims stay until their leases run out.
    await first.tasks.stop({ release: false });
    await first.close();
    const left = await taskStates(test.db, ids);
    expect(left.some((task) => task.state === 'RUNNING')).toBe(true);
    expect(left.some((task) => task.state === 'PENDING')).toBe(true);

    const second = await testApp(await test.openAnother(), {
      config: testConfig({ SIMULATOR_SPEED: '1000', TASK_POLL_MS: '20', TASK_LEASE_MS: '300' }),
    });
    await second.ready();
    try {
      await until(
        async () =>
          (await taskStates(test.db, ids)).every((task) =>
            ['SUCCESS', 'FAILURE'].includes(task.state),
          ),
        'every task to finish',
      );
    } finally {
      await second.close();
    }
    const done = await taskStates(test.db, ids);
    expect(done.every((task) => task.state === 'SUCCESS')).toBe(true);
    expect(done.some((task) => task.attempts > 1)).toBe(true);
    // Each snapshot was taken exactly once, whichever server ran its task.
    const after = await test.db.query<{ count: number }>(
      'select count(*) as count from snapshots where tenant_id = $1',
      [acme],
    );
    expect(Number(after[0]?.count) - Number(before[0]?.count)).toBe(ids.length);
  });

  it.runIf(kind === 'postgres')(
    'finishes the tasks of a server process killed with SIGKILL mid-task',
    async () => {
      const vms = await test.db.query<{ id: number }>(
        'select id from vms where tenant_id = $1 and vwseries_id is null order by id',
        [acme],
      );
      const ids: number[] = [];
      for (const vm of vms) {
        ids.push(
          await insertTask(test.db, acme, {
            kind: 'vm',
            targetId: vm.id,
            operation: 'CreateSnapshot',
            payload: { op: 'vm.snapshot', body: { snap_op: 'CreateSnapshot', name: 'killed' } },
            createdBy: 'acme@portal.test',
          }),
        );
      }
      // The real server process (src/main.ts), slow enough (a snapshot takes 2 s) to be killed
      // while its tasks run.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          ...process.env,
          DATABASE_URL: test.url,
          PORT: '0',
          FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
          PORTAL_DIST: join(tmpdir(), 'no-portal-here'),
          LOG_LEVEL: 'silent',
          SIMULATOR_SPEED: '2',
          TASK_POLL_MS: '20',
          TASK_LEASE_MS: '500',
        },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await until(
          async () => (await taskStates(test.db, ids)).some((task) => task.state === 'RUNNING'),
          'the server process to start a task',
          30_000,
        );
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      expect((await taskStates(test.db, ids)).some((task) => task.state === 'RUNNING')).toBe(true);

      const second = await testApp(test.db, {
        config: testConfig({ SIMULATOR_SPEED: '1000', TASK_POLL_MS: '20', TASK_LEASE_MS: '500' }),
      });
      await second.ready();
      try {
        await until(
          async () => (await taskStates(test.db, ids)).every((task) => task.state === 'SUCCESS'),
          'every task to finish after the kill',
        );
      } finally {
        await second.close();
      }
      const taken = await test.db.query<{ count: number }>(
        "select count(*) as count from snapshots where tenant_id = $1 and name = 'killed'",
        [acme],
      );
      expect(Number(taken[0]?.count)).toBe(ids.length);
    },
    60_000,
  );

  it('runs a batch of tasks exactly once across two server instances', async () => {
    const runs = new Map<number, string[]>();
    // The platform is stubbed here only to count: each server's driver notes every run.
    const driverFor = (server: string) =>
      ({
        name: 'counting',
        async catalogue() {
          return { regions: [], plans: [], images: [], media: [], disk: { min_gb: 1, max_gb: 1 } };
        },
        async refresh(ctx: OperationContext) {
          runs.set(ctx.taskId, [...(runs.get(ctx.taskId) ?? []), server]);
          await new Promise((resolve) => setTimeout(resolve, 5 + (ctx.taskId % 4) * 5));
          return 'counted';
        },
      }) as unknown as ComputeDriver;
    // Compute's tasks alone, on the counting driver at every site.
    const counting = (server: string) => [
      defineArea<ComputeDriver>({
        name: 'compute',
        tasks: COMPUTE_TASKS,
        targets: [vmTargets],
        drivers: { simulator: () => driverFor(server) },
      }),
    ];
    const env = { TASK_POLL_MS: '10', TASK_CONCURRENCY: '4' };
    // Two servers, each with its own connection pool (PGlite: the one embedded instance).
    const servers = [
      await testApp(test.db, { config: testConfig(env), areas: counting('a') }),
      await testApp(await test.openAnother(), { config: testConfig(env), areas: counting('b') }),
    ];
    const ids: number[] = [];
    for (let i = 0; i < 80; i++) {
      ids.push(
        await insertTask(test.db, acme, {
          kind: 'vm',
          // Targets no VM has: distinct targets may run in parallel.
          targetId: 1_000_000 + i,
          operation: 'refresh',
          payload: { op: 'vm.refresh' },
          createdBy: null,
        }),
      );
    }
    await Promise.all(servers.map((server) => server.ready()));
    try {
      await until(
        async () => (await taskStates(test.db, ids)).every((task) => task.state === 'SUCCESS'),
        'the batch',
      );
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((servers) => servers.length === 1)).toBe(true);
    const owners = new Set([servers[0]?.tasks.owner, servers[1]?.tasks.owner]);
    const byOwner = await test.db.query<{ lease_owner: string; count: number }>(
      `select lease_owner, count(*) as count from tasks where id = any($1::bigint[])
        group by lease_owner`,
      [ids],
    );
    expect(byOwner.every((row) => owners.has(row.lease_owner))).toBe(true);
    expect(byOwner.reduce((sum, row) => sum + Number(row.count), 0)).toBe(ids.length);
    // On PostgreSQL both servers took a share of the work.
    if (kind === 'postgres')
      expect(new Set([...runs.values()].map(([server]) => server)).size).toBe(2);
  });

  it('runs a task once when the event loop is blocked for longer than its lease', async () => {
    // The worker's own lease setting, shorter than the default 15 s, so that the block outlasting
    // it (by half a lease) takes seconds rather than 20 s per database. Nothing else claims the
    // task, and the worker never claims its own running tasks, so a lease that lapses early on a
    // busy machine cannot run it twice either way.
    const leaseMs = 4_000;
    const blockMs = 6_000;
    expect(leaseMs).toBeLessThan(testConfig().tasks.leaseMs);
    expect(blockMs).toBeGreaterThan(leaseMs);
    const runs: number[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const driver = {
      name: 'blocked',
      async refresh(ctx: OperationContext) {
        runs.push(ctx.taskId);
        await released;
        return 'ok';
      },
    } as unknown as ComputeDriver;
    const refresh = COMPUTE_TASKS.find((task) => task.op === 'vm.refresh');
    if (!refresh) throw new Error('no vm.refresh task');
    const worker = new TaskEngine(
      test.db,
      quiet,
      { pollMs: 10, leaseMs, concurrency: 8 },
      new TaskRegistry([withDriver(refresh, driver)]),
    );
    const id = await insertTask(test.db, acme, {
      kind: 'vm',
      targetId: 4_000_000,
      operation: 'refresh',
      payload: { op: 'vm.refresh' },
      createdBy: null,
    });
    worker.start();
    try {
      await until(async () => runs.length > 0, 'the task to start');
      // The whole process stops (a slow request, say): no timer runs, no lease is renewed.
      const blockedUntil = Date.now() + blockMs;
      while (Date.now() < blockedUntil);
      // Then a moment in which the worker's poll and renew timers, all overdue, both run.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      release();
      await until(
        async () => (await taskStates(test.db, [id]))[0]?.state === 'SUCCESS',
        'the blocked task',
      );
    } finally {
      release();
      await worker.stop();
    }
    expect(runs).toEqual([id]);
    expect((await taskStates(test.db, [id]))[0]?.attempts).toBe(1);
  }, 90_000);

  it('runs the tasks of one VM one after another, in order', async () => {
    const order: number[] = [];
    const driver = {
      name: 'ordered',
      async refresh(ctx: OperationContext) {
        order.push(ctx.taskId);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 'ok';
      },
    } as unknown as ComputeDriver;
    const refresh = COMPUTE_TASKS.find((task) => task.op === 'vm.refresh');
    if (!refresh) throw new Error('no vm.refresh task');
    const worker = new TaskEngine(
      test.db,
      quiet,
      { pollMs: 10, leaseMs: 5_000, concurrency: 8 },
      new TaskRegistry([withDriver(refresh, driver)]),
    );
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await insertTask(test.db, acme, {
          kind: 'vm',
          targetId: 2_000_000,
          operation: 'refresh',
          payload: { op: 'vm.refresh' },
          createdBy: null,
        }),
      );
    }
    worker.start();
    try {
      await until(
        async () => (await taskStates(test.db, ids)).every((task) => task.state === 'SUCCESS'),
        'the sequence',
      );
    } finally {
      await worker.stop();
    }
    expect(order).toEqual(ids);
  });

  it('fails a task the engine cannot read, with a message, instead of leaving it stuck', async () => {
    const id = await insertTask(test.db, acme, {
      kind: 'vm',
      targetId: 3_000_000,
      operation: 'mystery',
      payload: { op: 'vm.teleport' },
      createdBy: null,
    });
    const worker = new TaskEngine(
      test.db,
      quiet,
      { pollMs: 10, leaseMs: 5_000, concurrency: 1 },
      new TaskRegistry(),
    );
    worker.start();
    try {
      await until(
        async () => (await taskStates(test.db, [id]))[0]?.state === 'FAILURE',
        'the failure',
      );
    } finally {
      await worker.stop();
    }
    expect((await taskStates(test.db, [id]))[0]?.message).toBe('The task does not say what to do.');
  });
});
