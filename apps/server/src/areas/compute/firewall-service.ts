// The compute area's firewall services: the reply of a rule, its checks, and the rule tasks'.
import type { FirewallRule, FirewallRuleBody } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import {
  findFirewallRule,
  type FirewallRuleRecord,
  type NewFirewallRule,
} from './repository/firewall-rules.ts';
import { invalid, onSiteAction, type ComputeDeps } from './service.ts';

/** A firewall rule as the VM reply shows it. */
export const toRuleReply = (rule: FirewallRuleRecord): FirewallRule => ({
  id: rule.id,
  direction: rule.direction,
  protocol: rule.protocol,
  ports: rule.ports,
  source: rule.source,
  destination: rule.destination,
  action: rule.action,
  description: rule.description,
  created_at: rule.createdAt.toISOString(),
});

const CIDR_REASON = 'must be an IPv4 network such as 203.0.113.0/24';

function checkCidr(field: string, value: string): void {
  const [address = '', prefix = ''] = value.split('/');
  const octets = address.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => octet > 255) || Number(prefix) > 32)
    throw invalid(field, CIDR_REASON);
}

/** The rule as the platform stores it, after the checks the schema cannot express. */
export function normaliseFirewallRule(body: FirewallRuleBody): NewFirewallRule {
  const withPorts = body.protocol === 'tcp' || body.protocol === 'udp';
  const ports = body.ports ?? null;
  if (withPorts && ports === null) throw invalid('ports', `is required for ${body.protocol}`);
  if (!withPorts && ports !== null) throw invalid('ports', 'only tcp and udp rules have ports');
  if (ports !== null) {
    const [low = 0, high = low] = ports.split('-').map(Number);
    if (low < 1 || high > 65535 || low > high)
      throw invalid('ports', 'must be ports from 1 to 65535, the lower one first');
  }
  checkCidr('source', body.source);
  checkCidr('destination', body.destination);
  return {
    direction: body.direction,
    protocol: body.protocol,
    ports,
    source: body.source,
    destination: body.destination,
    action: body.action,
    description: body.description ?? '',
  };
}

export function prepareFirewallAdd(
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  body: FirewallRuleBody,
) {
  const rule = normaliseFirewallRule(body);
  return onSiteAction(deps, tx, caller, id, 'firewall', () => ({ rule }), { rule: body });
}

export const prepareFirewallDelete = (
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  ruleId: number,
) =>
  onSiteAction(
    deps,
    tx,
    caller,
    id,
    'firewall',
    async (vm) => {
      if (!(await findFirewallRule(tx, caller.tenantId, vm.id, ruleId)))
        throw notFound(`No firewall rule ${ruleId} on virtual machine ${id}.`);
      return { rule_id: ruleId };
    },
    { rule_id: ruleId },
  );
