// Server paging of the networking, phishing campaign, licence and endpoint security lists: the
// same `limit`, `cursor`, `sort` and `q` as every other list (platform/paging.ts), on both
// databases, with rows seeded by each area's benchmark seeder for two tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench as seedEdr } from '../src/areas/crowdstrike/bench.ts';
import { seedBench as seedLicences } from '../src/areas/license/bench.ts';
import { seedBench as seedNetworks } from '../src/areas/networking/bench.ts';
import { seedBench as seedCampaigns } from '../src/areas/phishing/bench.ts';
import type { Queryable } from '../src/db/database.ts';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

type Row = Record<string, unknown> & { id: number };
interface Reply {
  data: Row[];
  page?: { next_cursor: string | null; total: number };
}

interface ListCase {
  url: string;
  seed: (db: Queryable, cdbId: string, count: number) => Promise<unknown>;
  count: number;
  /** A sort on a unique text field, its field, and a search that finds exactly `searched` rows. */
  sort: string;
  field: string;
  q: string;
  searched: number;
  /** Whether the whole list comes in the pages' default order. */
  sameOrder: boolean;
}

const LISTS: readonly ListCase[] = [
  {
    url: '/services/networking',
    seed: seedNetworks,
    count: 60,
    sort: 'name',
    field: 'name',
    q: 'BENCH-NET-001',
    searched: 10,
    sameOrder: true,
  },
  {
    url: '/services/phishing/campaigns',
    seed: seedCampaigns,
    count: 60,
    sort: 'name',
    field: 'name',
    q: 'campaign 00002',
    searched: 10,
    sameOrder: true,
  },
  {
    url: '/services/license',
    seed: seedLicences,
    count: 60,
    sort: 'reference',
    field: 'reference',
    q: 'lic-bench-00003',
    searched: 10,
    sameOrder: true,
  },
  {
    url: '/services/crowdstrike',
    seed: seedEdr,
    count: 12,
    sort: 'name',
    field: 'name',
    q: 'bench edr 00001',
    searched: 3,
    sameOrder: false,
  },
];

describe.each(databaseKinds())('area list paging on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;

  const get = async (who: Who, url: string) => {
    const reply = await fx.call(who, 'GET', url);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<Reply>();
  };
  const refused = async (who: Who, url: string, field: string) => {
    const reply = await fx.call(who, 'GET', url);
    expect(reply.statusCode, url).toBe(400);
    expect(reply.json<{ field?: string }>()).toMatchObject({ field });
  };
  const allPages = async (who: Who, base: string, query: string) => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages += 1) {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const reply = await get(who, `${base}?${query}${after}`);
      rows.push(...reply.data);
      cursor = reply.page?.next_cursor ?? null;
      if (!cursor) return rows;
    }
    throw new Error('more than 200 pages');
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test, { TASK_POLL_MS: '60000' });
    for (const list of LISTS) {
      await list.seed(test.db, 'UZZ100001', list.count);
      await list.seed(test.db, 'UZZ100002', 5);
    }
  }, 120_000);
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it.each(LISTS)(
    'pages $url: the pages hold the whole list',
    async (list) => {
      const whole = await get('acme', list.url);
      expect(whole).not.toHaveProperty('page');
      expect(whole.data.length).toBeGreaterThanOrEqual(list.count);
      const first = await get('acme', `${list.url}?limit=7`);
      expect(first.data).toHaveLength(7);
      expect(first.page?.total).toBe(whole.data.length);
      const pages = await allPages('acme', list.url, 'limit=7');
      // Rows of live objects (a running campaign's counts) may move between reads: the same rows,
      // by id and name, in the same order where the whole list has the pages' order.
      const keys = (rows: Row[]) => rows.map((row) => `${row.id} ${String(row[list.field])}`);
      if (list.sameOrder) expect(keys(pages)).toEqual(keys(whole.data));
      else expect(keys(pages).sort()).toEqual(keys(whole.data).sort());
    },
    60_000,
  );

  it.each(LISTS)(
    'sorts $url both ways and searches it',
    async (list) => {
      const asc = await allPages('acme', list.url, `sort=${list.sort}&limit=25`);
      const desc = await allPages('acme', list.url, `sort=-${list.sort}&limit=25`);
      expect(desc.map((row) => row.id)).toEqual(asc.map((row) => row.id).reverse());
      const values = asc.map((row) => String(row[list.field]));
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const found = await get('acme', `${list.url}?q=${encodeURIComponent(list.q)}&limit=100`);
      expect(found.page).toEqual({ next_cursor: null, total: list.searched });
      expect(
        found.data.every((row) =>
          String(row[list.field]).toLowerCase().includes(list.q.toLowerCase()),
        ),
      ).toBe(true);
      expect((await get('acme', `${list.url}?q=%25`)).page?.total).toBe(0);
    },
    60_000,
  );

  it.each(LISTS)(
    "refuses bad paging on $url, and another tenant's rows and cursors",
    async (list) => {
      await refused('acme', `${list.url}?sort=nope`, 'sort');
      await refused('acme', `${list.url}?limit=0`, 'limit');
      await refused('acme', `${list.url}?cursor=bm90IGEgY3Vyc29y`, 'cursor');
      const acme = await get('acme', `${list.url}?limit=3`);
      const cursor = encodeURIComponent(acme.page?.next_cursor ?? '');
      await refused('globex', `${list.url}?limit=3&cursor=${cursor}`, 'cursor');
      const acmeIds = new Set((await get('acme', list.url)).data.map((row) => row.id));
      const globex = await allPages('globex', list.url, 'limit=2');
      expect(globex.length).toBeGreaterThanOrEqual(5);
      expect(globex.some((row) => acmeIds.has(row.id))).toBe(false);
      expect((await fx.call(null, 'GET', `${list.url}?limit=3`)).statusCode).toBe(401);
    },
    60_000,
  );

  it('answers the campaign list from the cache until a campaign, its group or its events change', async () => {
    const url = '/services/phishing/campaigns?q=campaign%2000001&limit=100';
    const before = await get('acme', url);
    const first = before.data[0] as Row & { counts: { recipients: number }; group: { id: number } };
    expect(first).toBeDefined();
    const version = async () =>
      Number(
        (
          await test.db.query<{ version: string }>(
            `select coalesce(max(v.version), 0) as version from list_versions v
               join tenants t on t.id = v.tenant_id where t.cdb_id = 'UZZ100001'`,
          )
        )[0]?.version ?? 0,
      );
    const start = await version();
    // Unchanged: the same reply (from memory) and the same version.
    expect(await get('acme', url)).toEqual(before);
    expect(await version()).toBe(start);
    // A member joins the campaign's group: the draft's recipients count follows.
    await test.db.query(
      `insert into phishing_group_recipients (group_id, email) values ($1, 'late@acme.test')`,
      [first.group.id],
    );
    expect(await version()).toBeGreaterThan(start);
    const joined = (await get('acme', url)).data.find((row) => row.id === first.id) as
      typeof first | undefined;
    expect(joined?.counts.recipients).toBe(first.counts.recipients + 1);
    // The campaign renamed.
    await test.db.query(`update phishing_campaigns set name = name || ' (renamed)' where id = $1`, [
      first.id,
    ]);
    const renamed = (await get('acme', url)).data.find((row) => row.id === first.id);
    expect(renamed?.['name']).toBe(`${String(first['name'])} (renamed)`);
  });
});
