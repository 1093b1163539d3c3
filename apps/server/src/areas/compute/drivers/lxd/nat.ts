import { LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import {
  createForward,
  deleteForward,
  forwardingNetworks,
  listForwards,
  type LxdForward,
} from '../../../../platform/lxd/forwards.ts';
import { refuse } from '../../../../platform/driver.ts';
import type { AddressClaim } from '../../../../platform/lxd/public-addresses.ts';
import type { NatCancelFacts, NatFacts, OperationContext } from '../../driver.ts';
import type { InstanceRef } from './console.ts';
import { VM_ID_KEY } from './observe.ts';
import { ownerConfig, owns } from '../../../../platform/lxd/ownership.ts';

/** The config key naming the task that made a forward: a resumed task finds its own. */
export const TASK_ID_KEY = 'user.portal.task-id';

/**
 * Public addresses for NAT when a site names none: documentation addresses (RFC 5737) that no
 * one routes. Traffic the host sends to them is turned to the instance by the forward's own
 * rule, before routing, so it stays on this machine.
 */
export const DEFAULT_FORWARD_ADDRESSES = [
  '198.51.100.10',
  '198.51.100.11',
  '198.51.100.12',
  '198.51.100.13',
];

/** The portal's id of a public address: the IPv4 address as a number (stable, no table). */
export const addressId = (address: string): number =>
  address.split('.').reduce((id, part) => id * 256 + Number(part), 0);

export const addressOf = (id: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(id / 2 ** shift) % 256).join('.');

/** The instance's first NIC on a managed network, with its IPv4 address when it has one. */
export interface InstanceNic {
  device: string;
  network: string;
  address: string | null;
}

interface InstanceWithState {
  expanded_devices: Record<string, Record<string, string>>;
  state: {
    network: Record<string, { addresses: { family: string; address: string }[] }> | null;
  } | null;
}

export async function instanceNic(
  client: LxdClient,
  instance: InstanceRef,
  signal?: AbortSignal,
): Promise<InstanceNic | null> {
  const full = await client.get<InstanceWithState>(
    `/1.0/instances/${encodeURIComponent(instance.name)}`,
    { project: instance.project, query: { recursion: '1' }, signal },
  );
  for (const [device, config] of Object.entries(full.expanded_devices)) {
    if (config['type'] !== 'nic' || !config['network']) continue;
    const inside = config['name'] ?? device;
    const address =
      full.state?.network?.[inside]?.addresses.find((each) => each.family === 'inet')?.address ??
      null;
    return { device, network: config['network'], address };
  }
  return null;
}

/** Every forward on the networks that can have one, with its network. */
async function allForwards(client: LxdClient, signal: AbortSignal) {
  const networks = await forwardingNetworks(client);
  const lists = await Promise.all(
    networks.map(async ({ name }) =>
      (await listForwards(client, name, signal)).map((forward) => ({ network: name, forward })),
    ),
  );
  return lists.flat();
}

const ownedBy = (forward: LxdForward, owner: string, vmId: number) =>
  owns(forward.config, owner, VM_ID_KEY, vmId);

/**
 * The public address asked for, when it is free, the site's and not held by anyone else (a
 * tenant's allocation or a gateway's own, ADR 037); else the first free one held by no one.
 */
function pickAddress(
  pool: string[],
  used: Set<string>,
  requested: number | null,
  held: { tenantId: number; gatewayId: number; claims: AddressClaim[] },
): string {
  if (requested !== null) {
    const address = addressOf(requested);
    if (!pool.includes(address))
      refuse(`The public address ${address} is not one of this site's public addresses.`);
    const claim = held.claims.find((each) => each.address === address);
    if (claim && (claim.kind !== 'allocated' || claim.tenantId !== held.tenantId))
      refuse('The public address is not allocated to you.');
    if (claim && claim.gatewayId !== held.gatewayId)
      refuse(`The public address ${address} belongs to another gateway.`);
    if (used.has(address)) refuse(`The public address ${address} is already in use.`);
    return address;
  }
  const claimed = new Set(held.claims.map((claim) => claim.address));
  const free = pool.find((candidate) => !used.has(candidate) && !claimed.has(candidate));
  return free ?? refuse('Every public address of this site is in use. Remove a NAT entry first.');
}

/**
 * LXD's answers when another forward took the address first: 409 on the same network; a 500
 * saying it "overlaps with another network or NIC" (another bridge), or LXD's own database's
 * "UNIQUE constraint failed" when both reached it at the same moment.
 */
const takenMeanwhile = (error: LxdError) =>
  error.status === 409 ||
  /already exists|overlaps with another|UNIQUE constraint failed/i.test(error.message);

/**
 * NAT on LXD: a network forward of every port of a public address from the site's pool to the
 * instance's address. A resumed task finds the forward it made (by its task id) and answers it.
 */
export async function addNat(
  client: LxdClient,
  ctx: OperationContext,
  vmId: number,
  nat: {
    instance: InstanceRef;
    pool: string[];
    gatewayName: string;
    requested: number | null;
    /** Who holds which of the site's addresses, and the gateway the entry goes through. */
    claims?: AddressClaim[];
    gatewayId?: number;
  },
): Promise<NatFacts> {
  const nic = await instanceNic(client, nat.instance, ctx.signal);
  if (!nic?.address) return refuse('The virtual machine has no IP address yet.');
  const forwards = await allForwards(client, ctx.signal);
  const facts = (address: string): NatFacts => ({
    globalIpaddressId: addressId(address),
    globalIpaddress: address,
    gatewayName: nat.gatewayName,
    privateIp: nic.address ?? '',
  });
  const owner = await client.owner();
  const mine = forwards.find(
    ({ forward }) =>
      ownedBy(forward, owner, vmId) && forward.config[TASK_ID_KEY] === String(ctx.taskId),
  );
  if (mine) return facts(mine.forward.listen_address);

  // The lowest free address, then the forward: another task may take the same address between
  // the two. LXD refuses the second forward on an address, so the loser picks again from a
  // fresh list, as a unique constraint and a retry would (once per address of the pool at most).
  const owned = await ownerConfig(client);
  let seen = forwards;
  for (let attempt = 0; ; attempt += 1) {
    const used = new Set(seen.map(({ forward }) => forward.listen_address));
    const address = pickAddress(nat.pool, used, nat.requested, {
      tenantId: ctx.tenantId,
      gatewayId: nat.gatewayId ?? 0,
      claims: nat.claims ?? [],
    });
    try {
      await createForward(
        client,
        nic.network,
        {
          listen_address: address,
          description: `Portal VM ${vmId}`,
          config: {
            target_address: nic.address,
            [VM_ID_KEY]: String(vmId),
            [TASK_ID_KEY]: String(ctx.taskId),
            ...owned,
          },
        },
        ctx.signal,
      );
      return facts(address);
    } catch (error) {
      if (!(error instanceof LxdError) || !takenMeanwhile(error) || attempt >= nat.pool.length)
        throw error;
      seen = await allForwards(client, ctx.signal);
    }
  }
}

/**
 * Removes the VM's forward on the public address. Gone already (a resumed task, or removed in
 * LXD directly) is what was asked for: the same facts.
 */
export async function cancelNat(
  client: LxdClient,
  ctx: OperationContext,
  vmId: number,
  globalIpaddressId: number,
): Promise<NatCancelFacts> {
  const address = addressOf(globalIpaddressId);
  const owner = await client.owner();
  const found = (await allForwards(client, ctx.signal)).find(
    ({ forward }) => forward.listen_address === address && ownedBy(forward, owner, vmId),
  );
  if (found) await deleteForward(client, found.network, address, ctx.signal);
  return { globalIpaddress: address };
}

/** Removes every forward of the VM (when it is deleted). */
export async function removeNats(
  client: LxdClient,
  vmId: number,
  signal: AbortSignal,
): Promise<void> {
  const owner = await client.owner();
  for (const { network, forward } of await allForwards(client, signal)) {
    if (ownedBy(forward, owner, vmId))
      await deleteForward(client, network, forward.listen_address, signal);
  }
}
