import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Ids {
  network: number;
  gateway: number;
  address: number;
  /** A gateway nothing uses, made for the delete call. */
  spareGateway: number;
}

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  ok: number;
  bad?: { url?: (ids: Ids) => string; body?: unknown; field: string };
  foreign: boolean;
  /** Where another tenant is refused, when the good call deletes what `url` names. */
  foreignUrl?: (ids: Ids) => string;
}

const NEW_NETWORK = {
  name: 'matrix-net',
  location: 'AMS1',
  vlan_id: 610,
  cidr: '10.61.0.0/24',
  gateway_id: null,
  dns_servers: ['1.1.1.1'],
};

const CASES: RouteCase[] = [
  {
    name: 'GET /services/networking',
    method: 'GET',
    url: () => '/services/networking',
    ok: 200,
    foreign: false,
  },
  {
    name: 'GET /services/networking/{id}',
    method: 'GET',
    url: (ids) => `/services/networking/${ids.network}`,
    ok: 200,
    bad: { url: () => '/services/networking/abc', field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/networking/gateways',
    method: 'GET',
    url: () => '/services/networking/gateways',
    ok: 200,
    foreign: false,
  },
  {
    name: 'GET /services/networking/addresses',
    method: 'GET',
    url: () => '/services/networking/addresses',
    ok: 200,
    foreign: false,
  },
  {
    name: 'GET /services/networking/topology',
    method: 'GET',
    url: () => '/services/networking/topology',
    ok: 200,
    foreign: false,
  },
  {
    name: 'GET /services/networking/usage',
    method: 'GET',
    url: () => '/services/networking/usage?location=AMS1',
    ok: 200,
    bad: { url: () => '/services/networking/usage?location=MARS9', field: 'location' },
    foreign: false,
  },
  {
    name: 'POST /services/networking',
    method: 'POST',
    url: () => '/services/networking',
    body: () => NEW_NETWORK,
    ok: 202,
    bad: { body: { ...NEW_NETWORK, cidr: '10.61.0.5/24' }, field: 'cidr' },
    foreign: false,
  },
  {
    name: 'PATCH /services/networking/{id}',
    method: 'PATCH',
    url: (ids) => `/services/networking/${ids.network}`,
    body: () => ({ dns_servers: ['9.9.9.9', '1.0.0.1'] }),
    ok: 202,
    bad: { body: { dhcp_start: '192.168.1.1' }, field: 'dhcp_start' },
    foreign: true,
  },
  {
    name: 'DELETE /services/networking/{id}',
    method: 'DELETE',
    url: (ids) => `/services/networking/${ids.network}`,
    ok: 409,
    bad: { url: () => '/services/networking/0', field: 'id' },
    foreign: true,
  },
  {
    name: 'POST /services/networking/gateways',
    method: 'POST',
    url: () => '/services/networking/gateways',
    body: () => ({ name: 'tyo1-edge-2', location: 'TYO1', snat: false }),
    ok: 202,
    bad: { body: { name: 'x', location: 'MARS1', snat: true }, field: 'location' },
    foreign: false,
  },
  {
    name: 'PATCH /services/networking/gateways/{id}',
    method: 'PATCH',
    url: (ids) => `/services/networking/gateways/${ids.gateway}`,
    body: () => ({ snat: false }),
    ok: 202,
    bad: { body: { snat: 'no' }, field: 'snat' },
    foreign: true,
  },
  {
    name: 'DELETE /services/networking/gateways/{id}',
    method: 'DELETE',
    url: (ids) => `/services/networking/gateways/${ids.spareGateway}`,
    ok: 202,
    bad: { url: () => '/services/networking/gateways/-1', field: 'id' },
    foreign: true,
    foreignUrl: (ids) => `/services/networking/gateways/${ids.gateway}`,
  },
  {
    name: 'POST /services/networking/addresses',
    method: 'POST',
    url: () => '/services/networking/addresses',
    body: (ids) => ({ gateway_id: ids.gateway }),
    ok: 202,
    bad: { body: { gateway_id: 999999 }, field: 'gateway_id' },
    foreign: false,
  },
  {
    name: 'DELETE /services/networking/addresses/{id}',
    method: 'DELETE',
    url: (ids) => `/services/networking/addresses/${ids.address}`,
    ok: 202,
    bad: { url: () => '/services/networking/addresses/x', field: 'id' },
    foreign: true,
  },
];

interface NetworkReply {
  id: number;
  name: string;
  location: string;
  vlan_id: number;
  state: string;
  vm_count: number;
}

describe.each(databaseKinds())('networking routes on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  const ids = {} as Ids;

  const networks = async () =>
    (await fx.call('acme', 'GET', '/services/networking')).json<{ data: NetworkReply[] }>().data;

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    const attached = (await networks()).find((network) => network.vm_count > 0);
    ids.network = attached?.id ?? 0;
    const gateways = (await fx.call('acme', 'GET', '/services/networking/gateways')).json<{
      data: { id: number; location: string }[];
    }>().data;
    ids.gateway = gateways[0]?.id ?? 0;
    const addresses = (await fx.call('acme', 'GET', '/services/networking/addresses')).json<{
      data: { id: number; managed: boolean; nat: unknown }[];
    }>().data;
    ids.address = addresses.find((address) => address.managed && !address.nat)?.id ?? 0;
    const spare = await fx.call('acme', 'POST', '/services/networking/gateways', {
      name: 'ams1-spare',
      location: 'AMS1',
      snat: true,
    });
    const made = spare.json<{ data: { task_id: number; id: number } }>().data;
    expect((await fx.waitTask('acme', made.task_id)).state).toBe('SUCCESS');
    ids.spareGateway = made.id;
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('seeds networks for the demo VMs, a gateway and a spare address', () => {
    expect(ids.network).toBeGreaterThan(0);
    expect(ids.gateway).toBeGreaterThan(0);
    expect(ids.address).toBeGreaterThan(0);
  });

  describe.each(CASES)('$name', (route) => {
    it('answers a good call', async () => {
      const reply = await fx.call('acme', route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(route.ok);
      if (route.ok === 202) {
        const data = reply.json<{ data: { task_id: number } }>().data;
        const end = await fx.waitTask('acme', data.task_id);
        expect(end).toMatchObject({ state: 'SUCCESS' });
      }
      if (route.ok === 409)
        expect(reply.json<{ message: string }>().message).toMatch(/cannot be deleted while/);
    });

    it('answers 401 without a token', async () => {
      const reply = await fx.call(null, route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(401);
    });
  });

  describe.each(CASES.filter((route) => route.bad))('$name', (route) => {
    it('refuses a bad input with 400 naming the field', async () => {
      const bad = route.bad ?? { field: '' };
      const reply = await fx.call(
        'acme',
        route.method,
        bad.url?.(ids) ?? route.url(ids),
        bad.body ?? route.body?.(ids),
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ field: bad.field });
    });
  });

  describe.each(CASES.filter((route) => route.foreign))('$name', (route) => {
    it("answers 404 for another tenant's resource", async () => {
      const url = (route.foreignUrl ?? route.url)(ids);
      const reply = await fx.call('poc', route.method, url, route.body?.(ids));
      expect(reply.statusCode).toBe(404);
    });
  });

  describe.each(CASES.filter((route) => route.method !== 'GET'))('$name', (route) => {
    it('refuses a viewer with 403', async () => {
      const url = (route.foreignUrl ?? route.url)(ids);
      const reply = await fx.call('globex', route.method, url, route.body?.(ids));
      expect(reply.statusCode).toBe(403);
    });
  });

  it("names the tenant's own gateway on a VM's NAT entry, not by its id", async () => {
    const gateways = (await fx.call('acme', 'GET', '/services/networking/gateways')).json<{
      data: { id: number; name: string; location: string }[];
    }>().data;
    const gateway = gateways.find((each) => each.id === ids.gateway);
    const vms = (await fx.call('acme', 'GET', '/services/eseries')).json<{
      data: { id: number; location: string; adapters: { ip: string | null }[] }[];
    }>().data;
    const vm = vms.find(
      (each) => each.location === gateway?.location && each.adapters.some((a) => a.ip),
    );
    expect(vm).toBeDefined();
    const created = await fx.call('acme', 'POST', `/services/eseries/${vm?.id}/nat`, {
      operation: 'create',
      data: { gateway_id: ids.gateway },
    });
    expect(created.statusCode, created.body).toBe(202);
    const task = await fx.waitTask(
      'acme',
      created.json<{ data: { task_id: number } }>().data.task_id,
    );
    expect(task.state, task.message).toBe('SUCCESS');
    const detail = (await fx.call('acme', 'GET', `/services/compute/${vm?.id}`)).json<{
      data: { nat: { gateway_id: number; gateway_name: string | null; status: string }[] };
    }>().data;
    expect(
      detail.nat.find((entry) => entry.gateway_id === ids.gateway && entry.status === 'active'),
    ).toMatchObject({ gateway_name: gateway?.name });
  });

  it("answers the VLANs and ranges the tenant's networks use at a site, and a free VLAN", async () => {
    type Usage = {
      location: string;
      used: { name: string; vlan_id: number; cidr: string; location: string }[];
      free_vlan: number | null;
    };
    const own = (await networks()).filter(
      (network) => network.location === 'AMS1' && network.state !== 'error',
    );
    expect(own.length).toBeGreaterThan(0);
    const reply = await fx.call('acme', 'GET', '/services/networking/usage?location=AMS1');
    expect(reply.statusCode).toBe(200);
    const usage = reply.json<{ data: Usage }>().data;
    expect(usage.location).toBe('AMS1');
    expect(usage.used.map((each) => each.name).sort()).toEqual(
      own.map((network) => network.name).sort(),
    );
    const vlans = new Set(usage.used.map((each) => each.vlan_id));
    expect(usage.free_vlan).not.toBeNull();
    expect(vlans.has(usage.free_vlan ?? -1)).toBe(false);
    expect(usage.free_vlan).toBeGreaterThanOrEqual(100);
    // The suggested VLAN is one the creation accepts.
    const made = await fx.call('acme', 'POST', '/services/networking', {
      ...NEW_NETWORK,
      name: 'suggested-vlan',
      vlan_id: usage.free_vlan,
      cidr: '10.77.0.0/24',
    });
    expect(made.statusCode, made.body).toBe(202);
    const after = (await fx.call('acme', 'GET', '/services/networking/usage?location=AMS1')).json<{
      data: Usage;
    }>().data;
    expect(after.used.map((each) => each.vlan_id)).toContain(usage.free_vlan);
    expect(after.free_vlan).not.toBe(usage.free_vlan);
    // Another tenant sees none of these networks: its own usage only.
    const other = (await fx.call('poc', 'GET', '/services/networking/usage?location=AMS1')).json<{
      data: Usage;
    }>().data;
    expect(other.used.some((each) => own.some((network) => network.name === each.name))).toBe(
      false,
    );
    // A read-only role may read it (it changes nothing); no location is a 400 naming it.
    expect(
      (await fx.call('globex', 'GET', '/services/networking/usage?location=AMS1')).statusCode,
    ).toBe(200);
    const missing = await fx.call('acme', 'GET', '/services/networking/usage');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'location' });
  });

  it('refuses an overlapping CIDR and a VLAN in use with 409 sentences', async () => {
    const existing = (await networks()).find((network) => network.location === 'AMS1');
    const overlap = await fx.call('acme', 'POST', '/services/networking', {
      ...NEW_NETWORK,
      name: 'overlap',
      vlan_id: 611,
      cidr: '10.61.0.128/25',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json<{ message: string }>().message).toMatch(/overlaps 10\.61\.0\.0\/24/);
    const vlan = await fx.call('acme', 'POST', '/services/networking', {
      ...NEW_NETWORK,
      name: 'same-vlan',
      vlan_id: existing?.vlan_id,
      cidr: '10.62.0.0/24',
    });
    expect(vlan.statusCode).toBe(409);
    expect(vlan.json<{ message: string }>().message).toMatch(/^VLAN \d+ is already used at AMS1/);
  });

  it('offers a new network to the VM wizard and gives VMs addresses from its range', async () => {
    const made = await fx.call('acme', 'POST', '/services/networking', {
      ...NEW_NETWORK,
      name: 'wizard-net',
      vlan_id: 630,
      cidr: '10.63.0.0/24',
    });
    expect(made.statusCode).toBe(202);
    const createdNet = made.json<{ data: { task_id: number } }>().data;
    expect((await fx.waitTask('acme', createdNet.task_id)).state).toBe('SUCCESS');
    const catalogue = (await fx.call('acme', 'GET', '/services/eseries/catalogue')).json<{
      data: { regions: { sites: { location: string; portgroups: { name: string }[] }[] }[] };
    }>().data;
    const ams = catalogue.regions
      .flatMap((region) => region.sites)
      .find((s) => s.location === 'AMS1');
    expect(ams?.portgroups.map((pg) => pg.name)).toContain('wizard-net');
    const other = (await fx.call('globex', 'GET', '/services/eseries/catalogue')).json<{
      data: { regions: { sites: { portgroups: { name: string }[] }[] }[] };
    }>().data;
    expect(JSON.stringify(other)).not.toContain('wizard-net');
    const create = await fx.call('acme', 'POST', '/services/eseries', {
      location: 'AMS1',
      status: 'trial',
      tenant_id: 'UZZ100001',
      display_name: 'on-matrix',
      vsnap: false,
      monitoring: false,
      vm_params: {
        vcpus: 1,
        memory: 2048,
        cluster_name: 'AMS1-CL01',
        os: { name: 'Debian', version: '12', guest_full_name: 'Debian GNU/Linux 12 (64-bit)' },
        adapters: [{ portgroup: 'wizard-net', vlan_id: 630 }],
        disk_size_gb: null,
      },
    });
    expect(create.statusCode).toBe(202);
    const { task_id: taskId } = create.json<{ data: { task_id: number } }>().data;
    expect(await fx.waitTask('acme', taskId)).toEqual({
      state: 'SUCCESS',
      message: expect.any(String),
    });
    const network = (await networks()).find((each) => each.name === 'wizard-net');
    const detail = (await fx.call('acme', 'GET', `/services/networking/${network?.id}`)).json<{
      data: { ports: { display_name: string; ip: string }[] };
    }>().data;
    expect(detail.ports).toEqual([
      expect.objectContaining({ display_name: 'on-matrix', ip: '10.63.0.10' }),
    ]);
    const refused = await fx.call('acme', 'DELETE', `/services/networking/${network?.id}`);
    expect(refused.statusCode).toBe(409);
  }, 60_000);

  it('gives 10 VMs created at once on one network 10 distinct addresses, none failing', async () => {
    const made = await fx.call('acme', 'POST', '/services/networking', {
      ...NEW_NETWORK,
      name: 'race-net',
      vlan_id: 640,
      cidr: '10.64.0.0/24',
    });
    expect(made.statusCode).toBe(202);
    const madeTask = made.json<{ data: { task_id: number } }>().data.task_id;
    expect((await fx.waitTask('acme', madeTask)).state).toBe('SUCCESS');
    const names = Array.from({ length: 10 }, (_, i) => `race-${i}`);
    const creations = await Promise.all(
      names.map((name) =>
        fx.call('acme', 'POST', '/services/eseries', {
          location: 'AMS1',
          status: 'trial',
          tenant_id: 'UZZ100001',
          display_name: name,
          vsnap: false,
          monitoring: false,
          vm_params: {
            vcpus: 1,
            memory: 2048,
            cluster_name: 'AMS1-CL01',
            os: { name: 'Debian', version: '12', guest_full_name: 'Debian GNU/Linux 12 (64-bit)' },
            adapters: [{ portgroup: 'race-net', vlan_id: 640 }],
            disk_size_gb: null,
          },
        }),
      ),
    );
    expect(creations.map((reply) => reply.statusCode)).toEqual(names.map(() => 202));
    const ends = await Promise.all(
      creations.map((reply) =>
        fx.waitTask('acme', reply.json<{ data: { task_id: number } }>().data.task_id),
      ),
    );
    expect(ends.map((end) => end.state)).toEqual(names.map(() => 'SUCCESS'));
    const network = (await networks()).find((each) => each.name === 'race-net');
    const detail = (await fx.call('acme', 'GET', `/services/networking/${network?.id}`)).json<{
      data: { ports: { display_name: string; ip: string }[] };
    }>().data;
    expect(detail.ports.map((port) => port.display_name).sort()).toEqual([...names].sort());
    expect(new Set(detail.ports.map((port) => port.ip)).size).toBe(10);
  }, 120_000);
  it('deletes a gateway nothing uses, audited, and refuses one in use with a sentence', async () => {
    const gateways = async () =>
      (await fx.call('acme', 'GET', '/services/networking/gateways')).json<{
        data: { id: number; name: string; network_count: number }[];
      }>().data;
    const used = (await gateways()).find((gateway) => gateway.network_count > 0);
    if (!used) throw new Error('no demo gateway with a network');
    const refused = await fx.call('acme', 'DELETE', `/services/networking/gateways/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(
      new RegExp(`^The gateway ${used.name} cannot be deleted while .*networks?\\b.* uses? it; `),
    );

    const made = await fx.call('acme', 'POST', '/services/networking/gateways', {
      name: 'ams1-short-lived',
      location: 'AMS1',
      snat: false,
    });
    const { task_id: created, id } = made.json<{ data: { task_id: number; id: number } }>().data;
    expect((await fx.waitTask('acme', created)).state).toBe('SUCCESS');
    const address = await fx.call('acme', 'POST', '/services/networking/addresses', {
      gateway_id: id,
    });
    const allocated = address.json<{ data: { task_id: number; id: number } }>().data;
    expect((await fx.waitTask('acme', allocated.task_id)).state).toBe('SUCCESS');
    const holding = await fx.call('acme', 'DELETE', `/services/networking/gateways/${id}`);
    expect(holding.statusCode).toBe(409);
    expect(holding.json()).toEqual({
      message:
        'The gateway ams1-short-lived cannot be deleted while it holds 1 public address; release it first.',
    });
    const release = await fx.call(
      'acme',
      'DELETE',
      `/services/networking/addresses/${allocated.id}`,
    );
    const released = release.json<{ data: { task_id: number } }>().data.task_id;
    expect((await fx.waitTask('acme', released)).state).toBe('SUCCESS');

    const removal = await fx.call('acme', 'DELETE', `/services/networking/gateways/${id}`);
    expect(removal.statusCode).toBe(202);
    // While it goes, no network may be put behind it.
    const behind = await fx.call('acme', 'POST', '/services/networking', {
      ...NEW_NETWORK,
      name: 'behind-a-goner',
      vlan_id: 650,
      cidr: '10.65.0.0/24',
      gateway_id: id,
    });
    expect(behind.statusCode).toBe(400);
    expect(behind.json()).toMatchObject({ field: 'gateway_id' });
    const taskId = removal.json<{ data: { task_id: number } }>().data.task_id;
    expect(await fx.waitTask('acme', taskId)).toEqual({
      state: 'SUCCESS',
      message: 'The gateway ams1-short-lived was deleted.',
    });
    expect((await gateways()).map((gateway) => gateway.id)).not.toContain(id);
    const platform = await test.db.query('select 1 from sim_gateway where gateway_id = $1', [id]);
    expect(platform).toEqual([]);
    const audits = await test.db.query<{ result: string; actor_email: string }>(
      `select result, actor_email from audit_log where action = 'gateway.delete' and target = $1
        order by id`,
      [`network_gateway:${id}`],
    );
    expect(audits).toEqual([
      { result: 'failure', actor_email: 'acme@portal.test' },
      { result: 'success', actor_email: 'acme@portal.test' },
    ]);
  }, 60_000);
});
