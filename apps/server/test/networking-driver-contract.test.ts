import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContext } from '../src/areas/compute/driver.ts';
import type { NetworkingDriver, NetworkSpec } from '../src/areas/networking/driver.ts';
import { bridgeName, LxdNetworkingDriver } from '../src/areas/networking/drivers/lxd/index.ts';
import { NetworkingSimulator } from '../src/areas/networking/drivers/simulator/index.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { LxdClient } from '../src/platform/lxd/client.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import {
  installationClient,
  localLxd,
  removeInstallationObjects,
  runAddresses,
  runSubnet,
} from './helpers/lxd.ts';

// One set of assertions for every networking driver: the simulator cannot drift from LXD.

const lxd = await localLxd('networking driver contract');
const [pglite] = databaseKinds();
const TENANT_ID = 990_000 + (process.pid % 9999);
const TENANT_CODE = `ZZN${process.pid}`;
const LOCATION = 'LXD1';
/** This file's ids, in the LXD networking tests' range (ADR 037). */
const NETWORK_ID = 796_001;
const OTHER_ID = 796_002;
const GATEWAY_ID = 796_010;
// Public addresses and ranges of this run's own: another suite may be using LXD meanwhile.
const POOL = lxd ? runAddresses(14, 3) : ['198.51.100.216', '198.51.100.217', '198.51.100.218'];
const NET = lxd ? runSubnet(2) : '10.79.6';
const OTHER_NET = lxd ? runSubnet(3) : '10.79.7';
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

interface Subject {
  name: string;
  make(db: Database): NetworkingDriver;
  /** The platform's view of the network now (null: it has none), where it can be looked at. */
  look?(): Promise<{ address: string; dhcp: string; nat: string } | null>;
  cleanUp(): Promise<void>;
}

const simulator: Subject = {
  name: 'the simulator',
  make: (db) => new NetworkingSimulator(db, { speed: 1000 }),
  async cleanUp() {},
};

/** LXD, through a client acting for the test database's installation (as a site's does). */
function lxdSubject(): Subject {
  let client: LxdClient | null = null;
  return {
    name: 'LXD',
    make(db) {
      client = installationClient(db);
      return new LxdNetworkingDriver({ client, db, location: LOCATION, publicAddresses: POOL });
    },
    async look() {
      const owner = (await client?.owner()) ?? '';
      const network = await client
        ?.get<{ config: Record<string, string> }>(`/1.0/networks/${bridgeName(NETWORK_ID, owner)}`)
        .catch(() => null);
      if (!network) return null;
      return {
        address: network.config['ipv4.address'] ?? '',
        dhcp: network.config['ipv4.dhcp.ranges'] ?? '',
        nat: network.config['ipv4.nat'] ?? '',
      };
    },
    // What this installation made, and nothing of another run's.
    async cleanUp() {
      const owner = await client?.owner();
      if (owner) await removeInstallationObjects(owner, { addresses: POOL });
      await client?.close();
    },
  };
}

const subjects = [simulator, ...(lxd ? [lxdSubject()] : [])];

describe.each(subjects)('the networking driver contract on $name', (subject) => {
  let test: TestDatabase;
  let driver: NetworkingDriver;
  let taskId = 3000;
  let address = { globalIpaddressId: 0, address: '' };
  const ctx = (id = ++taskId): OperationContext => ({
    taskId: id,
    tenantId: TENANT_ID,
    tenantCode: TENANT_CODE,
    signal: AbortSignal.timeout(60_000),
  });
  const spec: NetworkSpec = {
    name: 'contract-net',
    location: LOCATION,
    vlanId: 796,
    cidr: `${NET}.0/24`,
    gatewayAddress: `${NET}.1`,
    dhcpStart: `${NET}.10`,
    dhcpEnd: `${NET}.99`,
    dnsServers: [`${NET}.53`],
    gatewayId: null,
  };

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite');
    test = await pglite.open();
    await migrate(test.db);
    driver = subject.make(test.db);
  }, 90_000);

  afterAll(async () => {
    await subject.cleanUp();
    await test.dispose();
  }, 60_000);

  it('creates a network; the same task again reports the same and makes nothing more', async () => {
    const first = ctx();
    const made = await driver.createNetwork(first, NETWORK_ID, spec);
    expect(made).toEqual({ name: 'contract-net', vlanId: 796 });
    expect(await driver.createNetwork(first, NETWORK_ID, spec)).toEqual(made);
    if (subject.look)
      expect(await subject.look()).toEqual({
        address: `${NET}.1/24`,
        dhcp: `${NET}.10-${NET}.99`,
        nat: 'false',
      });
  });

  it('refuses a VLAN in use and an overlapping range at the site, with the sentences', async () => {
    await expect(
      driver.createNetwork(ctx(), OTHER_ID, { ...spec, name: 'other', cidr: `${OTHER_NET}.0/24` }),
    ).rejects.toThrow('VLAN 796 is already used at LXD1 by the network contract-net.');
    await expect(
      driver.createNetwork(ctx(), OTHER_ID, {
        ...spec,
        name: 'other',
        vlanId: 797,
        cidr: `${NET}.128/25`,
      }),
    ).rejects.toThrow(`${NET}.128/25 overlaps ${NET}.0/24 of the network contract-net at LXD1.`);
  });

  it('changes the DHCP range and DNS servers once per task', async () => {
    const change = {
      dhcpStart: `${NET}.20`,
      dhcpEnd: `${NET}.90`,
      dnsServers: [`${NET}.54`],
      gatewayId: null,
    };
    const first = ctx();
    expect(await driver.updateNetwork(first, NETWORK_ID, change)).toEqual(change);
    expect(await driver.updateNetwork(first, NETWORK_ID, change)).toEqual(change);
    if (subject.look) expect(await subject.look()).toMatchObject({ dhcp: `${NET}.20-${NET}.90` });
  });

  it('makes a gateway with an external address; source NAT follows on its networks', async () => {
    const first = ctx();
    const gateway = await driver.createGateway(first, GATEWAY_ID, {
      name: 'contract-gw',
      location: LOCATION,
      snat: true,
    });
    expect(gateway.snat).toBe(true);
    expect(gateway.externalAddress).toMatch(IPV4);
    expect(
      await driver.createGateway(first, GATEWAY_ID, {
        name: 'contract-gw',
        location: LOCATION,
        snat: true,
      }),
    ).toEqual(gateway);
    await driver.updateNetwork(ctx(), NETWORK_ID, {
      dhcpStart: `${NET}.20`,
      dhcpEnd: `${NET}.90`,
      dnsServers: [],
      gatewayId: GATEWAY_ID,
    });
    if (subject.look) expect(await subject.look()).toMatchObject({ nat: 'true' });
    expect(await driver.updateGateway(ctx(), GATEWAY_ID, { snat: false })).toEqual({
      externalAddress: gateway.externalAddress,
      snat: false,
    });
    if (subject.look) expect(await subject.look()).toMatchObject({ nat: 'false' });
    await expect(driver.updateGateway(ctx(), GATEWAY_ID, { snat: false })).rejects.toThrow(
      'Source NAT is already off on this gateway.',
    );
  });

  it('allocates a public address on a gateway of its site, refusing one elsewhere', async () => {
    const first = ctx();
    address = await driver.allocateAddress(first, { location: LOCATION, gatewayId: GATEWAY_ID });
    expect(address.address).toMatch(IPV4);
    expect(address.globalIpaddressId).toBeGreaterThan(0);
    expect(
      await driver.allocateAddress(first, { location: LOCATION, gatewayId: GATEWAY_ID }),
    ).toEqual(address);
    await expect(
      driver.allocateAddress(ctx(), { location: LOCATION, gatewayId: GATEWAY_ID + 1 }),
    ).rejects.toThrow(`The gateway does not serve ${LOCATION}.`);
  });

  it('refuses to delete a gateway that leads networks or holds addresses', async () => {
    await expect(driver.deleteGateway(ctx(), GATEWAY_ID)).rejects.toThrow(
      'The gateway still leads networks to the internet.',
    );
    await driver.updateNetwork(ctx(), NETWORK_ID, {
      dhcpStart: `${NET}.20`,
      dhcpEnd: `${NET}.90`,
      dnsServers: [],
      gatewayId: null,
    });
    await expect(driver.deleteGateway(ctx(), GATEWAY_ID)).rejects.toThrow(
      'The gateway still holds public addresses.',
    );
  });

  it('releases the address once; again it is not the tenant’s', async () => {
    const first = ctx();
    expect(await driver.releaseAddress(first, address.globalIpaddressId)).toEqual(address);
    expect(await driver.releaseAddress(first, address.globalIpaddressId)).toEqual(address);
    await expect(driver.releaseAddress(ctx(), address.globalIpaddressId)).rejects.toThrow(
      'The public address is not allocated to you.',
    );
  });

  it('deletes the gateway, then the network; the platform has neither', async () => {
    const gateway = await driver.deleteGateway(ctx(), GATEWAY_ID);
    expect(gateway.externalAddress).toMatch(IPV4);
    expect(await driver.deleteNetwork(ctx(), NETWORK_ID)).toEqual({
      name: 'contract-net',
      vlanId: 796,
    });
    if (subject.look) expect(await subject.look()).toBeNull();
  });
});
