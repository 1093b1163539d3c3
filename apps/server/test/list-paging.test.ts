import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

interface Row {
  id: number;
  display_name: string;
  created_at: string;
  vcpus: number;
  tenant_id: string;
}
interface Reply {
  data: Row[];
  page?: { next_cursor: string | null; total: number };
}

const ACME = 'UZZ100001';

describe.each(databaseKinds())('list paging (limit, cursor, sort, q) on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let serviceid = '';

  /** Adds eseries VMs for a tenant: `${prefix}-NNN`, with IPs 10.77.x.y and vcpus 1 to 4. */
  const addVms = async (cdbId: string, prefix: string, from: number, count: number) => {
    await test.db.query(
      `insert into vms (tenant_id, display_name, status, power_state, os_name, os_version,
                        os_guest_full_name, vcpus, memory_mb, disk_size_gb, plan_id, location,
                        cluster, adapters)
       select t.id, $2 || '-' || lpad(g::text, 3, '0'), 'active', 'poweredOn', 'Debian', '13',
              'Debian GNU/Linux 13 (64-bit)', 1 + g % 4, 2048, 40, 'std-2', 'AMS1', 'AMS1-CL01',
              jsonb_build_array(jsonb_build_object('portgroup', 'ams1-frontend', 'vlan_id', 100,
                                                   'ip', '10.77.' || (g / 200) || '.' || g % 200))
         from tenants t, generate_series($3::integer, $4::integer) g
        where t.cdb_id = $1`,
      [cdbId, prefix, from, from + count - 1],
    );
  };
  const get = async (who: Who, url: string) => {
    const reply = await fx.call(who, 'GET', url);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    return reply.json<Reply>();
  };
  const refused = async (who: Who, url: string, field: string) => {
    const reply = await fx.call(who, 'GET', url);
    expect(reply.statusCode, url).toBe(400);
    expect(reply.json<{ field?: string; message: string }>()).toMatchObject({ field });
  };
  /** Every page of a list, following the cursors. */
  const allPages = async (who: Who, base: string, query: string, from: string | null = null) => {
    const rows: Row[] = [];
    let cursor = from;
    for (let pages = 0; pages < 100; pages += 1) {
      const sep = base.includes('?') ? '&' : '?';
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const reply = await get(who, `${base}${sep}${query}${after}`);
      rows.push(...reply.data);
      cursor = reply.page?.next_cursor ?? null;
      if (!cursor) return rows;
    }
    throw new Error('more than 100 pages');
  };

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test, { TASK_POLL_MS: '60000' });
    await addVms(ACME, 'bulk', 1, 120);
    serviceid =
      (
        await test.db.query<{ serviceid: string }>(
          `select s.serviceid from vwseries_services s join tenants t on t.id = s.tenant_id
            where t.cdb_id = $1 order by s.id limit 1`,
          [ACME],
        )
      )[0]?.serviceid ?? '';
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('answers the whole list without paging parameters, as the pages do together', async () => {
    const whole = await get('acme', '/services/eseries');
    expect(whole).not.toHaveProperty('page');
    const count = await test.db.query<{ n: number }>(
      `select count(*)::integer as n from vms v join tenants t on t.id = v.tenant_id
        where t.cdb_id = $1 and v.vwseries_id is null`,
      [ACME],
    );
    expect(whole.data).toHaveLength(count[0]?.n ?? -1);
    expect(whole.data.map((vm) => vm.id)).toEqual(
      [...whole.data.map((vm) => vm.id)].sort((a, b) => a - b),
    );
    const first = await get('acme', '/services/eseries?limit=25');
    expect(first.data).toEqual(whole.data.slice(0, 25));
    expect(first.page?.total).toBe(whole.data.length);
    expect(await allPages('acme', '/services/eseries', 'limit=25')).toEqual(whole.data);
    // The same fields, detail fields included.
    const detailed = await get('acme', '/services/eseries?detail_fields=nat');
    const page = await get('acme', '/services/eseries?detail_fields=nat&limit=1000');
    expect(page.data).toEqual(detailed.data);
    expect(detailed.data[0]).toHaveProperty('nat');
    expect(new Date(detailed.data[0]?.created_at ?? '').toISOString()).toBe(
      detailed.data[0]?.created_at,
    );
  });

  it('keeps a cursor stable while rows are inserted and deleted meanwhile', async () => {
    const before = (await allPages('acme', '/services/eseries', 'sort=name&limit=1000')).map(
      (vm) => vm.display_name,
    );
    const first = await get('acme', '/services/eseries?sort=name&limit=30');
    const cursor = first.page?.next_cursor;
    expect(cursor).toBeTruthy();
    const last = first.data.at(-1)?.display_name ?? '';
    // New rows before the cursor (must not appear), after it (must), and one deleted after it.
    await addVms(ACME, 'aaa-early', 1, 5);
    await addVms(ACME, 'zzz-late', 1, 5);
    const removed = before[before.indexOf(last) + 3] ?? '';
    await test.db.query('delete from vms where display_name = $1', [removed]);
    const rest = await allPages('acme', '/services/eseries', 'sort=name&limit=30', cursor);
    const names = [...first.data, ...rest].map((vm) => vm.display_name);
    expect(new Set(names).size).toBe(names.length);
    const expected = [
      ...before.filter((name) => name !== removed),
      ...Array.from({ length: 5 }, (_, i) => `zzz-late-00${i + 1}`),
    ];
    expect(names).toEqual(expected);
    expect(names.some((name) => name.startsWith('aaa-early'))).toBe(false);
  });

  it('sorts ascending and descending on a whitelisted field, id breaking ties', async () => {
    // Descending is ascending reversed (names are unique), whatever the database's collation.
    const asc = await allPages('acme', '/services/eseries', 'sort=name&limit=50');
    const desc = await allPages('acme', '/services/eseries', 'sort=-name&limit=50');
    expect(desc.map((vm) => vm.id)).toEqual(asc.map((vm) => vm.id).reverse());
    const byVcpus = await allPages('acme', '/services/eseries', 'sort=vcpus&limit=40');
    const keys = byVcpus.map((vm) => [vm.vcpus, vm.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(new Set(keys.map(([vcpus]) => vcpus)).size).toBeGreaterThan(1);
    const newest = await allPages('acme', '/services/eseries', 'sort=-created&limit=45');
    const stamps = newest.map((vm) => vm.created_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(newest).toHaveLength(asc.length);
  });

  it('searches the name, IPs and other visible text, ignoring case', async () => {
    const named = await get('acme', '/services/eseries?q=BULK-11');
    expect(named.data.map((vm) => vm.display_name).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk-11${i}`).sort(),
    );
    expect(named.page).toEqual({ next_cursor: null, total: 10 });
    const byIp = await get('acme', '/services/eseries?q=10.77.0.117');
    expect(byIp.data.map((vm) => vm.display_name)).toEqual(['bulk-117']);
    const byOs = await get('acme', '/services/eseries?q=debian&limit=1');
    expect(byOs.page?.total).toBeGreaterThanOrEqual(120);
    // LIKE's wildcards are matched as text.
    expect((await get('acme', '/services/eseries?q=%25')).page?.total).toBe(0);
    expect((await get('acme', '/services/eseries?q=bulk_1')).page?.total).toBe(0);
    // The search pages too, its cursor carrying it.
    const paged = await allPages('acme', '/services/eseries', 'q=bulk-0&limit=7');
    const count = await test.db.query<{ n: number }>(
      `select count(*)::integer as n from vms v join tenants t on t.id = v.tenant_id
        where t.cdb_id = $1 and v.display_name like 'bulk-0%'`,
      [ACME],
    );
    expect(paged).toHaveLength(count[0]?.n ?? -1);
    expect(paged.length).toBeGreaterThan(90);
  });

  it('refuses bad paging parameters with a 400 naming the field', async () => {
    await refused('acme', '/services/eseries?sort=plan', 'sort');
    await refused('acme', '/services/eseries?sort=-', 'sort');
    await refused('acme', '/services/eseries?sort=constructor', 'sort');
    await refused('acme', '/services/eseries?limit=0', 'limit');
    await refused('acme', '/services/eseries?limit=1001', 'limit');
    await refused('acme', '/services/eseries?limit=ten', 'limit');
    await refused('acme', '/services/eseries?cursor=bm90IGEgY3Vyc29y', 'cursor');
    await refused('acme', '/services/eseries?cursor=%7B%7D', 'cursor');
    await refused('acme', `/services/eseries?q=${'x'.repeat(201)}`, 'q');
    await refused('acme', '/services/dseries?sort=ip', 'sort');
    await refused('acme', '/services/vwseries?limit=0', 'limit');
    // A cursor is tied to its list, its sort and its search.
    const byName = (await get('acme', '/services/eseries?sort=name&limit=5')).page?.next_cursor;
    const cursor = encodeURIComponent(byName ?? '');
    await refused('acme', `/services/eseries?sort=-name&limit=5&cursor=${cursor}`, 'cursor');
    await refused('acme', `/services/eseries?sort=name&q=bulk&cursor=${cursor}`, 'cursor');
    await refused(
      'acme',
      `/services/vwseries/${serviceid}/vm?sort=name&cursor=${cursor}`,
      'cursor',
    );
    await refused('acme', `/services/dseries?sort=name&cursor=${cursor}`, 'cursor');
    // A cursor with a value of the wrong type for its sort.
    const forged = Buffer.from(JSON.stringify(['x', 'not a number', 1])).toString('base64url');
    await refused('acme', `/services/eseries?sort=vcpus&cursor=${forged}`, 'cursor');
  });

  it("never shows another tenant's rows, and refuses another tenant's cursor", async () => {
    await addVms('UZZ100002', 'globex-bulk', 1, 12);
    const acmeIds = new Set((await get('acme', '/services/eseries')).data.map((vm) => vm.id));
    const globex = await allPages('globex', '/services/eseries', 'limit=5');
    expect(globex.length).toBeGreaterThanOrEqual(12);
    expect(globex.every((vm) => vm.tenant_id === 'UZZ100002')).toBe(true);
    expect(globex.some((vm) => acmeIds.has(vm.id))).toBe(false);
    expect(
      (await get('globex', '/services/eseries?q=bulk-0')).data.map((vm) => vm.tenant_id),
    ).toEqual(Array.from({ length: 12 }, () => 'UZZ100002'));
    const acmeCursor = (await get('acme', '/services/eseries?limit=5')).page?.next_cursor ?? '';
    await refused(
      'globex',
      `/services/eseries?limit=5&cursor=${encodeURIComponent(acmeCursor)}`,
      'cursor',
    );
    const other = await fx.call('globex', 'GET', `/services/vwseries/${serviceid}/vm?limit=5`);
    expect(other.statusCode).toBe(404);
  });

  it('pages the vwseries services, a service’s VMs and dseries the same way', async () => {
    const services = await get('acme', '/services/vwseries');
    expect(services).not.toHaveProperty('page');
    const ids = services.data.map((s) => (s as unknown as { serviceid: string }).serviceid);
    expect(ids).toEqual([...ids].sort());
    const pagedServices = await allPages('acme', '/services/vwseries', 'limit=1');
    expect(pagedServices).toEqual(services.data);

    const vms = await get('acme', `/services/vwseries/${serviceid}/vm`);
    expect(vms.data.length).toBeGreaterThan(0);
    expect(await allPages('acme', `/services/vwseries/${serviceid}/vm`, 'limit=1')).toEqual(
      vms.data,
    );

    const items = await get('acme', '/services/dseries');
    expect(items).not.toHaveProperty('page');
    const desc = await allPages('acme', '/services/dseries', 'sort=-id&limit=2');
    expect(desc).toEqual([...items.data].reverse());
  });
});
