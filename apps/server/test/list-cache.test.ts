import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../src/db/database.ts';
import { ListCache } from '../src/platform/list-cache.ts';
import { insertTask } from '../src/platform/tasks/store.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { FAST, computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer } from './helpers/identity.ts';

interface VmRow {
  id: number;
  display_name: string;
  power_state: string;
  tenant_id: string;
  task_id: number | null;
  nat?: { id: number; status: string }[];
  firewall_rules?: { id: number }[];
}
interface Reply<T> {
  data: T[];
  page?: { next_cursor: string | null; total: number };
}

const ACME = 'UZZ100001';
const GLOBEX = 'UZZ100002';
const DETAILED = '/services/eseries?detail_fields=nat&detail_fields=firewall_rules';
const PAGED = '/services/eseries?limit=3&sort=-id';

const createBody = (name: string) => ({
  location: 'TYO1',
  status: 'trial',
  tenant_id: ACME,
  display_name: name,
  vsnap: false,
  monitoring: false,
  vm_params: {
    vcpus: 1,
    memory: 2048,
    cluster_name: 'TYO1-CL02',
    os: { name: 'Debian', version: '13', guest_full_name: 'Debian GNU/Linux 13 (64-bit)' },
    adapters: [{ portgroup: 'tyo1-frontend', vlan_id: 100 }],
    disk_size_gb: 40,
  },
});

const RULE = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '443',
  source: '203.0.113.0/24',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: 'HTTPS from the office',
};

/** The database, counting the list queries (the reply's JSON made by `json_agg`). */
function counting(db: Database): { db: Database; lists: () => number } {
  let lists = 0;
  const query: Queryable['query'] = (sql, params) => {
    if (sql.includes('json_agg(r order by')) lists += 1;
    return db.query(sql, params);
  };
  return {
    db: {
      kind: db.kind,
      query,
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      close: () => db.close(),
    },
    lists: () => lists,
  };
}

describe.each(databaseKinds())('the list reply cache on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  /** A second server on the same database (PostgreSQL: its own pool), its list queries counted. */
  let second: FastifyInstance;
  let secondLists: () => number;
  let acmeTenant = 0;

  const get = async <T = VmRow>(app: FastifyInstance, who: Who, url: string) => {
    const reply = await app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: bearer(fx.tokens[who]),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<Reply<T>>();
  };
  /** The list on both servers; they must agree. */
  const both = async <T = VmRow>(url: string, who: Who = 'acme') => {
    const [one, two] = await Promise.all([get<T>(fx.app, who, url), get<T>(second, who, url)]);
    expect(two).toEqual(one);
    return one;
  };
  const started = async (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const reply = await fx.call('acme', method, url, body);
    expect(reply.statusCode, reply.body).toBe(202);
    return reply.json<{ data: { task_id: number; vm_id?: number } }>().data;
  };
  const done = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
    const task = await started(method, url, body);
    expect((await fx.waitTask('acme', task.task_id)).state).toBe('SUCCESS');
    return task;
  };
  const vmOf = async (id: number, url = DETAILED) =>
    (await both(url)).data.find((vm) => vm.id === id);
  /** Every list the writes below may change, asked on both servers so both keep a reply. */
  const prime = async () => {
    await both(DETAILED);
    await both(PAGED);
  };

  beforeAll(async () => {
    test = await open();
    // Tasks sent through the API wake the worker; one written straight into the table waits.
    fx = await computeFixture(test, { TASK_POLL_MS: '60000' });
    const counted = counting(await test.openAnother());
    secondLists = counted.lists;
    second = await testApp(counted.db, {
      config: testConfig({ ...FAST, TASK_POLL_MS: '60000' }),
    });
    await second.ready();
    acmeTenant =
      (await test.db.query<{ id: number }>('select id from tenants where cdb_id = $1', [ACME]))[0]
        ?.id ?? 0;
  });
  afterAll(async () => {
    await second?.close();
    await fx?.close();
    await test?.dispose();
  });

  it('answers an unchanged list from memory, with the same bytes', async () => {
    const first = await get(second, 'acme', DETAILED);
    const asked = secondLists();
    expect(await get(second, 'acme', DETAILED)).toEqual(first);
    expect(await get(second, 'acme', DETAILED)).toEqual(first);
    expect(secondLists()).toBe(asked);
    expect(second.listCache.size).toBeGreaterThan(0);
    // Another query is another reply.
    await get(second, 'acme', `${DETAILED}&network_id=100`);
    expect(secondLists()).toBe(asked + 1);
  });

  it('shows every kind of change on the very next call, on both servers', async () => {
    await prime();
    const created = await done('POST', '/services/eseries', createBody('cached-new'));
    const id = created.vm_id ?? 0;
    expect((await vmOf(id))?.display_name).toBe('cached-new');
    expect((await both(PAGED)).data[0]?.id).toBe(id);

    await prime();
    await done('PATCH', `/services/eseries/${id}`, {
      operation: 'update',
      data: { display_name: 'cached-renamed' },
    });
    expect((await vmOf(id))?.display_name).toBe('cached-renamed');
    expect((await both(PAGED)).data[0]?.display_name).toBe('cached-renamed');

    await prime();
    const before = (await vmOf(id))?.power_state;
    await done('POST', `/services/eseries/${id}/power_state`, {
      power_operation: before === 'poweredOn' ? 'powerOff' : 'powerOn',
    });
    expect((await vmOf(id))?.power_state).toBe(before === 'poweredOn' ? 'poweredOff' : 'poweredOn');

    await prime();
    await done('POST', `/services/eseries/${id}/nat`, {
      operation: 'create',
      data: { gateway_id: 31 },
    });
    const nat = (await vmOf(id))?.nat ?? [];
    expect(nat).toHaveLength(1);

    await prime();
    await done('PUT', `/services/eseries/${id}/nat/${nat[0]?.id}`, { status: 'cancel' });
    expect((await vmOf(id))?.nat?.[0]?.status).toBe('cancelled');

    await prime();
    await done('POST', `/services/eseries/${id}/firewall_rule`, RULE);
    const rules = (await vmOf(id))?.firewall_rules ?? [];
    expect(rules).toHaveLength(1);

    await prime();
    await done('DELETE', `/services/eseries/${id}/firewall_rule/${rules[0]?.id}`);
    expect((await vmOf(id))?.firewall_rules).toEqual([]);

    // A task opened and closed: the list shows the VM's open task.
    await prime();
    const waiting = await insertTask(test.db, acmeTenant, {
      kind: 'vm',
      targetId: id,
      operation: 'refresh',
      payload: { op: 'vm.refresh' },
      createdBy: 'acme@portal.test',
    });
    expect((await vmOf(id))?.task_id).toBe(waiting);
    expect((await fx.call('acme', 'DELETE', `/services/task/${waiting}`)).statusCode).toBe(200);
    expect((await vmOf(id))?.task_id).toBeNull();

    await prime();
    await done('DELETE', `/services/eseries/${id}`);
    expect(await vmOf(id)).toBeUndefined();
    expect((await both(PAGED)).data.some((vm) => vm.id === id)).toBe(false);
  });

  it('shows changes of the vwseries and dseries lists and of a vwseries VM list', async () => {
    type Service = { serviceid: string; name: string; vm_count: number };
    type Item = { id: number; name: string };
    const services = await both<Service>('/services/vwseries');
    const service = services.data[0];
    if (!service) throw new Error('acme has no vwseries service');
    const vwList = `/services/vwseries/${service.serviceid}/vm`;
    const vwVms = await both(vwList);
    await both<Item>('/services/dseries?limit=50');

    await test.db.query('update vwseries_services set name = $1 where serviceid = $2', [
      'renamed by SQL',
      service.serviceid,
    ]);
    expect((await both<Service>('/services/vwseries')).data[0]?.name).toBe('renamed by SQL');

    const vwVm = vwVms.data[0];
    if (!vwVm) throw new Error('the service has no VM');
    await test.db.query('update vms set display_name = $1 where id = $2', ['vw-renamed', vwVm.id]);
    expect((await both(vwList)).data[0]?.display_name).toBe('vw-renamed');
    await test.db.query('delete from vms where id = $1', [vwVm.id]);
    expect((await both(vwList)).data.some((vm) => vm.id === vwVm.id)).toBe(false);
    const counted = (await both<Service>('/services/vwseries')).data[0]?.vm_count;
    expect(counted).toBe(service.vm_count - 1);

    await test.db.query(
      `update dseries_items set name = 'ds-renamed'
        where id = (select min(id) from dseries_items where tenant_id = $1)`,
      [acmeTenant],
    );
    expect((await both<Item>('/services/dseries?limit=50')).data[0]?.name).toBe('ds-renamed');
  });

  it("never answers one tenant with another's reply", async () => {
    const acme = await both(DETAILED, 'acme');
    const globex = await both(DETAILED, 'globex');
    expect(acme.data.length).toBeGreaterThan(0);
    expect(globex.data.length).toBeGreaterThan(0);
    expect(acme.data.every((vm) => vm.tenant_id === ACME)).toBe(true);
    expect(globex.data.every((vm) => vm.tenant_id === GLOBEX)).toBe(true);
    // A change of acme's leaves globex's reply kept, and the other way round.
    const asked = secondLists();
    await test.db.query(
      `update vms set display_name = display_name || '-x'
        where id = (select min(id) from vms where tenant_id = $1)`,
      [acmeTenant],
    );
    expect(await get(second, 'globex', DETAILED)).toEqual(globex);
    expect(secondLists()).toBe(asked);
    await get(second, 'acme', DETAILED);
    expect(secondLists()).toBe(asked + 1);
    // The permission and tenant checks come first: no token, no reply.
    const anonymous = await second.inject({ method: 'GET', url: `/api${DETAILED}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps within its memory bound, least recently used out first', async () => {
    const small = await testApp(test.db, {
      config: testConfig({ ...FAST, TASK_POLL_MS: '60000', LIST_CACHE_MB: '0.02' }),
    });
    try {
      const bound = small.listCache.maxBytes;
      expect(bound).toBe(Math.floor(0.02 * 1024 * 1024));
      const call = (url: string) =>
        small.inject({ method: 'GET', url: `/api${url}`, headers: bearer(fx.tokens.acme) });
      for (let limit = 1; limit <= 12; limit += 1) {
        expect((await call(`/services/eseries?limit=${limit}`)).statusCode).toBe(200);
        expect(small.listCache.bytes).toBeLessThanOrEqual(bound);
      }
      expect(small.listCache.size).toBeGreaterThan(0);
      expect(small.listCache.size).toBeLessThan(12);
    } finally {
      await small.close();
    }
    const none = await testApp(test.db, {
      config: testConfig({ ...FAST, TASK_POLL_MS: '60000', LIST_CACHE_MB: '0' }),
    });
    try {
      const reply = await none.inject({
        method: 'GET',
        url: `/api${DETAILED}`,
        headers: bearer(fx.tokens.acme),
      });
      expect(reply.statusCode).toBe(200);
      expect(none.listCache.size).toBe(0);
    } finally {
      await none.close();
    }
  });
});

describe('ListCache', () => {
  /** A database whose only answer is the tenant's version. */
  const versions = new Map<number, number>();
  const db: Queryable = {
    query: <T>(_sql: string, params?: readonly unknown[]) =>
      Promise.resolve([{ version: versions.get(Number(params?.[0])) ?? 0 }] as T[]),
    exec: () => Promise.resolve(),
  };

  it('answers a reply only at the version it was made at', async () => {
    const cache = new ListCache(1024);
    let made = 0;
    const make = () => Promise.resolve(`{"data":[${(made += 1)}]}`);
    expect((await cache.reply(db, 1, '1:a', make)).toString()).toBe('{"data":[1]}');
    expect((await cache.reply(db, 1, '1:a', make)).toString()).toBe('{"data":[1]}');
    versions.set(1, 1);
    expect((await cache.reply(db, 1, '1:a', make)).toString()).toBe('{"data":[2]}');
    expect(cache.size).toBe(1);
  });

  it('shares one query among concurrent misses', async () => {
    const cache = new ListCache(1024);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return '{"data":[]}';
    };
    await Promise.all([1, 2, 3].map(() => cache.reply(db, 2, '2:a', make)));
    expect(made).toBe(1);
  });

  it('evicts the least recently used and keeps nothing larger than its bound', async () => {
    const body = (n: number) => () => Promise.resolve(`{"data":"${'x'.repeat(n)}"}`);
    // Each entry: the body (11 + 88 bytes) and its 3-character key (6 bytes).
    const cache = new ListCache(320);
    await cache.reply(db, 3, '3:a', body(88));
    await cache.reply(db, 3, '3:b', body(88));
    await cache.reply(db, 3, '3:c', body(88));
    expect(cache.bytes).toBe(315);
    await cache.reply(db, 3, '3:a', body(1)); // a is used again: b is now the oldest
    await cache.reply(db, 3, '3:d', body(88));
    expect(cache.size).toBe(3);
    let remade = 0;
    const counted = () => {
      remade += 1;
      return Promise.resolve('{}');
    };
    await cache.reply(db, 3, '3:a', counted);
    await cache.reply(db, 3, '3:c', counted);
    expect(remade).toBe(0);
    await cache.reply(db, 3, '3:b', counted);
    expect(remade).toBe(1);
    await cache.reply(db, 3, '3:big', body(400));
    expect(cache.bytes).toBeLessThanOrEqual(320);
  });
});
