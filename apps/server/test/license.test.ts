import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicenseSubscription, LicenseSummary } from '@portal/api/contract';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';

interface Ids {
  /** acme's long-running Windows subscription, the short one expiring soon, the expired RHEL one. */
  windows: number;
  windowsExpiring: number;
  rhelExpired: number;
  /** acme's Windows VM (plant-scada). */
  windowsVm: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** Runs before the good call (what it needs to exist). */
  before?: (fx: ComputeFixture, ids: Ids) => Promise<void>;
  bad: { url?: (ids: Ids) => string; body?: unknown; field: string };
  /** Addresses one of acme's subscriptions: another tenant gets 404. */
  foreign: boolean;
  /** Changes something: a viewer gets 403. */
  manage: boolean;
}

const pin = (ids: Ids) => ({ kind: 'vm', holder_id: ids.windowsVm });

const CASES: RouteCase[] = [
  {
    name: 'GET /services/license',
    method: 'GET',
    url: () => '/services/license',
    bad: { url: () => '/services/license/0', field: 'id' },
    foreign: false,
    manage: false,
  },
  {
    name: 'GET /services/license/summary',
    method: 'GET',
    url: () => '/services/license/summary',
    bad: { url: () => '/services/license/summary-x', field: 'id' },
    foreign: false,
    manage: false,
  },
  {
    name: 'GET /services/license/{id}',
    method: 'GET',
    url: (ids) => `/services/license/${ids.windows}`,
    bad: { url: () => '/services/license/abc', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'PATCH /services/license/{id}',
    method: 'PATCH',
    url: (ids) => `/services/license/${ids.windowsExpiring}`,
    body: () => ({ auto_renew: true }),
    bad: { body: { auto_renew: 'sometimes' }, field: 'auto_renew' },
    foreign: true,
    manage: true,
  },
  {
    name: 'POST /services/license/{id}/assignments',
    method: 'POST',
    url: (ids) => `/services/license/${ids.windows}/assignments`,
    body: pin,
    bad: { body: { kind: 'vm', holder_id: '999999' }, field: 'holder_id' },
    foreign: true,
    manage: true,
  },
  {
    name: 'DELETE /services/license/{id}/assignments/{kind}/{holderId}',
    method: 'DELETE',
    url: (ids) => `/services/license/${ids.windows}/assignments/vm/${ids.windowsVm}`,
    before: async (fx, ids) => {
      const reply = await fx.call(
        'acme',
        'POST',
        `/services/license/${ids.windows}/assignments`,
        pin(ids),
      );
      expect(reply.statusCode).toBe(200);
    },
    bad: { url: (ids) => `/services/license/${ids.windows}/assignments/disk/1`, field: 'kind' },
    foreign: true,
    manage: true,
  },
];

describe.each(databaseKinds())('licence routes on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  const ids = {} as Ids;

  const subscriptions = async (who: 'acme' | 'globex') =>
    (await fx.call(who, 'GET', '/services/license')).json<{ data: LicenseSubscription[] }>().data;
  const summary = async (who: 'acme' | 'globex') =>
    (await fx.call(who, 'GET', '/services/license/summary')).json<{ data: LicenseSummary }>().data;
  const byReference = (list: LicenseSubscription[], reference: string) => {
    const found = list.find((each) => each.reference === reference);
    if (!found) throw new Error(`no demo subscription ${reference}`);
    return found;
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    const list = await subscriptions('acme');
    ids.windows = byReference(list, 'LIC-100001-01').id;
    ids.windowsExpiring = byReference(list, 'LIC-100001-02').id;
    ids.rhelExpired = byReference(list, 'LIC-100001-04').id;
    ids.windowsVm = byReference(list, 'LIC-100001-01').assignments[0]?.id ?? '';
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  describe.each(CASES)('$name', (route) => {
    it('answers a good call', async () => {
      await route.before?.(fx, ids);
      const reply = await fx.call('acme', route.method, route.url(ids), route.body?.(ids));
      expect(reply.json()).not.toHaveProperty('message');
      expect(reply.statusCode).toBe(200);
      expect(reply.json<{ data: unknown }>().data).toBeTruthy();
    });

    it('refuses a bad input with 400 naming the field', async () => {
      const url = route.bad.url?.(ids) ?? route.url(ids);
      const reply = await fx.call('acme', route.method, url, route.bad.body ?? route.body?.(ids));
      expect(reply.json()).toMatchObject({ field: route.bad.field });
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(
        new RegExp(`^${route.bad.field}: `),
      );
    });

    if (route.foreign)
      it("answers 404 for another tenant's subscription", async () => {
        const reply = await fx.call('poc', route.method, route.url(ids), route.body?.(ids));
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toEqual({ message: expect.any(String) });
      });

    if (route.manage)
      it('refuses a viewer with 403', async () => {
        const reply = await fx.call('globex', route.method, route.url(ids), route.body?.(ids));
        expect(reply.statusCode).toBe(403);
      });

    it('answers 401 without a token', async () => {
      const reply = await fx.call(null, route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(401);
    });
  });

  it("counts the tenant's Windows VMs, leaving the seats that expire soon free", async () => {
    const windows = (await summary('acme')).products.find(
      (each) => each.product === 'windows-server-datacenter',
    );
    expect(windows).toMatchObject({ seats_used: 2, seats_contracted: 6, seats_over: 0 });
    expect(windows?.holders.map((each) => each.name).sort()).toEqual([
      'plant-historian',
      'plant-scada',
    ]);
    const { expiring } = await summary('acme');
    expect(expiring.find((each) => each.id === ids.windowsExpiring)).toMatchObject({
      seats_contracted: 2,
      seats_available: 2,
    });
    const rhel = byReference(await subscriptions('acme'), 'LIC-100001-04');
    expect(rhel).toMatchObject({
      state: 'expired',
      seats_used: 0,
      seats_available: 0,
      auto_renew: false,
    });
  });

  it('adds up the rows the table shows in the summary: expired seats apart, never in force', async () => {
    const [list, { products }] = await Promise.all([subscriptions('acme'), summary('acme')]);
    expect(byReference(list, 'LIC-100001-04')).toMatchObject({
      seats_contracted: 5,
      seats_in_force: 0,
    });
    for (const product of products) {
      const rows = list.filter((each) => each.product === product.product);
      expect(product.seats_contracted, product.product).toBe(
        rows.reduce((sum, each) => sum + each.seats_in_force, 0),
      );
    }
    expect(products.find((each) => each.product === 'rhel')).toMatchObject({
      seats_contracted: 0,
      seats_ended: 5,
    });
  });

  it('counts a new Windows VM against its licence once it is created', async () => {
    const before = byReference(await subscriptions('acme'), 'LIC-100001-01').seats_used;
    const created = await fx.call('acme', 'POST', '/services/eseries', {
      location: 'AMS1',
      status: 'trial',
      tenant_id: 'UZZ100001',
      display_name: 'acme-sql-01',
      vsnap: false,
      monitoring: false,
      vm_params: {
        vcpus: 2,
        memory: 4096,
        cluster_name: 'AMS1-CL01',
        os: {
          name: 'Windows Server',
          version: '2022',
          guest_full_name: 'Microsoft Windows Server 2022 (64-bit)',
        },
        adapters: [{ portgroup: 'ams1-frontend', vlan_id: 100 }],
        disk_size_gb: null,
      },
    });
    expect(created.statusCode).toBe(202);
    const task = await fx.waitTask(
      'acme',
      created.json<{ data: { task_id: number } }>().data.task_id,
    );
    expect(task.state).toBe('SUCCESS');
    const after = byReference(await subscriptions('acme'), 'LIC-100001-01');
    expect(after.seats_used).toBe(before + 1);
    expect(after.assignments.map((each) => each.name)).toContain('acme-sql-01');
    // Its name says SQL: it holds a SQL Server seat too.
    const sql = byReference(await subscriptions('acme'), 'LIC-100001-03');
    expect(sql.assignments.map((each) => each.name)).toEqual(['acme-sql-01']);
  });

  it('shows a tenant that runs more than it contracted as over-used', async () => {
    await test.db.query(
      `update vms set os_guest_full_name = 'Microsoft Windows Server 2019 (64-bit)'
        where tenant_id = (select id from tenants where cdb_id = 'UZZ100002')`,
    );
    const windows = (await summary('globex')).products.find(
      (each) => each.product === 'windows-server-datacenter',
    );
    expect(windows).toMatchObject({ seats_used: 3, seats_contracted: 1, seats_over: 2 });
    expect(byReference(await subscriptions('globex'), 'LIC-100002-01')).toMatchObject({
      seats_used: 3,
      seats_available: 0,
      seats_over: 2,
    });
  });

  it('counts a Red Hat VM against Red Hat, not Windows', async () => {
    await test.db.query(
      `update vms set os_guest_full_name = 'Red Hat Enterprise Linux 9 (64-bit)'
        where display_name = 'store-gateway'`,
    );
    const products = (await summary('globex')).products;
    expect(products.find((each) => each.product === 'rhel')).toMatchObject({
      seats_used: 1,
      holders: [expect.objectContaining({ kind: 'vm', name: 'store-gateway' })],
    });
    expect(products.find((each) => each.product === 'windows-server-datacenter')?.seats_used).toBe(
      2,
    );
  });

  it('pins a seat to a chosen VM, moving it from the subscription that held it', async () => {
    const reply = await fx.call(
      'acme',
      'POST',
      `/services/license/${ids.windowsExpiring}/assignments`,
      pin(ids),
    );
    const moved = reply.json<{ data: LicenseSubscription }>().data;
    expect(moved.assignments).toContainEqual(
      expect.objectContaining({ id: ids.windowsVm, pinned: true }),
    );
    expect(moved.seats_available).toBe(1);
    const long = byReference(await subscriptions('acme'), 'LIC-100001-01');
    expect(long.assignments.map((each) => each.id)).not.toContain(ids.windowsVm);
    const released = await fx.call(
      'acme',
      'DELETE',
      `/services/license/${ids.windowsExpiring}/assignments/vm/${ids.windowsVm}`,
    );
    expect(released.json<{ data: LicenseSubscription }>().data.seats_used).toBe(0);
    const again = await fx.call(
      'acme',
      'DELETE',
      `/services/license/${ids.windowsExpiring}/assignments/vm/${ids.windowsVm}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('refuses to change the renewal of an expired subscription, and audits the refusal', async () => {
    const reply = await fx.call('acme', 'PATCH', `/services/license/${ids.rhelExpired}`, {
      auto_renew: true,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json<{ message: string }>().message).toMatch(/has expired/);
    const rows = await test.db.query<{ action: string; result: string; actor_tenant: string }>(
      `select action, result, actor_tenant from audit_log where target = $1 order by id`,
      [`license:${ids.rhelExpired}`],
    );
    expect(rows.at(-1)).toEqual({
      action: 'license.renewal',
      result: 'failure',
      actor_tenant: 'UZZ100001',
    });
  });
});
