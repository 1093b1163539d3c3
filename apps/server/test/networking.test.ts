import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Ids {
  network: number;
  gateway: number;
  address: number;
}

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  ok: number;
  bad?: { url?: (ids: Ids) => string; body?: unknown; field: string };
  foreign: boolean;
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
      const reply = await fx.call('poc', route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(404);
    });
  });

  describe.each(CASES.filter((route) => route.method !== 'GET'))('$name', (route) => {
    it('refuses a viewer with 403', async () => {
      const reply = await fx.call('globex', route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(403);
    });
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
});
