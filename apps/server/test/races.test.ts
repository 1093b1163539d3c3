// "Find the lowest free X (or count what is taken), then insert": requests made at once must not
// all see the same free X. Attachments to one VM, networks on one VLAN and public addresses of
// one gateway, asked for together, on PGlite and PostgreSQL. (VM addresses: networking.test.ts;
// NAT addresses on LXD: lxd-nat-firewall.test.ts.)
import { MAX_VOLUMES_PER_VM } from '@portal/api/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFixture, type ComputeFixture } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';

describe.each(databaseKinds())('requests made at once on $kind', ({ open }) => {
  let test: TestDatabase;
  let fx: ComputeFixture;

  const one = async (sql: string, params: unknown[]) =>
    Number((await test.db.query<{ v: number }>(sql, params))[0]?.v ?? -1);
  const accepted = (reply: { statusCode: number; body: string }) => {
    expect([202, 409], reply.body).toContain(reply.statusCode);
    return reply.statusCode === 202;
  };
  const taskOf = (reply: { json: <T>() => T }) =>
    reply.json<{ data: { task_id: number } }>().data.task_id;

  beforeAll(async () => {
    test = await open();
    fx = await computeFixture(test);
  });
  afterAll(async () => {
    await fx?.close();
    await test?.dispose();
  });

  it('attaches no more volumes to one VM than it may have, refusing the rest at once', async () => {
    const vm = await one("select id as v from vms where display_name = 'acme-web-01'", []);
    const before = await one(
      'select count(*)::integer as v from volumes where attached_vm_id = $1',
      [vm],
    );
    const made = await Promise.all(
      Array.from({ length: MAX_VOLUMES_PER_VM + 2 }, (_, i) =>
        fx.call('acme', 'POST', '/services/storage', {
          name: `race-vol-${i}`,
          type: 'standard',
          location: 'AMS1',
          size_gb: 10,
        }),
      ),
    );
    const volumes = await Promise.all(
      made.map(async (reply) => {
        expect(reply.statusCode, reply.body).toBe(202);
        const { task_id: taskId, volume_id: id } = reply.json<{
          data: { task_id: number; volume_id: number };
        }>().data;
        expect((await fx.waitTask('acme', taskId)).state).toBe('SUCCESS');
        return id;
      }),
    );
    const attaches = await Promise.all(
      volumes.map((id) => fx.call('acme', 'POST', `/services/storage/${id}/attach`, { vm_id: vm })),
    );
    const ok = attaches.filter(accepted);
    expect(ok).toHaveLength(MAX_VOLUMES_PER_VM - before);
    for (const refused of attaches.filter((reply) => reply.statusCode === 409))
      expect(refused.json<{ message: string }>().message).toContain(
        `already has ${MAX_VOLUMES_PER_VM} volumes attached`,
      );
    const ends = await Promise.all(ok.map((reply) => fx.waitTask('acme', taskOf(reply))));
    expect(ends.map((end) => end.state)).toEqual(ok.map(() => 'SUCCESS'));
    expect(
      await one('select count(*)::integer as v from volumes where attached_vm_id = $1', [vm]),
    ).toBe(MAX_VOLUMES_PER_VM);
  }, 120_000);

  it('lets one of several networks asked for at once on one VLAN through, none failing', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        fx.call('acme', 'POST', '/services/networking', {
          name: `race-vlan-${i}`,
          location: 'AMS1',
          vlan_id: 733,
          cidr: `10.73.${i}.0/24`,
          gateway_id: null,
          dns_servers: [],
        }),
      ),
    );
    const ok = replies.filter(accepted);
    expect(ok).toHaveLength(1);
    const end = await fx.waitTask('acme', taskOf(ok[0] as (typeof replies)[number]));
    expect(end.state).toBe('SUCCESS');
    expect(
      await one(
        "select count(*)::integer as v from networks where vlan_id = 733 and state <> 'error'",
        [],
      ),
    ).toBe(1);
  }, 120_000);

  it('gives public addresses allocated at once on one gateway distinct addresses', async () => {
    const gateway = await one(
      `select g.id as v from network_gateways g join tenants t on t.id = g.tenant_id
        where t.cdb_id = 'UZZ100001' and g.state = 'active' order by g.id limit 1`,
      [],
    );
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        fx.call('acme', 'POST', '/services/networking/addresses', { gateway_id: gateway }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 202));
    const ends = await Promise.all(replies.map((reply) => fx.waitTask('acme', taskOf(reply))));
    expect(ends.map((end) => end.state)).toEqual(replies.map(() => 'SUCCESS'));
    const addresses = await test.db.query<{ address: string }>(
      `select a.address from public_addresses a join tenants t on t.id = a.tenant_id
        where t.cdb_id = 'UZZ100001' and a.state = 'allocated'`,
    );
    expect(new Set(addresses.map((row) => row.address)).size).toBe(addresses.length);
    expect(addresses.length).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
