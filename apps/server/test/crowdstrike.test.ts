import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { seedNewSubscriptions } from '../src/areas/crowdstrike/bench.ts';
import { CheckInLoop } from '../src/areas/crowdstrike/checkins.ts';
import { endpointSeatCounters, EndpointSimulator } from '../src/areas/crowdstrike/index.ts';
import { readSubscriptionList, type CrowdstrikeDeps } from '../src/areas/crowdstrike/service.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import type { Caller as ServiceCaller } from '../src/plugins/access.ts';
import { migrate } from '../src/db/migrate.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

type Method = 'GET' | 'POST' | 'PATCH';
type Caller = 'acme' | 'provider';

interface Ids {
  acme: number;
  globex: number;
  mssp: number;
  /** An online host and a detection of acme's medr. */
  host: number;
  detection: number;
}

interface RouteCase {
  name: string;
  method: Method;
  who: Caller;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  ok: number;
  bad: { url?: (ids: Ids) => string; body?: unknown; field: string };
  /** Another tenant's caller gets 404. */
  foreign: boolean;
  /** A change: a viewer gets 403. */
  manage: boolean;
}

const medr = (ids: Ids) => `/services/crowdstrike/medr/${ids.acme}`;

const CASES: RouteCase[] = [
  {
    name: 'GET /services/crowdstrike',
    method: 'GET',
    who: 'acme',
    url: () => '/services/crowdstrike',
    ok: 200,
    bad: { url: () => '/services/crowdstrike/medr/abc', field: 'id' },
    foreign: false,
    manage: false,
  },
  {
    name: 'GET /services/crowdstrike/medr/{id}',
    method: 'GET',
    who: 'acme',
    url: medr,
    ok: 200,
    bad: { url: () => '/services/crowdstrike/medr/0', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/crowdstrike/medr/{id}/hosts',
    method: 'GET',
    who: 'acme',
    url: (ids) => `${medr(ids)}/hosts?filter=outdated`,
    ok: 200,
    bad: { url: (ids) => `${medr(ids)}/hosts?filter=old`, field: 'filter' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/crowdstrike/medr/{id}/detections',
    method: 'GET',
    who: 'acme',
    url: (ids) => `${medr(ids)}/detections?status=new`,
    ok: 200,
    bad: { url: (ids) => `${medr(ids)}/detections?status=open`, field: 'status' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/crowdstrike/medr/{id}/hosts/{hostId}',
    method: 'GET',
    who: 'acme',
    url: (ids) => `${medr(ids)}/hosts/${ids.host}`,
    ok: 200,
    bad: { url: (ids) => `${medr(ids)}/hosts/abc`, field: 'hostId' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/crowdstrike/medr/{id}/detections/{detectionId}',
    method: 'GET',
    who: 'acme',
    url: (ids) => `${medr(ids)}/detections/${ids.detection}`,
    ok: 200,
    bad: { url: (ids) => `${medr(ids)}/detections/0`, field: 'detectionId' },
    foreign: true,
    manage: false,
  },
  {
    name: 'GET /services/crowdstrike/medr/{id}/assignees',
    method: 'GET',
    who: 'acme',
    url: (ids) => `${medr(ids)}/assignees`,
    ok: 200,
    bad: { url: () => '/services/crowdstrike/medr/-1/assignees', field: 'id' },
    foreign: true,
    manage: false,
  },
  {
    name: 'PATCH /services/crowdstrike/medr/{id}/policy',
    method: 'PATCH',
    who: 'acme',
    url: (ids) => `${medr(ids)}/policy`,
    body: () => ({ mode: 'n-2', uninstall_protection: true }),
    ok: 200,
    bad: {
      body: { mode: 'pinned', pinned_version: '9.9.9', uninstall_protection: true },
      field: 'pinned_version',
    },
    foreign: true,
    manage: true,
  },
  {
    name: 'PATCH /services/crowdstrike/medr/{id}/detections',
    method: 'PATCH',
    who: 'acme',
    url: (ids) => `${medr(ids)}/detections`,
    body: (ids) => ({
      ids: [ids.detection],
      status: 'in_progress',
      assignee: 'acme@portal.test',
    }),
    ok: 200,
    bad: { body: { ids: [], status: 'closed' }, field: 'ids' },
    foreign: true,
    manage: true,
  },
  {
    name: 'POST /services/crowdstrike/medr/{id}/detections/{detectionId}/comments',
    method: 'POST',
    who: 'acme',
    url: (ids) => `${medr(ids)}/detections/${ids.detection}/comments`,
    body: () => ({ body: 'Looked into it.' }),
    ok: 201,
    bad: { body: { body: '   ' }, field: 'body' },
    foreign: true,
    manage: true,
  },
  {
    name: 'POST /services/crowdstrike/medr/{id}/hosts/{hostId}/containment',
    method: 'POST',
    who: 'acme',
    url: (ids) => `${medr(ids)}/hosts/${ids.host}/containment`,
    body: () => ({ operation: 'contain' }),
    ok: 202,
    bad: { body: { operation: 'isolate' }, field: 'operation' },
    foreign: true,
    manage: true,
  },
  {
    name: 'GET /services/crowdstrike/mssp/{id}',
    method: 'GET',
    who: 'provider',
    url: (ids) => `/services/crowdstrike/mssp/${ids.mssp}`,
    ok: 200,
    bad: { url: () => '/services/crowdstrike/mssp/x', field: 'id' },
    foreign: true,
    manage: false,
  },
];

interface HostReply {
  id: number;
  hostname: string;
  status: string;
  outdated: boolean;
  sensor_version: string;
}

describe.each(databaseKinds())('endpoint security on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  let providerToken = '';
  const ids = {} as Ids;

  const call = (
    who: Caller | 'poc' | 'globex' | null,
    method: Method,
    url: string,
    body?: unknown,
  ) =>
    who === 'provider'
      ? fx.app.inject({
          method,
          url: `/api${url}`,
          headers: bearer(providerToken),
          ...(body === undefined ? {} : { payload: body as object }),
        })
      : fx.call(who, method, url, body);

  const hosts = async (query = '') =>
    (await call('acme', 'GET', `/services/crowdstrike/medr/${ids.acme}/hosts${query}`)).json<{
      data: HostReply[];
    }>().data;

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    providerToken = await signIn('provider@portal.test', DEMO_PASSWORD);
    const own = (await call('acme', 'GET', '/services/crowdstrike')).json<{
      data: { id: number; kind: string }[];
    }>().data;
    ids.acme = own.find((each) => each.kind === 'medr')?.id ?? 0;
    const globex = (await call('globex', 'GET', '/services/crowdstrike')).json<{
      data: { id: number }[];
    }>().data;
    ids.globex = globex[0]?.id ?? 0;
    const provider = (await call('provider', 'GET', '/services/crowdstrike')).json<{
      data: { id: number; kind: string }[];
    }>().data;
    ids.mssp = provider.find((each) => each.kind === 'mssp')?.id ?? 0;
    ids.host = (await hosts()).find((host) => host.status === 'online')?.id ?? 0;
    const detections = (
      await call('acme', 'GET', `/services/crowdstrike/medr/${ids.acme}/detections`)
    ).json<{ data: { id: number }[] }>().data;
    ids.detection = detections[0]?.id ?? 0;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('finds the demo data it works on', () => {
    expect(Object.values(ids).every((id) => id > 0)).toBe(true);
  });

  describe.each(CASES)('$name', (route) => {
    it('answers a good call', async () => {
      const reply = await call(route.who, route.method, route.url(ids), route.body?.(ids));
      expect(reply.json()).not.toHaveProperty('message');
      expect(reply.statusCode).toBe(route.ok);
      expect(reply.json<{ data: unknown }>().data).toBeTruthy();
    });

    it('refuses a bad input with 400 naming the field', async () => {
      const url = route.bad.url?.(ids) ?? route.url(ids);
      const reply = await call(route.who, route.method, url, route.bad.body ?? route.body?.(ids));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field: route.bad.field });
      expect(reply.json<{ message: string }>().message).toMatch(
        new RegExp(`^${route.bad.field}: `),
      );
    });

    it.runIf(route.foreign)("answers 404 for another tenant's subscription", async () => {
      const reply = await call('poc', route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(404);
    });

    it.runIf(route.manage)('refuses a viewer with 403', async () => {
      const url = route.url({ ...ids, acme: ids.globex });
      const reply = await call('globex', route.method, url, route.body?.(ids));
      expect(reply.statusCode).toBe(403);
    });

    it('answers 401 without a token', async () => {
      const reply = await call(null, route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(401);
    });
  });

  it("opens a delegated mssp child's detail, and answers 404 for one that is not", async () => {
    const detail = (await call('provider', 'GET', `/services/crowdstrike/mssp/${ids.mssp}`)).json<{
      data: { children: { cdb_id: string; medr_id: number | null }[]; totals: { hosts: number } };
    }>().data;
    expect(detail.children).toEqual([
      expect.objectContaining({ cdb_id: 'UZZ100001', medr_id: ids.acme }),
      expect.objectContaining({ cdb_id: 'UZZ100002', medr_id: null }),
    ]);
    expect(detail.totals.hosts).toBeGreaterThan(0);
    const acme = await call('provider', 'GET', `/services/crowdstrike/medr/${ids.acme}`);
    expect(acme.statusCode).toBe(200);
    const globex = await call('provider', 'GET', `/services/crowdstrike/medr/${ids.globex}`);
    expect(globex.statusCode).toBe(404);
    const hidden = await call('provider', 'GET', `/services/crowdstrike/medr/${ids.globex}/hosts`);
    expect(hidden.statusCode).toBe(404);
    const notOwner = await call('acme', 'GET', `/services/crowdstrike/mssp/${ids.mssp}`);
    expect(notOwner.statusCode).toBe(404);
  });

  it('contains a host as a task and lifts it again', async () => {
    const url = `/services/crowdstrike/medr/${ids.acme}/hosts/${ids.host}/containment`;
    // The matrix's good call may still be running: wait until the host shows contained.
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await hosts()).find((host) => host.id === ids.host)?.status === 'contained') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await hosts()).find((host) => host.id === ids.host)?.status).toBe('contained');
    const again = await call('acme', 'POST', url, { operation: 'contain' });
    expect(again.statusCode).toBe(409);
    const lift = await call('acme', 'POST', url, { operation: 'lift' });
    expect(lift.statusCode).toBe(202);
    const end = await fx.waitTask('acme', lift.json<{ data: { task_id: number } }>().data.task_id);
    expect(end).toEqual({ state: 'SUCCESS', message: expect.stringMatching(/was lifted\.$/) });
    expect((await hosts()).find((host) => host.id === ids.host)?.status).toBe('online');
  });

  it('closes detections in bulk with a resolution and a comment; closing without one is refused', async () => {
    const url = `/services/crowdstrike/medr/${ids.acme}/detections`;
    const unresolved = await call('acme', 'PATCH', url, { ids: [ids.detection], status: 'closed' });
    expect(unresolved.statusCode).toBe(400);
    expect(unresolved.json()).toMatchObject({ field: 'resolution' });
    const early = await call('acme', 'PATCH', url, {
      ids: [ids.detection],
      status: 'in_progress',
      resolution: 'ignored',
    });
    expect(early.json()).toMatchObject({ field: 'resolution' });
    const reply = await call('acme', 'PATCH', url, {
      ids: [ids.detection],
      status: 'closed',
      resolution: 'false_positive',
      comment: 'False positive: the backup agent.',
    });
    expect(reply.json()).toEqual({ data: { updated: 1 } });
    const closed = (await call('acme', 'GET', `${url}?status=closed`)).json<{
      data: {
        id: number;
        resolution: string | null;
        closed_at: string | null;
        comments: { body: string }[];
      }[];
    }>().data;
    const detection = closed.find((each) => each.id === ids.detection);
    expect(detection?.resolution).toBe('false_positive');
    expect(Date.parse(detection?.closed_at ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect(detection?.comments.map((comment) => comment.body)).toContain(
      'False positive: the backup agent.',
    );
    const one = (await call('acme', 'GET', `${url}/${ids.detection}`)).json<{
      data: { detection: { resolution: string }; host: { hostname: string } };
    }>().data;
    expect(one.detection.resolution).toBe('false_positive');
    expect(one.host.hostname).toBeTruthy();
    // Opened again, it has no resolution until closed again.
    await call('acme', 'PATCH', url, { ids: [ids.detection], status: 'new' });
    const reopened = (await call('acme', 'GET', `${url}/${ids.detection}`)).json<{
      data: { detection: { resolution: string | null; closed_at: string | null } };
    }>().data;
    expect(reopened.detection).toMatchObject({ resolution: null, closed_at: null });
    const unknown = await call('acme', 'PATCH', url, {
      ids: [999_999],
      status: 'closed',
      resolution: 'ignored',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("assigns only to the tenant's users, listed as assignees", async () => {
    const url = `/services/crowdstrike/medr/${ids.acme}`;
    const assignees = (await call('acme', 'GET', `${url}/assignees`)).json<{
      data: { email: string; tenant_name: string }[];
    }>().data;
    const emails = assignees.map((user) => user.email);
    expect(emails).toContain('acme@portal.test');
    expect(emails.some((email) => email.startsWith('globex'))).toBe(false);
    const stranger = await call('acme', 'PATCH', `${url}/detections`, {
      ids: [ids.detection],
      assignee: 'globex@portal.test',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ field: 'assignee' });
    const mine = await call('acme', 'PATCH', `${url}/detections`, {
      ids: [ids.detection],
      assignee: 'ACME@portal.test',
    });
    expect(mine.statusCode).toBe(200);
    const seen = (await call('acme', 'GET', `${url}/detections/${ids.detection}`)).json<{
      data: { detection: { assignee: string } };
    }>().data.detection.assignee;
    expect(seen).toBe('acme@portal.test');
    // The provider's analysts (an MSSP over a delegated child) may take it too.
    const provider = (await call('provider', 'GET', `${url}/assignees`)).json<{
      data: { email: string }[];
    }>().data;
    expect(provider.map((user) => user.email)).toEqual(
      expect.arrayContaining(['acme@portal.test', 'provider@portal.test']),
    );
  });

  it('lists detections by severity, then newest first; a host page has only its own', async () => {
    const url = `/services/crowdstrike/medr/${ids.acme}`;
    const list = (await call('acme', 'GET', `${url}/detections`)).json<{
      data: { severity: string; detected_at: string; host_id: number }[];
    }>().data;
    expect(list.length).toBeGreaterThan(1);
    const rank = ['critical', 'high', 'medium', 'low'];
    for (let i = 1; i < list.length; i += 1) {
      const [a, b] = [list[i - 1], list[i]];
      if (!a || !b) continue;
      const bySeverity = rank.indexOf(a.severity) - rank.indexOf(b.severity);
      expect(bySeverity).toBeLessThanOrEqual(0);
      if (bySeverity === 0) expect(a.detected_at >= b.detected_at).toBe(true);
    }
    const hostId = list[0]?.host_id ?? 0;
    const host = (await call('acme', 'GET', `${url}/hosts/${hostId}`)).json<{
      data: { host: { id: number }; detections: { host_id: number }[] };
    }>().data;
    expect(host.host.id).toBe(hostId);
    expect(host.detections.length).toBe(list.filter((d) => d.host_id === hostId).length);
    expect(host.detections.every((d) => d.host_id === hostId)).toBe(true);
    const missing = await call('acme', 'GET', `${url}/hosts/999999`);
    expect(missing.statusCode).toBe(404);
  });

  it('marks hosts outdated according to the policy', async () => {
    const policy = `/services/crowdstrike/medr/${ids.acme}/policy`;
    const latest = await call('acme', 'PATCH', policy, {
      mode: 'latest',
      uninstall_protection: true,
    });
    const target = latest.json<{ data: { target_version: string } }>().data.target_version;
    const all = await hosts();
    const outdated = await hosts('?filter=outdated');
    expect(outdated.map((host) => host.id)).toEqual(
      all.filter((host) => host.sensor_version !== target).map((host) => host.id),
    );
    expect(outdated.length).toBeGreaterThan(0);
    const oldest = latest
      .json<{ data: { releases: { version: string }[] } }>()
      .data.releases.at(-1);
    await call('acme', 'PATCH', policy, {
      mode: 'pinned',
      pinned_version: oldest?.version,
      uninstall_protection: false,
    });
    expect(await hosts('?filter=outdated')).toEqual([]);
  });

  it("counts a licence seat for each of the tenant's hosts with a sensor", async () => {
    const [tenant] = await test.db.query<{ id: number }>(
      "select id from tenants where cdb_id = 'UZZ100001'",
    );
    const holders = await endpointSeatCounters[0]?.holders(test.db, tenant?.id ?? 0);
    expect(holders?.map((holder) => holder.name).sort()).toEqual(
      (await hosts()).map((host) => host.hostname).sort(),
    );
    expect(holders?.every((holder) => holder.kind === 'host')).toBe(true);
  });
});

describe.each(databaseKinds())('the simulated EDR platform on $kind', ({ open }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
  });
  afterAll(() => test?.dispose());

  it('drifts a powered-off VM to stale, releases versions and raises detections once', async () => {
    const sim = new EndpointSimulator(test.db, { speed: 1 });
    const sub = { id: 7, tenantId: 1 };
    const settings = { mode: 'latest' as const, pinnedVersion: null };
    const t0 = new Date('2026-01-01T00:00:00Z');
    const vm = { vmId: 3, name: 'db-01', os: 'Ubuntu 24.04', poweredOn: true };
    const first = await sim.observeEndpoints(sub, [vm], settings, t0);
    expect(first.releases).toHaveLength(4);
    expect(first.hosts.find((host) => host.ref === 'vm-3')).toMatchObject({
      online: true,
      lastSeen: t0.toISOString(),
    });
    expect(first.detections.length).toBeGreaterThan(0);
    const repeat = await sim.observeEndpoints(sub, [vm], settings, t0);
    expect(repeat.detections).toEqual([]);
    const later = new Date(t0.getTime() + 49 * 3_600_000);
    const off = await sim.observeEndpoints(sub, [{ ...vm, poweredOn: false }], settings, later);
    expect(off.releases).toHaveLength(6);
    expect(off.hosts.find((host) => host.ref === 'vm-3')).toMatchObject({
      online: false,
      lastSeen: t0.toISOString(),
    });
    expect(off.detections.every((detection) => detection.hostRef !== 'vm-3')).toBe(true);
  });
});

describe.each(databaseKinds())('endpoint check-ins on $kind', ({ open }) => {
  let test: TestDatabase;
  let tenantId = 0;
  const observed: number[] = [];
  let deps: CrowdstrikeDeps;
  const caller = () => ({ tenantId, tenantCdbId: 'UZZ100001' }) as ServiceCaller;
  const checkedIn = async () =>
    (
      await test.db.query<{ id: number }>(
        "select id from edr_subscriptions where kind = 'medr' and checked_in_at is not null",
      )
    ).map((row) => row.id);
  const readSubscriptions = async () => (await readSubscriptionList(deps, caller(), {})).data;

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    await seedNewSubscriptions(test.db, 'UZZ100001', 30);
    const [tenant] = await test.db.query<{ id: number }>(
      "select id from tenants where cdb_id = 'UZZ100001'",
    );
    tenantId = tenant?.id ?? 0;
    const simulator = new EndpointSimulator(test.db, { speed: 1 });
    deps = {
      db: test.db,
      driver: {
        observeEndpoints: (subscription, ...rest) => {
          observed.push(subscription.id);
          return simulator.observeEndpoints(subscription, ...rest);
        },
        setContainment: (...args) => simulator.setContainment(...args),
      },
    };
  });
  afterAll(() => test?.dispose());

  it('a list read checks in only a few new subscriptions; the loops check in the rest, each once', async () => {
    const first = await readSubscriptions();
    expect(first.filter((row) => row.kind === 'medr').length).toBeGreaterThanOrEqual(30);
    // The read waited for four rounds, not thirty: the others show no hosts yet.
    expect(observed).toHaveLength(4);
    const firstFour = [...observed].sort();
    expect((await checkedIn()).sort()).toEqual(firstFour);
    const again = await readSubscriptions();
    expect(observed).toHaveLength(8);
    expect(again.length).toBe(first.length);

    // Two server instances' loops at once: each subscription is checked in by one of them.
    const quiet = Fastify({ logger: false }).log;
    const options = { pollMs: 60_000, freshMs: 60_000, perRound: 10 };
    const loops = [new CheckInLoop(deps, quiet, options), new CheckInLoop(deps, quiet, options)];
    observed.length = 0;
    let total =
      (
        await test.db.query<{ count: number }>(
          "select count(*)::int as count from edr_subscriptions where kind = 'medr'",
        )
      )[0]?.count ?? 0;
    while ((await checkedIn()).length < total) await Promise.all(loops.map((loop) => loop.tick()));
    expect(new Set(observed).size).toBe(observed.length);
    expect(observed.length).toBe(total - 8);
    expect(loops.every((loop) => loop.rounds > 0)).toBe(true);

    // Fresh everywhere: a read checks nothing in, and a loop finds nothing due.
    observed.length = 0;
    await readSubscriptions();
    await loops[0]?.tick();
    expect(observed).toEqual([]);
    const listed = await readSubscriptions();
    total = listed.reduce((sum, row) => sum + (row.kind === 'medr' ? row.totals.hosts : 0), 0);
    expect(total).toBeGreaterThan(0);

    // Once check-ins are older than freshMs, the stalest are due again, ten a round.
    const due = new CheckInLoop(deps, quiet, { ...options, freshMs: 0 });
    await due.tick();
    expect(observed).toHaveLength(10);
    expect(observed.filter((id) => firstFour.includes(id)).sort()).toEqual(firstFour);
  });

  it('a page counts and checks in only its own rows, with the figures the whole list gives them', async () => {
    // Everything has checked in (the test before); three new subscriptions have not.
    await seedNewSubscriptions(test.db, 'UZZ100001', 3);
    observed.length = 0;
    const page = await readSubscriptionList(deps, caller(), { limit: 2, sort: '-id' });
    const checkedByPage = [...observed].sort();
    const whole = await readSubscriptions();
    const newest = [...whole].sort((a, b) => b.id - a.id).slice(0, 2);
    expect(page.data).toEqual(newest);
    expect(page.page?.total).toBe(whole.length);
    // The page's two new subscriptions, not the third: it is checked in by the whole read.
    expect(checkedByPage).toEqual(newest.map((row) => row.id).sort());
    expect(page.data.every((row) => row.totals.hosts > 0)).toBe(true);

    // Sorted by the figures themselves, every row's are counted to choose the page.
    const byHosts = await readSubscriptionList(deps, caller(), { limit: 3, sort: '-hosts' });
    const most = [...whole].sort((a, b) => b.totals.hosts - a.totals.hosts || b.id - a.id);
    expect(byHosts.data).toEqual(most.slice(0, 3));
  });
});
