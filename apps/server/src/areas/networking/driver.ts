import { Type, type Static } from 'typebox';
import type { OperationContext } from '../../platform/driver.ts';

// What a networking platform reports after each operation: facts, kept by the driver so that a
// task run again reports the same.

export const NetworkFacts = Type.Object({ name: Type.String(), vlanId: Type.Integer() });
export type NetworkFacts = Static<typeof NetworkFacts>;

export const NetworkUpdateFacts = Type.Object({
  dhcpStart: Type.String(),
  dhcpEnd: Type.String(),
  dnsServers: Type.Array(Type.String()),
  gatewayId: Type.Union([Type.Integer(), Type.Null()]),
});
export type NetworkUpdateFacts = Static<typeof NetworkUpdateFacts>;

export const GatewayFacts = Type.Object({ externalAddress: Type.String(), snat: Type.Boolean() });
export type GatewayFacts = Static<typeof GatewayFacts>;

export const GatewayDeletedFacts = Type.Object({ externalAddress: Type.String() });
export type GatewayDeletedFacts = Static<typeof GatewayDeletedFacts>;

export const AddressFacts = Type.Object({
  globalIpaddressId: Type.Integer(),
  address: Type.String(),
});
export type AddressFacts = Static<typeof AddressFacts>;

/** A network as the portal asks the platform to build it (a portgroup with its addressing). */
export interface NetworkSpec {
  name: string;
  location: string;
  vlanId: number;
  cidr: string;
  /** The network's own address for its VMs (the bridge's address on LXD). */
  gatewayAddress: string;
  dhcpStart: string;
  dhcpEnd: string;
  dnsServers: string[];
  gatewayId: number | null;
}

/** What a real platform has now for a tenant's networks, for the topology graph. */
export interface PlatformTopology {
  location: string;
  /** The portal networks the platform has, by id. */
  networkIds: number[];
  /** Each VM adapter on one of them, with the address the platform reports. */
  ports: { vmId: number; networkId: number; ip: string | null }[];
  /** Public addresses forwarded to a VM: the address and the VM's address it goes to. */
  forwards: { address: string; vmId: number; privateIp: string }[];
}

/**
 * The networking platform: what a vSphere (distributed portgroups, edge gateways) or OpenStack
 * (networks, routers, floating IPs) driver implements. Named by the portal's ids; public
 * addresses by their global address id (the id a VM's NAT call takes). Idempotent per
 * `ctx.taskId`; refusals are DriverError sentences.
 */
export interface NetworkingDriver {
  createNetwork(ctx: OperationContext, networkId: number, spec: NetworkSpec): Promise<NetworkFacts>;
  updateNetwork(
    ctx: OperationContext,
    networkId: number,
    change: NetworkUpdateFacts,
  ): Promise<NetworkUpdateFacts>;
  deleteNetwork(ctx: OperationContext, networkId: number): Promise<NetworkFacts>;
  createGateway(
    ctx: OperationContext,
    gatewayId: number,
    spec: { name: string; location: string; snat: boolean },
  ): Promise<GatewayFacts>;
  updateGateway(
    ctx: OperationContext,
    gatewayId: number,
    change: { snat: boolean },
  ): Promise<GatewayFacts>;
  /** Removes a gateway no network, NAT entry or public address uses any more. */
  deleteGateway(ctx: OperationContext, gatewayId: number): Promise<GatewayDeletedFacts>;
  allocateAddress(
    ctx: OperationContext,
    request: { location: string; gatewayId: number },
  ): Promise<AddressFacts>;
  releaseAddress(ctx: OperationContext, globalIpaddressId: number): Promise<AddressFacts>;
  /** The tenant's networks as the platform has them now (a real platform; not the simulator). */
  observeTopology?(tenant: { tenantId: number; tenantCode: string }): Promise<PlatformTopology>;
}
