// Every compute route of the specification on a site served by LXD, with its five cases: a good
// call (for a change, its task ends as the simulator's would and LXD shows the change), a bad
// input naming the field, another tenant (404), a read-only role (403) and no token (401), on
// PGlite and PostgreSQL. What the LXD site cannot do is refused at once with its reason (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '@portal/api/contract';
import { loadConfig } from '../src/config.ts';
import { SIMULATED_SITE } from '../src/platform/sites.ts';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import {
  LXD_SOCKET,
  createBody,
  localLxd,
  runAddresses,
  runTag,
  tenantInstallation,
} from './helpers/lxd.ts';
import { owns } from '../src/platform/lxd/ownership.ts';

/** The installation (migration 026) whose LXD objects this file looks for. */
let owner = '';

const lxd = await localLxd('lxd routes');
// NAT listens on public addresses of this run's own: another suite may be using LXD meanwhile.
const LXD_SITE = loadConfig({
  LXD_SOCKET,
  ...(lxd ? { LXD_PUBLIC_ADDRESSES: runAddresses(17, 4).join(',') } : {}),
}).sites.lxd.site;
/** Acme's project for the installation under test (ADR 045). */
let project = '';

interface LxdInstance {
  name: string;
  status: string;
  description: string;
  config: Record<string, string>;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Ids {
  vm: number;
  task: number;
  snapshot: number;
  nat: number;
}

interface RouteCase {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** A bad input and the field the 400 must name. */
  bad: { url?: (ids: Ids) => string; body?: unknown; field: string };
  /** For a change: what LXD shows once its task succeeded. For a read: what the reply holds. */
  good:
    | { status: 200; check?: (data: unknown, ids: Ids) => void | Promise<void> }
    | { status: 202; check?: (ids: Ids) => Promise<void> }
    | { status: 409; reason: RegExp };
  /** Whether the route addresses one of acme's resources (another tenant gets 404). */
  foreign: boolean;
}

const instanceOf = async (vmId: number) => {
  const all =
    (await lxd?.get<LxdInstance[]>('/1.0/instances', {
      project,
      query: { recursion: '1' },
    })) ?? [];
  return all.find((each) => owns(each.config, owner, 'user.portal.vm-id', vmId));
};

const RULE = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '22',
  source: '203.0.113.0/24',
  destination: '0.0.0.0/0',
  action: 'allow',
};

describe.runIf(lxd).each(databaseKinds())(
  'compute routes on an LXD site, $kind',
  ({ kind, open }) => {
    let test: TestDatabase;
    let fx: ComputeFixture;
    let catalogue: Catalogue;
    const ids: Ids = { vm: 0, task: 0, snapshot: 0, nat: 0 };
    const name = `routes-${kind}-${runTag()}`;

    const taskOf = (reply: { json<T>(): T }) =>
      reply.json<{ data: { task_id: number } }>().data.task_id;
    const succeeds = async (reply: { statusCode: number; json<T>(): T }) => {
      expect(reply.statusCode).toBe(202);
      expect(await fx.waitTask('acme', taskOf(reply), 60_000)).toMatchObject({ state: 'SUCCESS' });
    };

    const CASES: RouteCase[] = [
      {
        name: 'GET /services/compute/{id}',
        method: 'GET',
        url: (i) => `/services/compute/${i.vm}`,
        bad: { url: () => '/services/compute/abc', field: 'id' },
        good: {
          status: 200,
          check: (data) => expect(data).toMatchObject({ location: 'LXD1', display_name: name }),
        },
        foreign: true,
      },
      {
        name: 'GET /services/eseries',
        method: 'GET',
        url: () => '/services/eseries?detail_fields=nat',
        bad: { url: () => '/services/eseries?detail_fields=disks', field: 'detail_fields.0' },
        good: {
          status: 200,
          check: (data, i) =>
            expect((data as { id: number }[]).some((vm) => vm.id === i.vm)).toBe(true),
        },
        foreign: false,
      },
      {
        name: 'GET /services/eseries/catalogue',
        method: 'GET',
        url: () => '/services/eseries/catalogue',
        bad: { url: () => '/services/eseries/task_status/0', field: 'id' },
        good: {
          status: 200,
          check: (data) =>
            expect(
              (data as Catalogue).regions.flatMap((r) => r.sites).map((s) => s.backend),
            ).toContain('lxd'),
        },
        foreign: false,
      },
      {
        name: 'GET /services/eseries/task_status/{id}',
        method: 'GET',
        url: (i) => `/services/eseries/task_status/${i.task}`,
        bad: { url: () => '/services/eseries/task_status/x', field: 'id' },
        good: { status: 200, check: (data) => expect(data).toMatchObject({ state: 'SUCCESS' }) },
        foreign: true,
      },
      {
        name: 'GET /services/task/{id}',
        method: 'GET',
        url: (i) => `/services/task/${i.task}`,
        bad: { url: () => '/services/task/abc', field: 'id' },
        good: { status: 200, check: (data) => expect(data).toMatchObject({ state: 'SUCCESS' }) },
        foreign: true,
      },
      {
        name: 'GET /services/eseries/{id}',
        method: 'GET',
        url: (i) => `/services/eseries/${i.vm}`,
        bad: { url: () => '/services/eseries/-1', field: 'id' },
        good: {
          status: 200,
          check: (data) => {
            const vm = data as { power_state: string; adapters: { ip: string | null }[] };
            expect(vm.power_state).toBe('poweredOn');
            // The address is LXD's DHCP lease on the setup's bridge.
            expect(vm.adapters[0]?.ip).toMatch(/^10\.211\.0\.\d+$/);
          },
        },
        foreign: true,
      },
      {
        name: 'GET /services/eseries/{id}/status',
        method: 'GET',
        url: (i) => `/services/eseries/${i.vm}/status`,
        bad: { url: () => '/services/eseries/x/status', field: 'id' },
        good: { status: 200 },
        foreign: true,
      },
      {
        name: 'GET /services/eseries/{id}/metrics',
        method: 'GET',
        url: (i) => `/services/eseries/${i.vm}/metrics?metric=memory&range=1h&step=60`,
        bad: { url: (i) => `/services/eseries/${i.vm}/metrics?metric=heat`, field: 'metric' },
        good: { status: 200 },
        foreign: true,
      },
      {
        name: 'GET /services/eseries/{id}/console',
        method: 'GET',
        url: (i) => `/services/eseries/${i.vm}/console`,
        bad: { url: () => '/services/eseries/1.5/console', field: 'id' },
        good: { status: 200 },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id}/power_state',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}/power_state`,
        body: () => ({ power_operation: 'reboot' }),
        bad: { body: { power_operation: 'explode' }, field: 'power_operation' },
        good: {
          status: 202,
          check: async (i) => expect((await instanceOf(i.vm))?.status).toBe('Running'),
        },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id}/snapshot',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}/snapshot`,
        body: () => ({
          snap_op: 'CreateSnapshot',
          name: 'matrix',
          description: 'from the LXD route matrix',
          power_state: true,
          quiesced: false,
          snap_id: null,
          suppress_power_on: null,
        }),
        bad: { body: { snap_op: 'RevertSnapshot', snap_id: null }, field: 'snap_id' },
        good: {
          status: 202,
          check: async (i) => {
            const list = (await fx.call('acme', 'GET', `/services/eseries/${i.vm}/snapshot`)).json<{
              data: { id: number; name: string }[];
            }>().data;
            const taken = list.find((each) => each.name === 'matrix');
            expect(taken).toBeDefined();
            i.snapshot = taken?.id ?? 0;
            const instance = await instanceOf(i.vm);
            const inLxd = await lxd?.get<string[]>(`/1.0/instances/${instance?.name}/snapshots`, {
              project,
            });
            expect(inLxd?.map((path) => path.split('?')[0])).toContain(
              `/1.0/instances/${instance?.name}/snapshots/snap-${i.snapshot}`,
            );
          },
        },
        foreign: true,
      },
      {
        name: 'GET /services/eseries/{id}/snapshot',
        method: 'GET',
        url: (i) => `/services/eseries/${i.vm}/snapshot`,
        bad: { url: () => '/services/eseries/0/snapshot', field: 'id' },
        good: {
          status: 200,
          check: (data, i) => expect(data).toEqual([expect.objectContaining({ id: i.snapshot })]),
        },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id}/snapshot (quiesced)',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}/snapshot`,
        body: () => ({ snap_op: 'CreateSnapshot', name: 'quiet', quiesced: true }),
        bad: { body: { snap_op: 'CreateSnapshot', name: ' ' }, field: 'name' },
        good: { status: 409, reason: /CRIU/ },
        foreign: true,
      },
      {
        name: 'PATCH /services/eseries/{id} (rename)',
        method: 'PATCH',
        url: (i) => `/services/eseries/${i.vm}`,
        body: () => ({ operation: 'update', data: { display_name: `${name}-renamed` } }),
        bad: {
          body: { operation: 'update', data: { display_name: '-bad name!' } },
          field: 'data.display_name',
        },
        good: {
          status: 202,
          check: async (i) => expect((await instanceOf(i.vm))?.description).toBe(`${name}-renamed`),
        },
        foreign: true,
      },
      {
        name: 'PATCH /services/eseries/{id}/instance (resize)',
        method: 'PATCH',
        url: (i) => `/services/eseries/${i.vm}/instance`,
        body: () => ({ vcpus: 2, memoryGB: 2 }),
        bad: { body: { vcpus: 0, memoryGB: 2 }, field: 'vcpus' },
        good: {
          status: 202,
          check: async (i) =>
            expect((await instanceOf(i.vm))?.config).toMatchObject({
              'limits.cpu': '2',
              'limits.memory': '2048MB',
            }),
        },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id}/instance (reconfigure)',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}/instance`,
        bad: { url: () => '/services/eseries/0/instance', field: 'id' },
        good: { status: 202 },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id} (refresh)',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}`,
        bad: { url: () => '/services/eseries/none', field: 'id' },
        good: { status: 202 },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id}/nat',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}/nat`,
        body: () => ({ operation: 'create', data: { gateway_id: 1 } }),
        bad: { body: { operation: 'create', data: {} }, field: 'data.gateway_id' },
        good: {
          status: 202,
          check: async (i) => {
            const vm = (await fx.call('acme', 'GET', `/services/eseries/${i.vm}`)).json<{
              data: { nat: { id: number; status: string; global_ipaddress: string }[] };
            }>().data;
            const entry = vm.nat.find((each) => each.status !== 'cancelled');
            expect(entry).toBeDefined();
            i.nat = entry?.id ?? 0;
            const forwards = await lxd?.get<{ listen_address: string }[]>(
              '/1.0/networks/portalbr0/forwards',
              { query: { recursion: '1' } },
            );
            expect(forwards?.map((f) => f.listen_address)).toContain(entry?.global_ipaddress);
          },
        },
        foreign: true,
      },
      {
        name: 'PUT /services/eseries/{id}/nat/{natId}',
        method: 'PUT',
        url: (i) => `/services/eseries/${i.vm}/nat/${i.nat}`,
        body: () => ({ status: 'cancel' }),
        bad: { body: { status: 'active' }, field: 'status' },
        good: { status: 202 },
        foreign: true,
      },
      {
        name: 'PUT /services/eseries/{id}/vlan/{vlanId}',
        method: 'PUT',
        url: (i) => `/services/eseries/${i.vm}/vlan/300`,
        bad: { url: (i) => `/services/eseries/${i.vm}/vlan/5000`, field: 'vlanId' },
        good: { status: 409, reason: /VLAN/ },
        foreign: true,
      },
      {
        name: 'POST /services/eseries/{id}/firewall_rule',
        method: 'POST',
        url: (i) => `/services/eseries/${i.vm}/firewall_rule`,
        body: () => RULE,
        bad: { body: { ...RULE, source: '203.0.113.0' }, field: 'source' },
        good: { status: 409, reason: /firewall|ACL/i },
        foreign: true,
      },
      {
        name: 'DELETE /services/eseries/{id}/firewall_rule/{ruleId}',
        method: 'DELETE',
        url: (i) => `/services/eseries/${i.vm}/firewall_rule/1`,
        bad: { url: (i) => `/services/eseries/${i.vm}/firewall_rule/x`, field: 'ruleId' },
        good: { status: 409, reason: /firewall|ACL/i },
        foreign: true,
      },
      {
        name: 'PATCH /services/eseries/{id}/boot_cdrom',
        method: 'PATCH',
        url: (i) => `/services/eseries/${i.vm}/boot_cdrom`,
        body: () => ({ operation: 'detach' }),
        bad: {
          body: { operation: 'attach', data: { cdrom_number: 9 } },
          field: 'data.cdrom_number',
        },
        good: { status: 409, reason: /CD-ROM/ },
        foreign: true,
      },
    ];

    beforeAll(async () => {
      test = await open();
      fx = await computeFixture(test, {}, { sites: [SIMULATED_SITE, LXD_SITE] });
      ({ owner, project } = await tenantInstallation(test.db));
      // Portal VM ids tag LXD instances: keep this file's apart from the other LXD tests' ids.
      await test.db.query(`select setval(pg_get_serial_sequence('vms', 'id'), $1::bigint)`, [
        kind === 'postgres' ? 720_000 : 710_000,
      ]);
      catalogue = (await fx.call('acme', 'GET', '/services/eseries/catalogue')).json<{
        data: Catalogue;
      }>().data;
      const created = await fx.call(
        'acme',
        'POST',
        '/services/eseries',
        createBody(catalogue, name),
      );
      expect(created.statusCode).toBe(202);
      ids.vm = created.json<{ data: { vm_id: number } }>().data.vm_id;
      ids.task = taskOf(created);
      expect(await fx.waitTask('acme', ids.task, 90_000)).toEqual({
        state: 'SUCCESS',
        message: `The virtual machine ${name} was built and powered on.`,
      });
    }, 180_000);

    afterAll(async () => {
      // The server first, so that no task of a failed test is still changing the instance
      // (a snapshot being taken makes LXD refuse the delete).
      await fx?.close();
      const left = ids.vm ? await instanceOf(ids.vm) : undefined;
      if (left) {
        const path = `/1.0/instances/${left.name}`;
        if (left.status !== 'Stopped')
          await lxd?.putWait(`${path}/state`, { action: 'stop', force: true }, { project });
        await lxd?.deleteWait(path, { project });
      }
      await test?.dispose();
    }, 60_000);

    it('created the VM in the tenant’s project, running', async () => {
      expect((await instanceOf(ids.vm))?.status).toBe('Running');
    });

    it('shows the DHCP lease soon after the build, which does not wait for it', async () => {
      // LXD sends no event for a lease and looks at every VM only each minute: the address is
      // followed from the build and written as soon as LXD has it.
      const deadline = Date.now() + 20_000;
      let ip: string | null = null;
      while (!ip && Date.now() < deadline) {
        const vm = (await fx.call('acme', 'GET', `/services/eseries/${ids.vm}`)).json<{
          data: { adapters: { ip: string | null }[] };
        }>().data;
        ip = vm.adapters[0]?.ip ?? null;
        if (!ip) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(ip).toMatch(/^10\.211\.0\.\d+$/);
    }, 30_000);

    describe.each(CASES)('$name', (route) => {
      const send = (who: Who | null, url = route.url(ids), body = route.body?.(ids)) =>
        fx.call(who, route.method, url, body);

      it('answers a good call', async () => {
        const reply = await send('acme');
        const good = route.good;
        if (good.status === 409) {
          expect(reply.statusCode).toBe(409);
          expect(reply.json<{ message: string }>().message).toMatch(good.reason);
          return;
        }
        expect(reply.json()).not.toHaveProperty('message');
        if (good.status === 202) {
          await succeeds(reply);
          await good.check?.(ids);
        } else {
          expect(reply.statusCode).toBe(200);
          await good.check?.(reply.json<{ data: unknown }>().data, ids);
        }
      }, 90_000);

      it('refuses a bad input with 400 naming the field', async () => {
        const reply = await send(
          'acme',
          route.bad.url?.(ids) ?? route.url(ids),
          route.bad.body ?? route.body?.(ids),
        );
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({ field: route.bad.field });
      });

      it.runIf(route.foreign)("answers 404 for another tenant's resource", async () => {
        const reply = await send('poc');
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toEqual({ message: expect.any(String) });
      });

      it.runIf(route.method !== 'GET')('answers 403 to a read-only role', async () => {
        expect((await send('globex')).statusCode).toBe(403);
      });

      it('answers 401 without a token', async () => {
        expect((await send(null)).statusCode).toBe(401);
      });
    });

    describe('POST /services/eseries', () => {
      it('refuses a bad input naming the field, another tenant, a read-only role and no token', async () => {
        const body = createBody(catalogue, `${name}-2`);
        const bad = await fx.call('acme', 'POST', '/services/eseries', {
          ...body,
          vm_params: { ...body.vm_params, memory: 1000 },
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ field: 'vm_params.memory' });
        const foreign = await fx.call('poc', 'POST', '/services/eseries', body);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json()).toMatchObject({ field: 'tenant_id' });
        const viewer = await fx.call('globex', 'POST', '/services/eseries', {
          ...body,
          tenant_id: 'UZZ100002',
        });
        expect(viewer.statusCode).toBe(403);
        expect((await fx.call(null, 'POST', '/services/eseries', body)).statusCode).toBe(401);
      });
    });

    describe('DELETE /services/eseries/{id}', () => {
      const url = () => `/services/eseries/${ids.vm}`;
      it('refuses a bad input, another tenant, a read-only role and no token', async () => {
        const bad = await fx.call('acme', 'DELETE', '/services/eseries/zz');
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ field: 'id' });
        expect((await fx.call('poc', 'DELETE', url())).statusCode).toBe(404);
        expect((await fx.call('globex', 'DELETE', url())).statusCode).toBe(403);
        expect((await fx.call(null, 'DELETE', url())).statusCode).toBe(401);
        expect(await instanceOf(ids.vm)).toBeDefined();
      });

      it('deletes the VM; it is gone from LXD', async () => {
        await succeeds(await fx.call('acme', 'DELETE', url()));
        expect(await instanceOf(ids.vm)).toBeUndefined();
      }, 90_000);
    });
  },
);
