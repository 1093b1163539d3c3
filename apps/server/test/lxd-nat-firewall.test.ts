import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aclName,
  addRule,
  aclRule,
  deleteRule,
  FIREWALL_UNAVAILABLE,
} from '../src/areas/compute/drivers/lxd/firewall.ts';
import {
  addNat,
  addressId,
  addressOf,
  cancelNat,
  removeNats,
  TASK_ID_KEY,
} from '../src/areas/compute/drivers/lxd/nat.ts';
import { VM_ID_KEY } from '../src/areas/compute/drivers/lxd/observe.ts';
import type { NewFirewallRule, OperationContext } from '../src/areas/compute/driver.ts';
import { DriverError } from '../src/platform/driver.ts';
import { createAcl, deleteAcl, findAcl, replaceAcl } from '../src/platform/lxd/acls.ts';
import type { LxdClient } from '../src/platform/lxd/client.ts';
import { listForwards } from '../src/platform/lxd/forwards.ts';
import { fileInstallationClient, localLxd, runAddresses } from './helpers/lxd.ts';
import { lxdSandbox, type LxdSandbox } from './helpers/lxd-sandbox.ts';

const SSH: NewFirewallRule = {
  direction: 'ingress',
  protocol: 'tcp',
  ports: '22',
  source: '10.0.0.0/8',
  destination: '0.0.0.0/0',
  action: 'allow',
  description: 'ssh from the office',
};

describe('public addresses and firewall rules as LXD writes them', () => {
  it('numbers a public address by its IPv4 value, both ways', () => {
    expect(addressId('198.51.100.10')).toBe(3325256714);
    expect(addressOf(3325256714)).toBe('198.51.100.10');
    expect(addressOf(addressId('255.0.1.2'))).toBe('255.0.1.2');
  });
  it('turns a portal rule into an ACL rule (0.0.0.0/0 is any; icmp is icmp4; deny drops)', () => {
    expect(aclRule(7, SSH)).toEqual({
      action: 'allow',
      source: '10.0.0.0/8',
      destination: '',
      protocol: 'tcp',
      destination_port: '22',
      description: 'rule 7: ssh from the office',
      state: 'enabled',
    });
    expect(
      aclRule(8, { ...SSH, protocol: 'icmp', ports: null, action: 'deny', description: '' }),
    ).toMatchObject({
      action: 'drop',
      protocol: 'icmp4',
      destination_port: '',
      description: 'rule 8',
    });
  });
});

const lxd = await localLxd('lxd nat and firewall');
const [FIRST = '', SECOND = '', ...CROWDED] = lxd ? runAddresses(0, 5) : [];

/** GET through a public address: the forward's own rule turns it to the instance, on this host. */
function fetchThrough(address: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request({ host: address, port, path: '/', timeout: 3000 }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    });
    call.on('timeout', () => call.destroy(new Error(`no answer from ${address}:${port}`)));
    call.on('error', reject);
    call.end();
  });
}

describe.runIf(lxd)('NAT and firewall rules on LXD', () => {
  // ACLs and forwards of this file's own installation: another suite's are never touched.
  // (A skipped describe's body still runs: no LXD, no run slot to record in.)
  const { client, prefix } = lxd
    ? fileInstallationClient('natfw')
    : { client: null as unknown as LxdClient, prefix: '' };
  const vmId = 900_000 + (process.pid % 10_000);
  // Addresses of TEST-NET-3 (RFC 5737) of this run's own: another suite may be using LXD.
  const pool = [FIRST, SECOND];
  let sandbox: LxdSandbox;
  let instance = { project: '', name: '', address: null as string | null };
  let network = '';
  const ctx = (taskId: number): OperationContext => ({
    taskId,
    tenantId: 1,
    tenantCode: 'UZZ100001',
    signal: new AbortController().signal,
  });

  beforeAll(async () => {
    sandbox = await lxdSandbox(client, 'nat');
    instance = await sandbox.launch('nat-1', {
      config: { [VM_ID_KEY]: String(vmId) },
      address: true,
    });
    const devices = await client.get<{ expanded_devices: Record<string, Record<string, string>> }>(
      `/1.0/instances/${instance.name}`,
      { project: instance.project },
    );
    network = devices.expanded_devices['eth0']?.['network'] ?? '';
    const web = await sandbox.exec(instance.name, [
      'sh',
      '-c',
      'mkdir -p /tmp/www && echo portal-nat-ok > /tmp/www/index.html && httpd -p 8080 -h /tmp/www',
    ]);
    await client.wait(web.id);
  }, 60_000);
  afterAll(async () => {
    await removeNats(client, vmId, new AbortController().signal);
    await deleteAcl(client, aclName(vmId, prefix)).catch(() => undefined);
    await sandbox?.dispose();
    await client.close();
    await lxd?.close();
  }, 60_000);

  const mine = async () =>
    (await listForwards(client, network)).filter((f) => f.config[VM_ID_KEY] === String(vmId));

  it('forwards a free public address of the pool to the instance, once per task', async () => {
    const facts = await addNat(client, ctx(1), vmId, {
      instance,
      pool,
      gatewayName: network,
      requested: null,
    });
    expect(facts).toEqual({
      globalIpaddressId: addressId(FIRST),
      globalIpaddress: FIRST,
      gatewayName: network,
      privateIp: instance.address,
    });
    // The same task again (resumed after a crash) finds its forward and makes no second one.
    const again = await addNat(client, ctx(1), vmId, {
      instance,
      pool,
      gatewayName: network,
      requested: null,
    });
    expect(again).toEqual(facts);
    const forwards = await mine();
    expect(forwards).toHaveLength(1);
    expect(forwards[0]?.config).toMatchObject({
      target_address: instance.address,
      [TASK_ID_KEY]: '1',
    });
    // Traffic to the public address reaches the instance (and stays on this machine).
    expect(await fetchThrough(FIRST, 8080)).toBe('portal-nat-ok\n');
  });

  it('takes the address asked for, refuses one in use or outside the pool, and runs out', async () => {
    const taken = await addNat(client, ctx(2), vmId, {
      instance,
      pool,
      gatewayName: network,
      requested: addressId(FIRST),
    }).catch((e: unknown) => e);
    expect((taken as DriverError).message).toBe(`The public address ${FIRST} is already in use.`);
    const outside = await addNat(client, ctx(2), vmId, {
      instance,
      pool,
      gatewayName: network,
      requested: addressId('192.0.2.77'),
    }).catch((e: unknown) => e);
    expect((outside as DriverError).message).toBe(
      "The public address 192.0.2.77 is not one of this site's public addresses.",
    );
    const second = await addNat(client, ctx(3), vmId, {
      instance,
      pool,
      gatewayName: network,
      requested: addressId(SECOND),
    });
    expect(second.globalIpaddress).toBe(SECOND);
    const none = await addNat(client, ctx(4), vmId, {
      instance,
      pool,
      gatewayName: network,
      requested: null,
    }).catch((e: unknown) => e);
    expect((none as DriverError).message).toContain('Every public address of this site is in use');
  });

  it('gives NAT entries made at once distinct free addresses, none failing', async () => {
    // Each picks the lowest free address; the ones that lose it to another pick again.
    const crowded = CROWDED;
    try {
      const made = await Promise.all(
        [11, 12, 13].map((taskId) =>
          addNat(client, ctx(taskId), vmId, {
            instance,
            pool: crowded,
            gatewayName: network,
            requested: null,
          }),
        ),
      );
      expect(made.map((facts) => facts.globalIpaddress).sort()).toEqual(crowded);
      const listening = (await mine()).map((forward) => forward.listen_address);
      expect(listening).toEqual(expect.arrayContaining(crowded));
    } finally {
      // Whatever happened, this test's forwards go, so the next tests (and runs) find the pool free.
      for (const address of crowded)
        await cancelNat(client, ctx(20), vmId, addressId(address)).catch(() => undefined);
    }
  }, 60_000);

  it('cancels NAT by removing the forward; cancelling again finds it gone and is content', async () => {
    const id = addressId(SECOND);
    expect(await cancelNat(client, ctx(5), vmId, id)).toEqual({ globalIpaddress: SECOND });
    expect(await cancelNat(client, ctx(5), vmId, id)).toEqual({ globalIpaddress: SECOND });
    expect((await mine()).map((f) => f.listen_address)).toEqual([FIRST]);
    await removeNats(client, vmId, new AbortController().signal);
    expect(await mine()).toEqual([]);
  });

  it('keeps an ACL whose rules mirror the portal rules (made, replaced, read back)', async () => {
    const name = `${prefix}test-acl`;
    await createAcl(client, {
      name,
      description: 'test',
      ingress: [aclRule(1, SSH)],
      egress: [],
      config: {},
    });
    try {
      const egress = aclRule(2, { ...SSH, direction: 'egress', ports: null, protocol: 'any' });
      await replaceAcl(client, {
        name,
        description: 'test',
        ingress: [aclRule(1, SSH)],
        egress: [egress],
        config: {},
      });
      const read = await findAcl(client, name);
      expect(read?.ingress).toEqual([aclRule(1, SSH)]);
      expect(read?.egress).toEqual([egress]);
    } finally {
      await deleteAcl(client, name);
    }
    expect(await findAcl(client, name)).toBeNull();
  });

  it("refuses a rule with the reason where the instance's bridged NIC takes no ACL, leaving LXD as it was", async () => {
    const nic = await client.get<{ type: string }>(`/1.0/networks/${network}`);
    expect(nic.type).toBe('bridge');
    const refused = await addRule(client, ctx(6), vmId, instance, 11, SSH).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DriverError);
    expect((refused as DriverError).message).toBe(FIREWALL_UNAVAILABLE);
    // LXD's own words stay for the log.
    expect((refused as DriverError).detail).toContain('security.acls');
    expect(await findAcl(client, aclName(vmId, prefix))).toBeNull();
    expect(await deleteRule(client, ctx(7), vmId, 11)).toEqual({ id: 11 });
  });
});
