import { MAX_FIREWALL_RULES } from '@portal/api/domain';
import { LEGACY_NAME_PREFIX, LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import {
  createAcl,
  deleteAcl,
  findAcl,
  replaceAcl,
  type LxdAcl,
  type LxdAclRule,
} from '../../../../platform/lxd/acls.ts';
import { refuse } from '../../../../platform/driver.ts';
import {
  DriverError,
  type FirewallFacts,
  type NewFirewallRule,
  type OperationContext,
} from '../../driver.ts';
import type { InstanceRef } from './console.ts';
import { instanceNic } from './nat.ts';

/**
 * Why firewall rules are off on a bridge network. Found on LXD 5.0.2 with the nftables firewall:
 * a network ACL can be made, but a bridged NIC refuses `security.acls` ("Invalid device option"),
 * and an ACL on the bridge itself would filter every instance on it, of every tenant. Per-NIC
 * ACLs need an OVN network (or a newer LXD or Incus).
 */
export const FIREWALL_UNAVAILABLE =
  "Firewall rules are not available at this site: its LXD network cannot filter one virtual machine's traffic.";

/**
 * The ACL of one VM: its rules, nothing else. ACLs share one name space on the server, so the name
 * begins with the installation's prefix (ADR 045): `portal-vm-<id>` for an older installation.
 */
export const aclName = (vmId: number, prefix = LEGACY_NAME_PREFIX) => `${prefix}vm-${vmId}`;

const aclOf = async (client: LxdClient, vmId: number) => aclName(vmId, await client.namePrefix());

/** A rule's portal id, kept at the start of its description in LXD. */
const ruleTag = (id: number) => `rule ${id}`;
const ruleIdOf = (rule: LxdAclRule) => Number(/^rule (\d+)/.exec(rule.description)?.[1] ?? NaN);

const ANYWHERE = '0.0.0.0/0';
const PROTOCOLS: Record<NewFirewallRule['protocol'], LxdAclRule['protocol']> = {
  tcp: 'tcp',
  udp: 'udp',
  icmp: 'icmp4',
  any: '',
};

/** A portal rule as an LXD ACL rule (the same direction list: ingress or egress). */
export function aclRule(id: number, rule: NewFirewallRule): LxdAclRule {
  return {
    action: rule.action === 'allow' ? 'allow' : 'drop',
    source: rule.source === ANYWHERE ? '' : rule.source,
    destination: rule.destination === ANYWHERE ? '' : rule.destination,
    protocol: PROTOCOLS[rule.protocol],
    destination_port: rule.ports ?? '',
    description: rule.description ? `${ruleTag(id)}: ${rule.description}` : ruleTag(id),
    state: 'enabled',
  };
}

const sameRule = (a: LxdAclRule, b: LxdAclRule) =>
  a.action === b.action &&
  a.source === b.source &&
  a.destination === b.destination &&
  a.protocol === b.protocol &&
  a.destination_port === b.destination_port;

/** The NIC's ACLs with this one among them, for `security.acls`. */
const withAcl = (current: string | undefined, name: string) =>
  [...new Set([...(current ?? '').split(',').filter(Boolean), name])].join(',');

/**
 * A firewall rule on LXD: one network ACL per VM (`portal-vm-<id>`) whose rules mirror the
 * portal's, set on the instance's NIC. Where the NIC cannot take an ACL, LXD's refusal becomes
 * FIREWALL_UNAVAILABLE and the ACL is left as it was. Resumed, the rule is found by its id.
 */
export async function addRule(
  client: LxdClient,
  ctx: OperationContext,
  vmId: number,
  instance: InstanceRef,
  ruleId: number,
  rule: NewFirewallRule,
): Promise<FirewallFacts> {
  const { signal } = ctx;
  const wanted = aclRule(ruleId, rule);
  const name = await aclOf(client, vmId);
  const before = await findAcl(client, name, signal);
  const acl: LxdAcl = before
    ? structuredClone(before)
    : {
        name,
        description: `Portal VM ${vmId}`,
        ingress: [],
        egress: [],
        config: {},
      };
  const list = acl[rule.direction];
  if (!list.some((each) => ruleIdOf(each) === ruleId)) {
    if (acl.ingress.length + acl.egress.length >= MAX_FIREWALL_RULES)
      refuse(`A virtual machine can have at most ${MAX_FIREWALL_RULES} firewall rules.`);
    const same = list.find((each) => sameRule(each, wanted));
    if (same) refuse(`An identical rule already exists (rule ${ruleIdOf(same)}).`);
    list.push(wanted);
  }
  if (before) await replaceAcl(client, acl, signal);
  else await createAcl(client, acl, signal);
  try {
    await attachAcl(client, instance, acl.name, signal);
  } catch (error) {
    // Leave LXD as it was: the rule is not in force, so it is not kept either.
    if (before) await replaceAcl(client, before, signal);
    else await deleteAcl(client, acl.name, signal);
    throw error;
  }
  return { id: ruleId };
}

async function attachAcl(
  client: LxdClient,
  instance: InstanceRef,
  name: string,
  signal: AbortSignal,
): Promise<void> {
  const nic = await instanceNic(client, instance, signal);
  if (!nic) return refuse('The virtual machine has no network adapter.');
  const path = `/1.0/instances/${encodeURIComponent(instance.name)}`;
  const full = await client.get<{
    devices: Record<string, Record<string, string>>;
    expanded_devices: Record<string, Record<string, string>>;
  }>(path, { project: instance.project, signal });
  // The NIC may come from a profile: the instance gets its own copy of it, with the ACL.
  const device = full.devices[nic.device] ?? full.expanded_devices[nic.device] ?? {};
  const acls = withAcl(device['security.acls'], name);
  if (device['security.acls'] === acls) return;
  try {
    await client.patchWait(
      path,
      { devices: { ...full.devices, [nic.device]: { ...device, 'security.acls': acls } } },
      { project: instance.project, signal },
    );
  } catch (error) {
    if (error instanceof LxdError && /security\.acls/.test(error.lxdMessage))
      throw new DriverError(FIREWALL_UNAVAILABLE, { detail: error.lxdMessage });
    throw error;
  }
}

/** Removes the rule from the VM's ACL; a rule already gone is what was asked for. */
export async function deleteRule(
  client: LxdClient,
  ctx: OperationContext,
  vmId: number,
  ruleId: number,
): Promise<FirewallFacts> {
  const acl = await findAcl(client, await aclOf(client, vmId), ctx.signal);
  if (!acl) return { id: ruleId };
  const keep = (rules: LxdAclRule[]) => rules.filter((each) => ruleIdOf(each) !== ruleId);
  const ingress = keep(acl.ingress);
  const egress = keep(acl.egress);
  if (ingress.length + egress.length < acl.ingress.length + acl.egress.length)
    await replaceAcl(client, { ...acl, ingress, egress }, ctx.signal);
  return { id: ruleId };
}

/** Removes the VM's ACL (when it is deleted: the instance, and so its NIC, must be gone first). */
export async function removeAcl(client: LxdClient, vmId: number, signal: AbortSignal) {
  const name = await aclOf(client, vmId);
  if (await findAcl(client, name, signal)) await deleteAcl(client, name, signal);
}
