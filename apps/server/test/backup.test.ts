import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupArea } from '../src/areas/backup/index.ts';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Ids {
  /** acme's backup tenant the matrix works on (created by the test). */
  uuid: string;
  /** globex's demo backup tenant (globex is a viewer). */
  globex: string;
  task: number;
}

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: unknown;
  ok: number;
  bad: { url?: (ids: Ids) => string; body?: unknown; field: string };
  /** Addresses one of acme's backup tenants: another tenant gets 404. */
  foreign: boolean;
  /** A change: a viewer gets 403. */
  manage: boolean;
}

const RETENTION = { keep_last: 3, daily: 2, weekly: 1, monthly: 1, yearly: 0 };
const createBody = (name: string, quota = 500) => ({
  name,
  location: 'TYO1',
  product: 'Veeam Cloud Connect',
  quota_gb: quota,
  warning_percent: 80,
  retention: RETENTION,
});

const item = (ids: Ids) => `/services/backup/${ids.uuid}`;
const NOT_A_UUID = '/services/backup/not-a-uuid';

const CASES: RouteCase[] = [
  {
    name: 'GET /services/backup',
    method: 'GET',
    url: () => '/services/backup',
    ok: 200,
    bad: { url: () => '/services/backup?sort=colour', field: 'sort' },
    foreign: false,
    manage: false,
  },
  {
    name: 'POST /services/backup',
    method: 'POST',
    url: () => '/services/backup',
    body: createBody('matrix-extra'),
    ok: 202,
    bad: { body: { ...createBody('x'), quota_gb: 1 }, field: 'quota_gb' },
    foreign: false,
    manage: true,
  },
  {
    name: 'GET /services/backup/task_status/{id}',
    method: 'GET',
    url: (ids) => `/services/backup/task_status/${ids.task}`,
    ok: 200,
    bad: { url: () => '/services/backup/task_status/abc', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/backup/{id}',
    method: 'GET',
    url: item,
    ok: 200,
    bad: { url: () => NOT_A_UUID, field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'PATCH /services/backup/{id}/quota',
    method: 'PATCH',
    url: (ids) => `${item(ids)}/quota`,
    body: { quota_gb: 600, alerts: [{ kind: 'percent', value: 50 }] },
    ok: 200,
    bad: { body: { alerts: [{ kind: 'gb', value: 900 }] }, field: 'alerts.0.value' },
    foreign: true,
    manage: true,
  },
  {
    name: 'GET /services/backup/{id}/jobs',
    method: 'GET',
    url: (ids) => `${item(ids)}/jobs`,
    ok: 200,
    bad: { url: () => `${NOT_A_UUID}/jobs`, field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/backup/{id}/restore_points',
    method: 'GET',
    url: (ids) => `${item(ids)}/restore_points?limit=2`,
    ok: 200,
    bad: { url: (ids) => `${item(ids)}/restore_points?sort=name`, field: 'sort' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/backup/{id}/usage',
    method: 'GET',
    url: (ids) => `${item(ids)}/usage`,
    ok: 200,
    bad: { url: () => `${NOT_A_UUID}/usage`, field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'PUT /services/backup/{id}/enabled',
    method: 'PUT',
    url: (ids) => `${item(ids)}/enabled`,
    body: { enabled: true },
    ok: 200,
    bad: { body: { enabled: 'yes' }, field: 'enabled' },
    foreign: true,
    manage: true,
  },
  {
    name: 'PUT /services/backup/{id}/retention',
    method: 'PUT',
    url: (ids) => `${item(ids)}/retention`,
    body: { retention: RETENTION },
    ok: 200,
    bad: { body: { retention: { ...RETENTION, keep_last: 0 } }, field: 'retention.keep_last' },
    foreign: true,
    manage: true,
  },
  {
    name: 'POST /services/backup/{id}/jobs',
    method: 'POST',
    url: (ids) => `${item(ids)}/jobs`,
    ok: 202,
    bad: { url: () => `${NOT_A_UUID}/jobs`, field: 'id' },
    foreign: true,
    manage: true,
  },
];

interface Tenant {
  uuid: string;
  name: string;
  state: string;
  quota_gb: number;
  used_gb: number;
  protected_machines: number;
  restore_points: number;
  last_job: { result: string; message: string; at: string } | null;
  alerts: { kind: string; value: number; triggered_at: string | null }[];
}

describe.each(databaseKinds())('backup routes on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  const ids = {} as Ids;

  const started = async (who: Who, method: Method, url: string, body?: unknown) => {
    const reply = await fx.call(who, method, url, body);
    expect(reply.statusCode, reply.body).toBe(202);
    return reply.json<{
      data: { task_id: number; uuid?: string; agent_account?: string; agent_secret?: string };
    }>().data;
  };
  /** Polls the specification's backup task status until the task ends. */
  const settled = async (who: Who, taskId: number) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const reply = await fx.call(who, 'GET', `/services/backup/task_status/${taskId}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const data = reply.json<{ data: { state: string; message: string } }>().data;
      if (data.state === 'SUCCESS' || data.state === 'FAILURE') return data;
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${data.state}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  };
  const read = async (who: Who, uuid: string) => {
    const reply = await fx.call(who, 'GET', `/services/backup/${uuid}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ data: Tenant & { agent_account: string } }>().data;
  };
  const create = async (who: Who, name: string, quota = 500) => {
    const accepted = await started(who, 'POST', '/services/backup', createBody(name, quota));
    return { accepted, outcome: await settled(who, accepted.task_id) };
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    const { accepted, outcome } = await create('acme', 'matrix');
    expect(outcome).toEqual({ state: 'SUCCESS', message: 'Backup Tenant has been created' });
    ids.uuid = accepted.uuid ?? '';
    ids.task = accepted.task_id;
    const globex = await fx.call('globex', 'GET', '/services/backup');
    ids.globex = globex.json<{ data: Tenant[] }>().data[0]?.uuid ?? '';
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  describe.each(CASES)('$name', (route) => {
    it('answers a good call', async () => {
      const reply = await fx.call('acme', route.method, route.url(ids), route.body);
      expect(reply.statusCode, reply.body).toBe(route.ok);
      expect(reply.json<{ data: unknown }>().data).toBeTruthy();
    });

    it('refuses a bad input with 400 naming the field', async () => {
      const url = route.bad.url?.(ids) ?? route.url(ids);
      const reply = await fx.call('acme', route.method, url, route.bad.body ?? route.body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ field: route.bad.field });
    });

    it('answers 401 without a token', async () => {
      const reply = await fx.call(null, route.method, route.url(ids), route.body);
      expect(reply.statusCode).toBe(401);
    });
  });

  describe.each(CASES.filter((route) => route.foreign))('$name', (route) => {
    it("answers 404 for another tenant's backup tenant", async () => {
      const reply = await fx.call('poc', route.method, route.url(ids), route.body);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe.each(CASES.filter((route) => route.manage))('$name', (route) => {
    it('refuses a viewer with 403', async () => {
      const url = route.foreign ? route.url({ ...ids, uuid: ids.globex }) : route.url(ids);
      const reply = await fx.call('globex', route.method, url, route.body);
      expect(reply.statusCode).toBe(403);
    });
  });

  it('shows the agent secret once, keeps only its hash and never audits it', async () => {
    const { accepted } = await create('acme', 'secretive');
    expect(accepted.agent_secret).toMatch(/^[\w-]{32}$/);
    const tenant = await read('acme', accepted.uuid ?? '');
    expect(tenant).toMatchObject({ name: 'secretive', agent_account: accepted.agent_account });
    expect(JSON.stringify(tenant)).not.toContain(accepted.agent_secret);
    const audit = await test.db.query<{ detail: unknown }>('select detail from audit_log');
    expect(JSON.stringify(audit)).not.toContain(accepted.agent_secret);
    const stored = await test.db.query<{ row: unknown }>(
      'select row_to_json(b) as row from backup_tenants b where uuid = $1',
      [accepted.uuid],
    );
    expect(JSON.stringify(stored)).not.toContain(accepted.agent_secret);
  });

  it("lists only the caller's own backup tenants", async () => {
    const acme = (await fx.call('acme', 'GET', '/services/backup')).json<{ data: Tenant[] }>();
    const globex = (await fx.call('globex', 'GET', '/services/backup')).json<{ data: Tenant[] }>();
    expect(acme.data.map((tenant) => tenant.name)).toEqual(
      expect.arrayContaining(['acme-production', 'matrix']),
    );
    expect(globex.data.map((tenant) => tenant.name)).toEqual(['globex-stores']);
  });

  it('fails a creation whose name is taken in the tenant, and marks it failed', async () => {
    const { accepted, outcome } = await create('acme', 'matrix');
    expect(outcome).toEqual({
      state: 'FAILURE',
      message: 'A backup tenant named matrix already exists in your tenant.',
    });
    expect((await read('acme', accepted.uuid ?? '')).state).toBe('failed');
  });

  it("fails a creation whose quota is above the tenant's allowance", async () => {
    const { outcome } = await create('poc', 'too-big', 600);
    expect(outcome).toEqual({
      state: 'FAILURE',
      message:
        "A quota of 600 GB is above your tenant's backup allowance: 500 GB of 500 GB is still free.",
    });
  });

  it('runs a job now, then over the hard quota fails the next one with a sentence', async () => {
    const { accepted } = await create('acme', 'quota-test', 1000);
    const uuid = accepted.uuid ?? '';
    const job = await started('acme', 'POST', `/services/backup/${uuid}/jobs`);
    expect(await settled('acme', job.task_id)).toMatchObject({ state: 'SUCCESS' });
    const done = await read('acme', uuid);
    expect(done).toMatchObject({ state: 'active', last_job: { result: expect.any(String) } });
    // The job has run when it is recorded: its end is not ahead of the clock.
    expect(Date.parse(done.last_job?.at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(done.used_gb).toBeGreaterThan(0);
    expect(done.protected_machines).toBeGreaterThan(0);
    expect(done.restore_points).toBe(1);

    const patched = await fx.call('acme', 'PATCH', `/services/backup/${uuid}/quota`, {
      quota_gb: 10,
      alerts: [{ kind: 'percent', value: 50 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ data: Tenant }>().data).toMatchObject({
      quota_gb: 10,
      state: 'over_quota',
      alerts: [{ kind: 'percent', value: 50, triggered_at: expect.any(String) }],
    });
    const fired = await test.db.query(
      "select 1 from audit_log where action = 'backup.quota_alert' and detail ->> 'uuid' = $1",
      [uuid],
    );
    expect(fired).toHaveLength(1);

    const refused = await started('acme', 'POST', `/services/backup/${uuid}/jobs`);
    const outcome = await settled('acme', refused.task_id);
    expect(outcome.state).toBe('FAILURE');
    expect(outcome.message).toMatch(
      /^The job needs [\d.]+ GB but only 0 GB of the 10 GB hard quota is free; raise the quota or keep fewer restore points\.$/,
    );
    const after = await read('acme', uuid);
    expect(after).toMatchObject({
      state: 'over_quota',
      last_job: { result: 'failed', message: outcome.message },
    });
    const jobs = (await fx.call('acme', 'GET', `/services/backup/${uuid}/jobs`)).json<{
      data: { result: string }[];
    }>().data;
    expect(jobs.map((each) => each.result)[0]).toBe('failed');
  });

  it("refuses a quota above the tenant's allowance with 409", async () => {
    const reply = await fx.call('acme', 'PATCH', `/services/backup/${ids.uuid}/quota`, {
      quota_gb: 90_000,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json<{ message: string }>().message).toMatch(/backup allowance/);
  });

  it('disables a backup tenant (no job runs) and enables it again', async () => {
    const off = await fx.call('acme', 'PUT', `/services/backup/${ids.uuid}/enabled`, {
      enabled: false,
    });
    expect(off.json<{ data: Tenant }>().data.state).toBe('disabled');
    const job = await fx.call('acme', 'POST', `/services/backup/${ids.uuid}/jobs`);
    expect(job.statusCode).toBe(409);
    const on = await fx.call('acme', 'PUT', `/services/backup/${ids.uuid}/enabled`, {
      enabled: true,
    });
    expect(on.json<{ data: Tenant }>().data.state).toBe('active');
  });

  it('pages restore points and prunes them by the retention', async () => {
    for (let run = 0; run < 5; run++) {
      const job = await started('acme', 'POST', `/services/backup/${ids.uuid}/jobs`);
      await settled('acme', job.task_id);
    }
    const first = (
      await fx.call('acme', 'GET', `/services/backup/${ids.uuid}/restore_points?limit=2`)
    ).json<{ data: { id: number }[]; page: { next_cursor: string | null; total: number } }>();
    // keep_last 3 (the daily, weekly and monthly rules fall on the same day's newest point).
    expect(first.page.total).toBe(3);
    expect(first.data).toHaveLength(2);
    const next = (
      await fx.call(
        'acme',
        'GET',
        `/services/backup/${ids.uuid}/restore_points?limit=2&cursor=${first.page.next_cursor}`,
      )
    ).json<{ data: { id: number }[]; page: { next_cursor: string | null } }>();
    expect(next.data).toHaveLength(1);
    expect(next.page.next_cursor).toBeNull();
    const usage = (await fx.call('acme', 'GET', `/services/backup/${ids.uuid}/usage`)).json<{
      data: { points: [number, number][] };
    }>().data;
    expect(usage.points.length).toBeGreaterThanOrEqual(5);
  });

  it('counts protected machines as backup-agent seats', async () => {
    const acme = await test.db.query<{ id: number }>(
      "select id from tenants where cdb_id = 'UZZ100001'",
    );
    const counter = backupArea.facts.seats?.find((each) => each.product === 'backup-agent');
    const holders = (await counter?.holders(test.db, acme[0]?.id ?? 0)) ?? [];
    const tenant = await read('acme', ids.uuid);
    expect(holders.filter((holder) => holder.id.startsWith(ids.uuid))).toHaveLength(
      tenant.protected_machines,
    );
    expect(holders.every((holder) => holder.kind === 'machine')).toBe(true);
  });

  it('deletes a backup tenant as a task (viewer 403, another tenant 404, no token 401)', async () => {
    const { accepted } = await create('acme', 'doomed');
    const url = `/services/backup/${accepted.uuid}`;
    expect((await fx.call('poc', 'DELETE', url)).statusCode).toBe(404);
    expect((await fx.call('globex', 'DELETE', `/services/backup/${ids.globex}`)).statusCode).toBe(
      403,
    );
    expect((await fx.call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await fx.call('acme', 'DELETE', NOT_A_UUID)).json()).toMatchObject({ field: 'id' });
    const removal = await started('acme', 'DELETE', url);
    expect(await settled('acme', removal.task_id)).toEqual({
      state: 'SUCCESS',
      message: 'The backup tenant doomed was deleted.',
    });
    expect((await fx.call('acme', 'GET', url)).statusCode).toBe(404);
  });
});
