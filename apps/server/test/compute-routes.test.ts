import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';

interface Ids {
  /** acme's eseries VM the matrix works on (AMS1, powered on, two adapters). */
  vm: number;
  /** acme's VM with the seeded NAT entry and firewall rule (AMS1, powered on). */
  web: number;
  nat: number;
  rule: number;
  snapshot: number;
  /** acme's vwseries service and one VM in it. */
  serviceid: string;
  vwVm: number;
  task: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** The good call's status. */
  ok: number;
  /** A bad input and the field the 400 must name. */
  bad: { url?: (ids: Ids) => string; body?: unknown; field: string };
  /** Whether the route addresses one of acme's resources, so another tenant must get 404. */
  foreign: boolean;
}

const CREATE_BODY = {
  location: 'AMS1',
  status: 'trial',
  tenant_id: 'UZZ100001',
  display_name: 'matrix-vm',
  vsnap: false,
  monitoring: true,
  vm_params: {
    vcpus: 2,
    memory: 4096,
    cluster_name: 'AMS1-CL01',
    os: { name: 'Ubuntu', version: '24.04 LTS', guest_full_name: 'Ubuntu Linux 24.04 (64-bit)' },
    adapters: [{ portgroup: 'ams1-frontend', vlan_id: 100 }],
    disk_size_gb: null,
  },
};

const RULE = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '22',
  source: '203.0.113.0/24',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: 'SSH from the office',
};

const vwBase = (ids: Ids) => `/services/vwseries/${ids.serviceid}/vm`;

const CASES: RouteCase[] = [
  {
    name: 'GET /services/compute/{id}',
    method: 'GET',
    url: (ids) => `/services/compute/${ids.vwVm}`,
    ok: 200,
    bad: { url: () => '/services/compute/abc', field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/eseries',
    method: 'GET',
    url: () => '/services/eseries?detail_fields=nat&detail_fields=firewall_rules&network_id=100',
    ok: 200,
    bad: { url: () => '/services/eseries?detail_fields=disks', field: 'detail_fields.0' },
    foreign: false,
  },
  {
    name: 'POST /services/eseries',
    method: 'POST',
    url: () => '/services/eseries',
    body: () => CREATE_BODY,
    ok: 202,
    bad: {
      body: { ...CREATE_BODY, vm_params: { ...CREATE_BODY.vm_params, memory: 4000 } },
      field: 'vm_params.memory',
    },
    foreign: false,
  },
  {
    name: 'GET /services/eseries/catalogue',
    method: 'GET',
    url: () => '/services/eseries/catalogue',
    ok: 200,
    bad: { url: () => '/services/eseries/task_status/0', field: 'id' },
    foreign: false,
  },
  {
    name: 'GET /services/eseries/task_status/{id}',
    method: 'GET',
    url: (ids) => `/services/eseries/task_status/${ids.task}`,
    ok: 200,
    bad: { url: () => '/services/eseries/task_status/x', field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/eseries/{id}/metrics',
    method: 'GET',
    url: (ids) => `/services/eseries/${ids.vm}/metrics?metric=cpu&range=6h&step=300`,
    ok: 200,
    bad: { url: (ids) => `/services/eseries/${ids.vm}/metrics?metric=heat`, field: 'metric' },
    foreign: true,
  },
  {
    name: 'GET /services/eseries/{id}',
    method: 'GET',
    url: (ids) => `/services/eseries/${ids.vm}`,
    ok: 200,
    bad: { url: () => '/services/eseries/-1', field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/eseries/{id}/console',
    method: 'GET',
    url: (ids) => `/services/eseries/${ids.web}/console`,
    ok: 200,
    bad: { url: () => '/services/eseries/1.5/console', field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/eseries/{id}/status',
    method: 'GET',
    url: (ids) => `/services/eseries/${ids.vm}/status`,
    ok: 200,
    bad: { url: () => '/services/eseries/x/status', field: 'id' },
    foreign: true,
  },
  {
    name: 'POST /services/eseries/{id}/power_state',
    method: 'POST',
    url: (ids) => `/services/eseries/${ids.vm}/power_state`,
    body: () => ({ power_operation: 'reboot' }),
    ok: 202,
    bad: { body: { power_operation: 'explode' }, field: 'power_operation' },
    foreign: true,
  },
  {
    name: 'GET /services/eseries/{id}/snapshot',
    method: 'GET',
    url: (ids) => `/services/eseries/${ids.web}/snapshot`,
    ok: 200,
    bad: { url: () => '/services/eseries/0/snapshot', field: 'id' },
    foreign: true,
  },
  {
    name: 'POST /services/eseries/{id}/snapshot',
    method: 'POST',
    url: (ids) => `/services/eseries/${ids.vm}/snapshot`,
    body: () => ({
      snap_op: 'CreateSnapshot',
      name: 'matrix',
      description: 'from the route matrix',
      power_state: false,
      quiesced: false,
      snap_id: null,
      suppress_power_on: null,
    }),
    ok: 202,
    bad: { body: { snap_op: 'RevertSnapshot', snap_id: null }, field: 'snap_id' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/vm',
    method: 'GET',
    url: (ids) => `${vwBase(ids)}?detail_fields=nat`,
    ok: 200,
    bad: { url: () => '/services/vwseries/VWS12/vm', field: 'serviceid' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/vm/{id}',
    method: 'GET',
    url: (ids) => `${vwBase(ids)}/${ids.vwVm}`,
    ok: 200,
    bad: { url: (ids) => `${vwBase(ids)}/zz`, field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/vm/{id}/console',
    method: 'GET',
    url: (ids) => `${vwBase(ids)}/${ids.vwVm}/console`,
    ok: 200,
    bad: { url: (ids) => `${vwBase(ids)}/zz/console`, field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/vm/{id}/status',
    method: 'GET',
    url: (ids) => `${vwBase(ids)}/${ids.vwVm}/status`,
    ok: 200,
    bad: { url: (ids) => `${vwBase(ids)}/zz/status`, field: 'id' },
    foreign: true,
  },
  {
    name: 'POST /services/vwseries/{serviceid}/vm/{id}/power_state',
    method: 'POST',
    url: (ids) => `${vwBase(ids)}/${ids.vwVm}/power_state`,
    body: () => ({ power_operation: 'reset' }),
    ok: 202,
    bad: { body: {}, field: 'power_operation' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/vm/{id}/snapshot',
    method: 'GET',
    url: (ids) => `${vwBase(ids)}/${ids.vwVm}/snapshot`,
    ok: 200,
    bad: { url: (ids) => `${vwBase(ids)}/zz/snapshot`, field: 'id' },
    foreign: true,
  },
  {
    name: 'POST /services/vwseries/{serviceid}/vm/{id}/snapshot',
    method: 'POST',
    url: (ids) => `${vwBase(ids)}/${ids.vwVm}/snapshot`,
    body: () => ({ snap_op: 'DeleteAllSnapshots' }),
    ok: 202,
    bad: { body: { snap_op: 'CreateSnapshot', name: ' ' }, field: 'name' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries',
    method: 'GET',
    url: () => '/services/vwseries',
    ok: 200,
    bad: { url: () => '/services/vwseries/ABCDEFGHI/backup', field: 'serviceid' },
    foreign: false,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/backup',
    method: 'GET',
    url: (ids) => `/services/vwseries/${ids.serviceid}/backup`,
    ok: 200,
    bad: { url: () => '/services/vwseries/VW-100001/backup', field: 'serviceid' },
    foreign: true,
  },
  {
    name: 'GET /services/vwseries/{serviceid}/usage',
    method: 'GET',
    url: (ids) => `/services/vwseries/${ids.serviceid}/usage`,
    ok: 200,
    bad: { url: () => '/services/vwseries/VWS1000011/usage', field: 'serviceid' },
    foreign: true,
  },
  {
    name: 'POST /services/vwseries/{serviceid}',
    method: 'POST',
    url: (ids) => `/services/vwseries/${ids.serviceid}`,
    body: () => ({ operation: 'refresh' }),
    ok: 202,
    bad: { body: { operation: 'delete' }, field: 'operation' },
    foreign: true,
  },
  {
    name: 'PUT /services/eseries/{id}/vlan/{vlanId}',
    method: 'PUT',
    url: (ids) => `/services/eseries/${ids.vm}/vlan/300`,
    ok: 202,
    bad: { url: (ids) => `/services/eseries/${ids.vm}/vlan/5000`, field: 'vlanId' },
    foreign: true,
  },
  {
    name: 'POST /services/eseries/{id}/nat',
    method: 'POST',
    url: (ids) => `/services/eseries/${ids.vm}/nat`,
    body: () => ({ operation: 'create', data: { gateway_id: 12 } }),
    ok: 202,
    bad: { body: { operation: 'create', data: {} }, field: 'data.gateway_id' },
    foreign: true,
  },
  {
    name: 'PUT /services/eseries/{id}/nat/{natId}',
    method: 'PUT',
    url: (ids) => `/services/eseries/${ids.web}/nat/${ids.nat}`,
    body: () => ({ status: 'cancel' }),
    ok: 202,
    bad: { body: { status: 'active' }, field: 'status' },
    foreign: true,
  },
  {
    name: 'PATCH /services/eseries/{id}',
    method: 'PATCH',
    url: (ids) => `/services/eseries/${ids.vm}`,
    body: () => ({ operation: 'update', data: { display_name: 'acme-db-primary' } }),
    ok: 202,
    bad: {
      body: { operation: 'update', data: { display_name: '-bad name!' } },
      field: 'data.display_name',
    },
    foreign: true,
  },
  {
    name: 'POST /services/eseries/{id}',
    method: 'POST',
    url: (ids) => `/services/eseries/${ids.vm}`,
    ok: 202,
    bad: { url: () => '/services/eseries/none', field: 'id' },
    foreign: true,
  },
  {
    name: 'POST /services/eseries/{id}/firewall_rule',
    method: 'POST',
    url: (ids) => `/services/eseries/${ids.vm}/firewall_rule`,
    body: () => RULE,
    ok: 202,
    bad: { body: { ...RULE, source: '203.0.113.0' }, field: 'source' },
    foreign: true,
  },
  {
    name: 'DELETE /services/eseries/{id}/firewall_rule/{ruleId}',
    method: 'DELETE',
    url: (ids) => `/services/eseries/${ids.web}/firewall_rule/${ids.rule}`,
    ok: 202,
    bad: { url: (ids) => `/services/eseries/${ids.web}/firewall_rule/x`, field: 'ruleId' },
    foreign: true,
  },
  {
    name: 'PATCH /services/eseries/{id}/instance',
    method: 'PATCH',
    url: (ids) => `/services/eseries/${ids.vm}/instance`,
    body: () => ({ vcpus: 6, memoryGB: 48 }),
    ok: 202,
    bad: { body: { vcpus: 0, memoryGB: 8 }, field: 'vcpus' },
    foreign: true,
  },
  {
    name: 'POST /services/eseries/{id}/instance',
    method: 'POST',
    url: (ids) => `/services/eseries/${ids.vm}/instance`,
    ok: 202,
    bad: { url: () => '/services/eseries/0/instance', field: 'id' },
    foreign: true,
  },
  {
    name: 'PATCH /services/eseries/{id}/boot_cdrom',
    method: 'PATCH',
    url: (ids) => `/services/eseries/${ids.vm}/boot_cdrom`,
    body: () => ({ operation: 'attach', data: { media_key: 'iso/systemrescue-11-amd64.iso' } }),
    ok: 202,
    bad: { body: { operation: 'attach', data: { cdrom_number: 9 } }, field: 'data.cdrom_number' },
    foreign: true,
  },
  {
    name: 'GET /services/task/{id}',
    method: 'GET',
    url: (ids) => `/services/task/${ids.task}`,
    ok: 200,
    bad: { url: () => '/services/task/abc', field: 'id' },
    foreign: true,
  },
  {
    name: 'GET /services/dseries',
    method: 'GET',
    url: () => '/services/dseries',
    ok: 200,
    bad: { url: () => '/services/eseries?network_id=0', field: 'network_id' },
    foreign: false,
  },
];

describe.each(databaseKinds())('compute routes on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;
  const ids = {} as Ids;

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
    const list = await fx.call('acme', 'GET', '/services/eseries?detail_fields=nat');
    const vms = list.json<{ data: { id: number; display_name: string; nat: { id: number }[] }[] }>()
      .data;
    const byName = (name: string) => {
      const vm = vms.find((each) => each.display_name === name);
      if (!vm) throw new Error(`no demo VM ${name}`);
      return vm;
    };
    ids.vm = byName('acme-db-01').id;
    const web = await fx.call('acme', 'GET', `/services/eseries/${byName('acme-web-01').id}`);
    const webVm = web.json<{
      data: { id: number; nat: { id: number }[]; firewall_rules: { id: number }[] };
    }>().data;
    ids.web = webVm.id;
    ids.nat = webVm.nat[0]?.id ?? 0;
    ids.rule = webVm.firewall_rules[0]?.id ?? 0;
    const snaps = await fx.call('acme', 'GET', `/services/eseries/${ids.web}/snapshot`);
    ids.snapshot = snaps.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    ids.serviceid = 'VWS100001';
    const vw = await fx.call('acme', 'GET', `/services/vwseries/${ids.serviceid}/vm`);
    ids.vwVm = vw.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    const refresh = await fx.call('acme', 'POST', `/services/eseries/${ids.vm}`);
    ids.task = refresh.json<{ data: { task_id: number } }>().data.task_id;
    await fx.waitTask('acme', ids.task);
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('finds the demo data it works on', () => {
    expect(ids.nat).toBeGreaterThan(0);
    expect(ids.rule).toBeGreaterThan(0);
    expect(ids.snapshot).toBeGreaterThan(0);
    expect(ids.vwVm).toBeGreaterThan(0);
  });

  describe.each(CASES)('$name', (route) => {
    it('answers a good call', async () => {
      const reply = await fx.call('acme', route.method, route.url(ids), route.body?.(ids));
      expect(reply.json()).not.toHaveProperty('message');
      expect(reply.statusCode).toBe(route.ok);
      const data = reply.json<{ data: unknown }>().data;
      if (route.ok === 202) expect(data).toMatchObject({ task_id: expect.any(Number) });
      else expect(data).toBeTruthy();
    });

    it('refuses a bad input with 400 naming the field', async () => {
      const url = route.bad.url?.(ids) ?? route.url(ids);
      const body = route.bad.body ?? route.body?.(ids);
      const reply = await fx.call('acme', route.method, url, body);
      expect(reply.json()).toMatchObject({ field: route.bad.field });
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(
        new RegExp(`^${route.bad.field.replace(/\./g, '\\.')}: `),
      );
    });

    it.runIf(route.foreign)("answers 404 for another tenant's resource", async () => {
      const reply = await fx.call('poc', route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 401 without a token', async () => {
      const reply = await fx.call(null, route.method, route.url(ids), route.body?.(ids));
      expect(reply.statusCode).toBe(401);
    });
  });

  it("lists only the caller's own VMs, services and dseries", async () => {
    const acme = (await fx.call('acme', 'GET', '/services/eseries')).json<{
      data: { tenant_id: string; serviceid: string | null }[];
    }>().data;
    expect(acme.length).toBeGreaterThanOrEqual(3);
    expect(acme.every((vm) => vm.tenant_id === 'UZZ100001' && vm.serviceid === null)).toBe(true);
    const globex = (await fx.call('globex', 'GET', '/services/vwseries')).json<{
      data: { serviceid: string }[];
    }>().data;
    expect(globex.map((service) => service.serviceid)).toEqual(['VWS100002']);
    const dseries = (await fx.call('globex', 'GET', '/services/dseries')).json<{
      data: { name: string }[];
    }>().data;
    expect(dseries.map((item) => item.name)).toEqual(['globex-warehouse']);
  });

  it('filters the list by network and adds the detail fields asked for', async () => {
    const reply = await fx.call(
      'acme',
      'GET',
      '/services/eseries?network_id=200&detail_fields=firewall_rules',
    );
    const vms = reply.json<{
      data: { adapters: { vlan_id: number }[]; firewall_rules?: unknown[]; nat?: unknown }[];
    }>().data;
    expect(vms.length).toBeGreaterThan(0);
    for (const vm of vms) {
      expect(vm.adapters.some((adapter) => adapter.vlan_id === 200)).toBe(true);
      expect(vm.firewall_rules).toBeInstanceOf(Array);
      expect(vm).not.toHaveProperty('nat');
    }
  });

  it("answers 404 to a creation in another tenant's tenant_id", async () => {
    const reply = await fx.call('poc', 'POST', '/services/eseries', CREATE_BODY);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ field: 'tenant_id' });
    expect(reply.json<{ message: string }>().message).toMatch(/^tenant_id: /);
  });

  it('takes a single detail_fields value as a list of one', async () => {
    const reply = await fx.call('acme', 'GET', '/services/eseries?detail_fields=nat');
    const vms = reply.json<{ data: { nat?: unknown[]; firewall_rules?: unknown[] }[] }>().data;
    expect(vms.every((vm) => Array.isArray(vm.nat) && vm.firewall_rules === undefined)).toBe(true);
  });

  it('refuses a viewer a change with 403', async () => {
    const globexVm = (await fx.call('globex', 'GET', '/services/eseries')).json<{
      data: { id: number }[];
    }>().data[0];
    const reply = await fx.call('globex', 'POST', `/services/eseries/${globexVm?.id}/power_state`, {
      power_operation: 'powerOff',
    });
    expect(reply.statusCode).toBe(403);
  });

  it('audits every change: who, tenant, what, target, result', async () => {
    const reply = await fx.call('acme', 'PATCH', `/services/eseries/${ids.web}/instance`, {
      vcpus: 3,
      memoryGB: 6,
    });
    expect(reply.statusCode).toBe(202);
    const denied = await fx.call('poc', 'PATCH', `/services/eseries/${ids.web}/instance`, {
      vcpus: 3,
      memoryGB: 6,
    });
    expect(denied.statusCode).toBe(404);
    const rows = await test.db.query<{
      actor_email: string;
      actor_tenant: string;
      action: string;
      target: string;
      result: string;
      at: Date;
    }>(
      `select actor_email, actor_tenant, action, target, result, at from audit_log
        where action = 'vm.resize' and target = $1 order by id`,
      [`vm:${ids.web}`],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_email: 'acme@portal.test',
        actor_tenant: 'UZZ100001',
        result: 'success',
      }),
      expect.objectContaining({
        actor_email: 'poc@portal.test',
        actor_tenant: 'UZZ000002',
        result: 'failure',
      }),
    ]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });
});
