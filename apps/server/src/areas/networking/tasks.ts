// The networking area's slow operations: networks, gateways and public addresses.
import { Type } from 'typebox';
import { DriverError } from '../../platform/driver.ts';
import { taskDefiner, taskTarget, type TargetKind } from '../../platform/tasks/registry.ts';
import type { NetworkingDriver } from './driver.ts';
import {
  deleteAddress,
  deleteGateway,
  deleteNetwork,
  findAddress,
  findGateway,
  findNetwork,
  gatewayUsers,
  listNetworks,
  recordAllocation,
  updateGateway,
  updateNetwork,
} from './repository.ts';

const AREA = 'networking';
const defineTask = taskDefiner<NetworkingDriver>(AREA);
const Empty = Type.Object({});

const networkOf = taskTarget(
  (db, task, lock) => findNetwork(db, task.tenantId, task.targetId, lock),
  'The network no longer exists.',
);
const gatewayOf = taskTarget(
  (db, task, lock) => findGateway(db, task.tenantId, task.targetId, lock),
  'The gateway no longer exists.',
);
const addressOf = taskTarget(
  (db, task, lock) => findAddress(db, task.tenantId, task.targetId, lock),
  'The public address no longer exists.',
);

/** Where a network is in the portal: its page. */
export const networkTargets: TargetKind = {
  kind: 'network',
  async paths(db, tenantId, ids) {
    const wanted = new Set(ids);
    const networks = await listNetworks(db, tenantId);
    return new Map(
      networks
        .filter((network) => wanted.has(network.id))
        .map((network) => [network.id, `/networking/${network.id}`]),
    );
  },
  location: async (db, tenantId, id) => (await findNetwork(db, tenantId, id))?.location ?? null,
};

/** Gateways and public addresses are shown on the networking page's tabs. */
const tabTargets = (kind: string, tab: string, location: TargetKind['location']): TargetKind => ({
  kind,
  async paths(_db, _tenantId, ids) {
    return new Map(ids.map((id) => [id, `/networking?tab=${tab}`]));
  },
  location,
});
/** A gateway's and a public address's tasks run on the driver of the site they are at. */
export const gatewayTargets = tabTargets(
  'network_gateway',
  'gateways',
  async (db, tenantId, id) => (await findGateway(db, tenantId, id))?.location ?? null,
);
export const addressTargets = tabTargets(
  'public_address',
  'addresses',
  async (db, tenantId, id) => (await findAddress(db, tenantId, id))?.location ?? null,
);

export const networkCreateTask = defineTask({
  op: 'network.create',
  kind: 'network',
  label: () => 'Create network',
  operation: () => 'create',
  payload: Empty,
  async run(ctx, task) {
    const network = await networkOf(ctx.db, task);
    return ctx.driver.createNetwork(ctx, network.id, {
      name: network.name,
      location: network.location,
      vlanId: network.vlanId,
      cidr: network.cidr,
      gatewayAddress: network.gatewayAddress,
      dhcpStart: network.dhcpStart,
      dhcpEnd: network.dhcpEnd,
      dnsServers: network.dnsServers,
      gatewayId: network.gatewayId,
    });
  },
  async apply(tx, task, facts) {
    await updateNetwork(tx, task.tenantId, task.targetId, { state: 'active' });
    return `The network ${facts.name} (VLAN ${facts.vlanId}) is ready for virtual machines.`;
  },
});

export const NetworkUpdatePayload = Type.Object({
  dhcp_start: Type.String(),
  dhcp_end: Type.String(),
  dns_servers: Type.Array(Type.String()),
  gateway_id: Type.Union([Type.Integer(), Type.Null()]),
});

export const networkUpdateTask = defineTask({
  op: 'network.update',
  kind: 'network',
  label: () => 'Change network',
  operation: () => 'update',
  payload: NetworkUpdatePayload,
  run: (ctx, task) =>
    ctx.driver.updateNetwork(ctx, task.targetId, {
      dhcpStart: task.payload.dhcp_start,
      dhcpEnd: task.payload.dhcp_end,
      dnsServers: task.payload.dns_servers,
      gatewayId: task.payload.gateway_id,
    }),
  async apply(tx, task, facts) {
    const network = await networkOf(tx, task);
    await updateNetwork(tx, task.tenantId, network.id, {
      dhcpStart: facts.dhcpStart,
      dhcpEnd: facts.dhcpEnd,
      dnsServers: facts.dnsServers,
      gatewayId: facts.gatewayId,
    });
    return `The network ${network.name} now hands out ${facts.dhcpStart} to ${facts.dhcpEnd}.`;
  },
});

export const networkDeleteTask = defineTask({
  op: 'network.delete',
  kind: 'network',
  label: () => 'Delete network',
  operation: () => 'delete',
  payload: Empty,
  run: (ctx, task) => ctx.driver.deleteNetwork(ctx, task.targetId),
  async apply(tx, task, facts) {
    await deleteNetwork(tx, task.tenantId, task.targetId);
    return `The network ${facts.name} was deleted.`;
  },
});

export const gatewayCreateTask = defineTask({
  op: 'gateway.create',
  kind: 'network_gateway',
  label: () => 'Create gateway',
  operation: () => 'create',
  payload: Empty,
  async run(ctx, task) {
    const gateway = await gatewayOf(ctx.db, task);
    return ctx.driver.createGateway(ctx, gateway.id, {
      name: gateway.name,
      location: gateway.location,
      snat: gateway.snat,
    });
  },
  async apply(tx, task, facts) {
    await updateGateway(tx, task.tenantId, task.targetId, {
      state: 'active',
      externalAddress: facts.externalAddress,
    });
    return `The gateway is up with the external address ${facts.externalAddress}.`;
  },
});

export const gatewayUpdateTask = defineTask({
  op: 'gateway.update',
  kind: 'network_gateway',
  label: (payload) => (payload.snat ? 'Turn source NAT on' : 'Turn source NAT off'),
  operation: () => 'update',
  payload: Type.Object({ snat: Type.Boolean() }),
  run: (ctx, task) => ctx.driver.updateGateway(ctx, task.targetId, { snat: task.payload.snat }),
  async apply(tx, task, facts) {
    await updateGateway(tx, task.tenantId, task.targetId, { snat: facts.snat });
    return `Source NAT is now ${facts.snat ? 'on' : 'off'} on ${facts.externalAddress}.`;
  },
});

export const gatewayDeleteTask = defineTask({
  op: 'gateway.delete',
  kind: 'network_gateway',
  label: () => 'Delete gateway',
  operation: () => 'delete',
  payload: Empty,
  run: (ctx, task) => ctx.driver.deleteGateway(ctx, task.targetId),
  async apply(tx, task) {
    const gateway = await gatewayOf(tx, task, true);
    // Networks are refused a gateway being deleted; this holds should one have slipped in.
    if ((await gatewayUsers(tx, task.tenantId, gateway.id)).networks.length > 0)
      throw new DriverError(`The gateway ${gateway.name} is in use again; it was not deleted.`);
    await deleteGateway(tx, task.tenantId, gateway.id);
    return `The gateway ${gateway.name} was deleted.`;
  },
});

export const addressAllocateTask = defineTask({
  op: 'address.allocate',
  kind: 'public_address',
  label: () => 'Allocate public address',
  operation: () => 'allocate',
  payload: Empty,
  async run(ctx, task) {
    const address = await addressOf(ctx.db, task);
    return ctx.driver.allocateAddress(ctx, {
      location: address.location,
      gatewayId: address.gatewayId,
    });
  },
  async apply(tx, task, facts) {
    await recordAllocation(tx, task.tenantId, task.targetId, facts);
    return `The public address ${facts.address} is yours.`;
  },
});

export const addressReleaseTask = defineTask({
  op: 'address.release',
  kind: 'public_address',
  label: () => 'Release public address',
  operation: () => 'release',
  payload: Type.Object({ global_ipaddress_id: Type.Integer() }),
  run: (ctx, task) => ctx.driver.releaseAddress(ctx, task.payload.global_ipaddress_id),
  async apply(tx, task, facts) {
    await deleteAddress(tx, task.tenantId, task.targetId);
    return `The public address ${facts.address} was released.`;
  },
});

export const NETWORKING_TASKS = [
  networkCreateTask,
  networkUpdateTask,
  networkDeleteTask,
  gatewayCreateTask,
  gatewayUpdateTask,
  gatewayDeleteTask,
  addressAllocateTask,
  addressReleaseTask,
] as const;

export const NETWORKING_TARGETS = [networkTargets, gatewayTargets, addressTargets] as const;
