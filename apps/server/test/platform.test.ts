import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVm } from '../src/areas/compute/repository/vms.ts';
import type { Database } from '../src/db/database.ts';
import { seedDemoData, DEMO_PASSWORD } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { conflict } from '../src/errors.ts';
import { DriverError } from '../src/platform/driver.ts';
import {
  defineTask,
  TaskRegistry,
  withDriver,
  UNREADABLE_TASK_MESSAGE,
} from '../src/platform/tasks/registry.ts';
import { NONE, taskRoute, type TypeBoxApp } from '../src/platform/tasks/route.ts';
import type { TaskRecord } from '../src/platform/tasks/store.ts';
import { testApp } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

interface Lamp {
  switch(on: boolean): Promise<{ on: boolean }>;
}

const lampTask = defineTask({
  area: 'compute',
  op: 'lamp.switch',
  kind: 'lamp',
  label: (payload: { on: boolean }) => (payload.on ? 'Switch on' : 'Switch off'),
  operation: () => 'switch',
  payload: Type.Object({ on: Type.Boolean() }),
  run: (ctx: { driver: Lamp }, task) => ctx.driver.switch(task.payload.on),
  apply: async (_tx, _task, facts) => `The lamp is ${facts.on ? 'on' : 'off'}.`,
});

const record = (payload: unknown): TaskRecord => ({
  id: 1,
  tenantId: 1,
  tenantCdbId: 'UZZ100001',
  kind: 'lamp',
  targetId: 7,
  operation: 'switch',
  state: 'RUNNING',
  message: '',
  payload,
  attempts: 1,
  leaseOwner: 'me',
  createdBy: null,
  targetName: null,
});

describe('the task registry', () => {
  const ctx = (lamp: Lamp) => ({
    taskId: 1,
    tenantId: 1,
    tenantCode: 'UZZ100001',
    signal: new AbortController().signal,
    driver: lamp,
    db: { query: async () => [], exec: async () => undefined },
  });

  it('finds a definition by the op its payload stores, and labels it', () => {
    const lamp: Lamp = { switch: async (on) => ({ on }) };
    const registry = new TaskRegistry([withDriver(lampTask, lamp)]);
    const stored = lampTask.stored({ on: false });
    expect(stored).toEqual({ op: 'lamp.switch', on: false });
    expect(registry.find(stored)?.labelOf(stored)).toBe('Switch off');
    expect(registry.find({ op: 'lamp.dim' })).toBeUndefined();
    expect(registry.find('lamp.switch')).toBeUndefined();
    expect(() => registry.add(withDriver(lampTask, lamp))).toThrow(/defined twice/);
  });

  it('runs the driver and applies its facts; an unreadable payload fails with a sentence', async () => {
    const lamp: Lamp = { switch: async (on) => ({ on }) };
    const apply = await lampTask.execute(ctx(lamp), record({ op: 'lamp.switch', on: true }));
    expect(await apply({ query: async () => [], exec: async () => undefined })).toBe(
      'The lamp is on.',
    );
    await expect(
      lampTask.execute(ctx(lamp), record({ op: 'lamp.switch', on: 'yes' })),
    ).rejects.toThrow(new DriverError(UNREADABLE_TASK_MESSAGE));
  });
});

describe.each(databaseKinds())('the task route helper on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: Awaited<ReturnType<typeof testApp>>;
  let token = '';
  let tenantId = 0;

  const count = async (db: Database, sql: string) =>
    Number((await db.query<{ n: number }>(sql, [tenantId]))[0]?.n);

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    tenantId =
      (await test.db.query<{ id: number }>("select id from tenants where cdb_id = 'UZZ100001'"))[0]
        ?.id ?? 0;
    const plugin = async (api: TypeBoxApp) => {
      taskRoute(api, {
        method: 'POST',
        url: '/test/lamps/:id',
        access: { area: 'compute', level: 'manage' },
        schema: {
          tags: ['test'],
          summary: 'Switch a lamp',
          params: Type.Object({ id: Type.Integer() }),
          body: Type.Object({ on: Type.Boolean(), fail: Type.Boolean() }),
          querystring: NONE,
        },
        definition: lampTask,
        audit: { action: 'lamp.switch', target: ({ params }) => `lamp:${params.id}` },
        prepare: async (tx, caller, { params, body }) => {
          // A record written by the precondition check, then a refusal: nothing may remain.
          await insertVm(tx, caller.tenantId, {
            displayName: 'half-made',
            status: 'trial',
            powerState: 'poweredOff',
            os: { name: 'Debian', version: '13', guest_full_name: 'x' },
            vcpus: 1,
            memoryMb: 1024,
            diskSizeGb: 10,
            planId: 'std-1',
            location: 'AMS1',
            cluster: 'AMS1-CL01',
            adapters: [],
            vsnap: false,
            monitoring: false,
          });
          if (body.fail) throw conflict('The lamp is broken.');
          return { target: { id: params.id, name: `lamp ${params.id}` }, payload: { on: body.on } };
        },
      });
    };
    app = await testApp(test.db, { apiPlugins: [plugin] });
    await app.ready();
    // No worker: the lamp tasks stay open, as this test needs.
    await app.tasks.stop();
    token = await signIn('acme@portal.test', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  const post = (id: number, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/test/lamps/${id}`,
      headers: bearer(token),
      payload: body as object,
    });

  it('writes the task, the record and the audit row together, and answers 202', async () => {
    const reply = await post(41, { on: true, fail: false });
    expect(reply.statusCode, reply.body).toBe(202);
    const taskId = reply.json<{ data: { task_id: number } }>().data.task_id;
    const rows = await test.db.query<{ label: string; target_name: string; payload: unknown }>(
      'select label, target_name, payload from tasks where id = $1',
      [taskId],
    );
    expect(rows[0]).toMatchObject({
      label: 'Switch on',
      target_name: 'lamp 41',
      payload: { op: 'lamp.switch', on: true },
    });
    const audits = await test.db.query<{ result: string }>(
      "select result from audit_log where action = 'lamp.switch' and detail->>'task_id' = $1",
      [String(taskId)],
    );
    expect(audits.map((row) => row.result)).toEqual(['success']);
  });

  it('a refused request changes nothing: no task, no record, only a failure in the audit', async () => {
    const vmSql =
      "select count(*) as n from vms where tenant_id = $1 and display_name = 'half-made'";
    const taskSql = "select count(*) as n from tasks where tenant_id = $1 and kind = 'lamp'";
    const [vms, tasks] = [await count(test.db, vmSql), await count(test.db, taskSql)];
    const reply = await post(42, { on: true, fail: true });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ message: 'The lamp is broken.' });
    expect(await count(test.db, vmSql)).toBe(vms);
    expect(await count(test.db, taskSql)).toBe(tasks);
    const audits = await test.db.query<{ result: string; target: string }>(
      "select result, target from audit_log where action = 'lamp.switch' order by id desc limit 1",
    );
    expect(audits[0]).toEqual({ result: 'failure', target: 'lamp:42' });
  });

  it('answers 409 for a sixth open task on one target', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(43, { on: true, fail: false })).statusCode).toBe(202);
    const sixth = await post(43, { on: false, fail: false });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<{ message: string }>().message).toMatch(/lamp 43 already has 5 operations/);
  });
});
