// Every networking route on a site served by LXD, with its five cases: a good call (its task ends
// as the simulator's would, and the change is read back from LXD: a bridge, its NAT settings, a
// forward), a bad input naming the field, another tenant (404), a read-only role (403) and no
// token (401), on PGlite and PostgreSQL. A VM made on the network gets its NIC on the bridge and
// shows LXD's real DHCP lease. The file first removes what an earlier run left in its id range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '@portal/api/contract';
import { bridgeName } from '../src/areas/networking/index.ts';
import { loadConfig } from '../src/config.ts';
import { projectOf } from '../src/areas/compute/drivers/lxd/index.ts';
import { SIMULATED_SITE, type SiteConfig } from '../src/platform/sites.ts';
import { computeFixture, type ComputeFixture, type Who } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import {
  LXD_SOCKET,
  createBody,
  localLxd,
  removeInstallationObjects,
  runAddresses,
  runInstallation,
  runSubnet,
  runTag,
} from './helpers/lxd.ts';

const lxd = await localLxd('lxd networking routes');
const BASE_SITE = loadConfig({ LXD_SOCKET }).sites.lxd.site;
/** This file's portal ids (ADR 037's tests own 770000–799999). */
const RANGE = { from: 770_000, to: 799_999 };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface LxdNetwork {
  name: string;
  config: Record<string, string>;
  used_by: string[] | null;
}
interface LxdForward {
  listen_address: string;
  config: Record<string, string>;
}
interface LxdLease {
  address: string;
  hostname: string;
}
interface Vm {
  id: number;
  adapters: { portgroup: string; vlan_id: number; ip: string | null }[];
  nat?: { id: number; global_ipaddress: string; status: string }[];
}

/** The installation (ADR 034) of the database under test: its bridges carry it in their names. */
let owner = '';
/** Acme's project for that installation (ADR 045). */
let project = '';
const bridge = (id: number) =>
  lxd?.get<LxdNetwork>(`/1.0/networks/${bridgeName(id, owner)}`).catch(() => undefined);
const forwards = (id: number) =>
  lxd?.get<LxdForward[]>(`/1.0/networks/${bridgeName(id, owner)}/forwards`, {
    query: { recursion: '1' },
  }) ?? Promise.resolve([]);
const leases = (id: number) =>
  // LXD lists the leases of the instances of the project asked about.
  lxd?.get<LxdLease[]>(`/1.0/networks/${bridgeName(id, owner)}/leases`, { project }) ??
  Promise.resolve([]);

const KINDS = databaseKinds().map((each, index) => ({
  ...each,
  start: RANGE.from + index * 15_000,
  // The site's public addresses and the network's range: this run's own (another suite may be
  // using LXD at the same time), documentation addresses no one routes and a private range.
  pool: lxd ? runAddresses(6 + index * 4, 4) : [],
  cidr: lxd ? `${runSubnet(index)}.0/24` : '',
  prefix: lxd ? `${runSubnet(index)}.` : '',
  spare: lxd ? `${runSubnet(index + 8)}.0/24` : '',
}));

describe.runIf(lxd).each(KINDS)(
  'networking routes on an LXD site, $kind',
  ({ kind, open, start, pool, cidr, prefix, spare }) => {
    let test: TestDatabase;
    let fx: ComputeFixture;
    let networkId = 0;
    let gatewayId = 0;
    let spareGatewayId = 0;
    let addressId = 0;
    let globalId = 0;
    let vmId = 0;
    let natId = 0;
    const name = `net-${kind}`;
    const vlan = 770 + (kind === 'postgres' ? 1 : 0);
    const site: SiteConfig = {
      ...BASE_SITE,
      lxd: { ...(BASE_SITE.lxd as NonNullable<SiteConfig['lxd']>), forwardAddresses: pool },
    };

    const send = (who: Who | null, method: Method, url: string, body?: unknown) =>
      fx.call(who, method, url, body);
    /** The four refusals: bad input naming the field, 404, 403 (changes), 401. */
    const refusals = async (
      method: Method,
      url: string,
      body: unknown,
      bad: { url?: string; body?: unknown; field: string } | null,
      foreign: boolean,
    ) => {
      if (bad) {
        const wrong = await send('acme', method, bad.url ?? url, bad.body ?? body);
        expect(wrong.statusCode, wrong.body).toBe(400);
        expect(wrong.json()).toMatchObject({ field: bad.field });
      }
      if (foreign) {
        const theirs = await send('poc', method, url, body);
        expect(theirs.statusCode, theirs.body).toBe(404);
      }
      if (method !== 'GET') {
        const viewer = await send('globex', method, url, body);
        expect(viewer.statusCode, viewer.body).toBe(403);
      }
      expect((await send(null, method, url, body)).statusCode).toBe(401);
    };
    /** A good task call: 202, and its task ends with `message` (a string or a pattern). */
    const succeeds = async (
      method: Method,
      url: string,
      body: unknown,
      message: string | RegExp,
    ) => {
      const reply = await send('acme', method, url, body);
      expect(reply.statusCode, reply.body).toBe(202);
      const data = reply.json<{ data: { task_id: number; id?: number; vm_id?: number } }>().data;
      const end = await fx.waitTask('acme', data.task_id, 90_000);
      expect(end.state, end.message).toBe('SUCCESS');
      expect(end.message).toMatch(message);
      return data;
    };
    const conflict = async (method: Method, url: string, body: unknown, sentence: RegExp) => {
      const reply = await send('acme', method, url, body);
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json<{ message: string }>().message).toMatch(sentence);
    };
    const readVm = async () => {
      const reply = await send('acme', 'GET', `/services/eseries/${vmId}?detail_fields=nat`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ data: Vm }>().data;
    };

    beforeAll(async () => {
      if (!lxd) return;
      test = await open();
      fx = await computeFixture(test, {}, { sites: [SIMULATED_SITE, site] });
      const installation = await runInstallation(test.db);
      owner = installation.owner;
      project = projectOf('UZZ100001', installation.prefix);
      for (const table of ['vms', 'networks', 'public_addresses', 'network_gateways'])
        await test.db.query(`select setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [
          table,
          start,
        ]);
    }, 180_000);

    afterAll(async () => {
      if (lxd && owner)
        await removeInstallationObjects(owner, { addresses: pool }).catch(() => undefined);
      await fx?.close();
      await test?.dispose();
    }, 120_000);

    it('POST /services/networking: a bridge in LXD with the network’s addressing', async () => {
      const body = {
        name,
        location: 'LXD1',
        vlan_id: vlan,
        cidr,
        gateway_id: null,
        dns_servers: ['10.77.0.53'],
      };
      await refusals(
        'POST',
        '/services/networking',
        body,
        { body: { ...body, cidr: `${prefix}5/24` }, field: 'cidr' },
        false,
      );
      const data = await succeeds(
        'POST',
        '/services/networking',
        body,
        `The network ${name} (VLAN ${vlan}) is ready for virtual machines.`,
      );
      networkId = data.id ?? 0;
      expect(networkId).toBeGreaterThanOrEqual(start);
      const inLxd = await bridge(networkId);
      expect(inLxd?.config).toMatchObject({
        'ipv4.address': `${prefix}1/24`,
        'ipv4.dhcp.ranges': `${prefix}10-${prefix}254`,
        'ipv4.nat': 'false',
        'ipv6.address': 'none',
        'raw.dnsmasq': 'dhcp-option=option:dns-server,10.77.0.53',
        'user.portal.network-id': String(networkId),
        'user.portal.project': project,
        'user.portal.vlan-id': String(vlan),
      });
      expect(inLxd?.config['user.portal.task-id']).toMatch(/^\d+$/);
    }, 120_000);

    it('refuses an overlapping range and a VLAN in use at the site with 409 sentences', async () => {
      const base = { location: 'LXD1', gateway_id: null };
      await conflict(
        'POST',
        '/services/networking',
        { ...base, name: 'overlap', vlan_id: vlan + 100, cidr: `${prefix}128/25` },
        new RegExp(`overlaps ${cidr.replace(/\./g, '\\.')} of the network ${name} at LXD1`),
      );
      await conflict(
        'POST',
        '/services/networking',
        { ...base, name: 'same-vlan', vlan_id: vlan, cidr: spare },
        new RegExp(`VLAN ${vlan} is already used at LXD1 by the network ${name}`),
      );
    });

    it('GET /services/networking and /{id}: the network, active', async () => {
      const list = await send('acme', 'GET', '/services/networking');
      expect(list.statusCode).toBe(200);
      expect(list.json<{ data: { id: number; state: string }[] }>().data).toContainEqual(
        expect.objectContaining({ id: networkId, state: 'active', location: 'LXD1' }),
      );
      await refusals('GET', '/services/networking', undefined, null, false);
      const one = await send('acme', 'GET', `/services/networking/${networkId}`);
      expect(one.statusCode).toBe(200);
      await refusals(
        'GET',
        `/services/networking/${networkId}`,
        undefined,
        { url: '/services/networking/abc', field: 'id' },
        true,
      );
    });

    it('a VM created on the network gets its NIC on the bridge and LXD’s DHCP lease', async () => {
      const catalogue = (await send('acme', 'GET', '/services/eseries/catalogue')).json<{
        data: Catalogue;
      }>().data;
      const lxdSite = catalogue.regions
        .flatMap((region) => region.sites)
        .find((candidate) => candidate.backend === 'lxd');
      expect(lxdSite?.portgroups).toContainEqual({ name, vlan_id: vlan });
      // Another tenant's network is not on offer to anyone else.
      const theirs = (await send('poc', 'GET', '/services/eseries/catalogue')).json<{
        data: Catalogue;
      }>().data;
      expect(
        theirs.regions.flatMap((region) => region.sites).flatMap((s) => s.portgroups),
      ).not.toContainEqual({ name, vlan_id: vlan });
      const body = createBody(catalogue, `netvm-${kind}-${runTag()}`);
      body.vm_params.adapters = [{ portgroup: name, vlan_id: vlan }];
      const data = await succeeds('POST', '/services/eseries', body, /./);
      vmId = data.vm_id ?? 0;
      const instances =
        (await lxd?.get<
          {
            name: string;
            config: Record<string, string>;
            devices: Record<string, Record<string, string>>;
          }[]
        >('/1.0/instances', { project, query: { recursion: '1' } })) ?? [];
      const instance = instances.find((each) => each.config['user.portal.vm-id'] === String(vmId));
      expect(instance?.devices['eth0']).toMatchObject({
        type: 'nic',
        network: bridgeName(networkId, owner),
      });
      // The lease may come after the task: the VM page shows it once LXD has it.
      let ip: string | null = null;
      const deadline = Date.now() + 60_000;
      while (!ip && Date.now() < deadline) {
        ip = (await readVm()).adapters[0]?.ip ?? null;
        if (!ip) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(ip).toMatch(new RegExp(`^${prefix.replace(/\./g, '\\.')}\\d+$`));
      expect((await readVm()).adapters[0]).toMatchObject({ portgroup: name, vlan_id: vlan });
      expect((await leases(networkId)).map((lease) => lease.address)).toContain(ip);
      const detail = (await send('acme', 'GET', `/services/networking/${networkId}`)).json<{
        data: { vm_count: number; ports: { vm_id: number; ip: string | null }[] };
      }>().data;
      expect(detail.vm_count).toBe(1);
      expect(detail.ports).toContainEqual(expect.objectContaining({ vm_id: vmId, ip }));
    }, 180_000);

    it('PATCH /services/networking/{id}: DHCP range and DNS servers changed in LXD', async () => {
      const body = {
        dhcp_start: `${prefix}20`,
        dhcp_end: `${prefix}200`,
        dns_servers: ['10.77.0.54'],
      };
      await refusals(
        'PATCH',
        `/services/networking/${networkId}`,
        body,
        { body: { dhcp_start: '192.168.1.1' }, field: 'dhcp_start' },
        true,
      );
      await succeeds(
        'PATCH',
        `/services/networking/${networkId}`,
        body,
        `The network ${name} now hands out ${prefix}20 to ${prefix}200.`,
      );
      expect((await bridge(networkId))?.config).toMatchObject({
        'ipv4.dhcp.ranges': `${prefix}20-${prefix}200`,
        'raw.dnsmasq': 'dhcp-option=option:dns-server,10.77.0.54',
      });
    }, 120_000);

    it('DELETE /services/networking/{id} while a VM is on it: 409 with the sentence', async () => {
      await conflict(
        'DELETE',
        `/services/networking/${networkId}`,
        undefined,
        new RegExp(`${name}`),
      );
      expect(await bridge(networkId)).toBeDefined();
    });

    it('POST /services/networking/gateways: its external address from the site’s pool', async () => {
      const body = { name: `gw-${kind}`, location: 'LXD1', snat: true };
      await refusals(
        'POST',
        '/services/networking/gateways',
        body,
        { body: { ...body, location: 'MARS1' }, field: 'location' },
        false,
      );
      const data = await succeeds(
        'POST',
        '/services/networking/gateways',
        body,
        `The gateway is up with the external address ${pool[0]}.`,
      );
      gatewayId = data.id ?? 0;
      const spare = await succeeds(
        'POST',
        '/services/networking/gateways',
        { ...body, name: `spare-${kind}`, snat: false },
        `The gateway is up with the external address ${pool[1]}.`,
      );
      spareGatewayId = spare.id ?? 0;
      const list = await send('acme', 'GET', '/services/networking/gateways');
      expect(list.json<{ data: { id: number; external_address: string }[] }>().data).toContainEqual(
        expect.objectContaining({ id: gatewayId, external_address: pool[0] }),
      );
      await refusals('GET', '/services/networking/gateways', undefined, null, false);
    }, 120_000);

    it('a network led through the gateway gets its source NAT in LXD', async () => {
      await succeeds(
        'PATCH',
        `/services/networking/${networkId}`,
        { gateway_id: gatewayId },
        /now hands out/,
      );
      expect((await bridge(networkId))?.config).toMatchObject({
        'ipv4.nat': 'true',
        'ipv4.nat.address': pool[0],
        'user.portal.gateway-id': String(gatewayId),
      });
    }, 120_000);

    it('PATCH /services/networking/gateways/{id}: source NAT off on its bridges', async () => {
      const url = `/services/networking/gateways/${gatewayId}`;
      await refusals('PATCH', url, { snat: false }, { body: { snat: 'no' }, field: 'snat' }, true);
      await succeeds('PATCH', url, { snat: false }, `Source NAT is now off on ${pool[0]}.`);
      expect((await bridge(networkId))?.config['ipv4.nat']).toBe('false');
    }, 120_000);

    it('POST /services/networking/addresses: an address of the site’s pool, held for the tenant', async () => {
      await refusals(
        'POST',
        '/services/networking/addresses',
        { gateway_id: gatewayId },
        { body: { gateway_id: 999_999 }, field: 'gateway_id' },
        false,
      );
      const data = await succeeds(
        'POST',
        '/services/networking/addresses',
        { gateway_id: gatewayId },
        `The public address ${pool[2]} is yours.`,
      );
      addressId = data.id ?? 0;
      const list = (await send('acme', 'GET', '/services/networking/addresses')).json<{
        data: { id: number; address: string; global_ipaddress_id: number }[];
      }>().data;
      const mine = list.find((each) => each.id === addressId);
      expect(mine?.address).toBe(pool[2]);
      globalId = mine?.global_ipaddress_id ?? 0;
      await refusals('GET', '/services/networking/addresses', undefined, null, false);
    }, 120_000);

    it('assigning the address to the VM is a network forward to its DHCP address', async () => {
      const vm = await readVm();
      const reply = await send('acme', 'POST', `/services/eseries/${vmId}/nat`, {
        operation: 'create',
        data: { gateway_id: gatewayId, global_ipaddress_id: globalId },
      });
      expect(reply.statusCode, reply.body).toBe(202);
      const task = reply.json<{ data: { task_id: number } }>().data.task_id;
      const end = await fx.waitTask('acme', task, 90_000);
      expect(end.state, end.message).toBe('SUCCESS');
      const forward = (await forwards(networkId)).find((each) => each.listen_address === pool[2]);
      expect(forward?.config['target_address']).toBe(vm.adapters[0]?.ip);
      const nat = (await readVm()).nat?.find((each) => each.global_ipaddress === pool[2]);
      expect(nat?.status).toBe('active');
      natId = nat?.id ?? 0;
      // The topology draws the forward LXD has: the address goes to the VM's DHCP address.
      const topology = (await send('acme', 'GET', '/services/networking/topology')).json<{
        data: {
          addresses: { address: string; nat: { vm_id: number; private_ip: string } | null }[];
        };
      }>().data;
      expect(topology.addresses.find((each) => each.address === pool[2])?.nat).toMatchObject({
        vm_id: vmId,
        private_ip: vm.adapters[0]?.ip,
      });
    }, 120_000);

    it('DELETE /services/networking/addresses/{id}: refused while forwarded, then released', async () => {
      const url = `/services/networking/addresses/${addressId}`;
      await conflict('DELETE', url, undefined, new RegExp(pool[2]?.replace(/\./g, '\\.') ?? ''));
      const cancel = await send('acme', 'PUT', `/services/eseries/${vmId}/nat/${natId}`, {
        status: 'cancel',
      });
      expect(cancel.statusCode, cancel.body).toBe(202);
      const task = cancel.json<{ data: { task_id: number } }>().data.task_id;
      expect((await fx.waitTask('acme', task, 90_000)).state).toBe('SUCCESS');
      expect((await forwards(networkId)).map((each) => each.listen_address)).not.toContain(pool[2]);
      await refusals(
        'DELETE',
        url,
        undefined,
        { url: '/services/networking/addresses/x', field: 'id' },
        true,
      );
      await succeeds('DELETE', url, undefined, `The public address ${pool[2]} was released.`);
    }, 180_000);

    it('DELETE /services/networking/gateways/{id}: refused while a network leads through it', async () => {
      await conflict(
        'DELETE',
        `/services/networking/gateways/${gatewayId}`,
        undefined,
        new RegExp(`gw-${kind}`),
      );
      const url = `/services/networking/gateways/${spareGatewayId}`;
      await refusals(
        'DELETE',
        url,
        undefined,
        { url: '/services/networking/gateways/-1', field: 'id' },
        true,
      );
      await succeeds('DELETE', url, undefined, `The gateway spare-${kind} was deleted.`);
    }, 120_000);

    it('GET /services/networking/topology: LXD’s bridges, instances and addresses', async () => {
      const reply = await send('acme', 'GET', '/services/networking/topology');
      expect(reply.statusCode).toBe(200);
      const data = reply.json<{
        data: {
          networks: { id: number }[];
          vms: { id: number; ports: { network_id: number }[] }[];
        };
      }>().data;
      expect(data.networks.map((each) => each.id)).toContain(networkId);
      const ip = (await readVm()).adapters[0]?.ip;
      expect(data.vms).toContainEqual(
        expect.objectContaining({ id: vmId, ports: [{ network_id: networkId, ip }] }),
      );
      await refusals('GET', '/services/networking/topology', undefined, null, false);
    });

    it('DELETE /services/networking/{id}: once its VM is gone, the bridge goes from LXD', async () => {
      const gone = await send('acme', 'DELETE', `/services/eseries/${vmId}`);
      expect(gone.statusCode, gone.body).toBe(202);
      const task = gone.json<{ data: { task_id: number } }>().data.task_id;
      expect((await fx.waitTask('acme', task, 90_000)).state).toBe('SUCCESS');
      const url = `/services/networking/${networkId}`;
      await refusals(
        'DELETE',
        url,
        undefined,
        { url: '/services/networking/0', field: 'id' },
        true,
      );
      await succeeds('DELETE', url, undefined, `The network ${name} was deleted.`);
      expect(await bridge(networkId)).toBeUndefined();
      // With no network leading through it, the gateway goes too; its address is free again.
      await succeeds(
        'DELETE',
        `/services/networking/gateways/${gatewayId}`,
        undefined,
        `The gateway gw-${kind} was deleted.`,
      );
    }, 180_000);
  },
);
