// The compute area's SQL for VM firewall rules, always scoped by tenant.
import type { Queryable } from '../../../db/database.ts';
import { insertedId } from '../../../platform/rows.ts';
import type { NewFirewallRule } from '../driver.ts';

import { nextval, vmChildren } from './vm-rows.ts';

/** A VM's firewall rule as stored: the rule as platforms apply it, on its VM. */
export interface FirewallRuleRecord extends NewFirewallRule {
  id: number;
  vmId: number;
  createdAt: Date;
}

export type { NewFirewallRule };

interface RuleRow {
  id: number;
  vm_id: number;
  direction: FirewallRuleRecord['direction'];
  protocol: FirewallRuleRecord['protocol'];
  ports: string | null;
  source: string;
  destination: string;
  action: FirewallRuleRecord['action'];
  description: string;
  created_at: Date;
}

const SELECT_RULE = `select id, vm_id, direction, protocol, ports, source, destination, action,
  description, created_at from firewall_rules`;

const toRule = (row: RuleRow): FirewallRuleRecord => ({
  id: row.id,
  vmId: row.vm_id,
  direction: row.direction,
  protocol: row.protocol,
  ports: row.ports,
  source: row.source,
  destination: row.destination,
  action: row.action,
  description: row.description,
  createdAt: row.created_at,
});

const rules = vmChildren<RuleRow, FirewallRuleRecord>(SELECT_RULE, toRule);
/** The firewall rules of several of the tenant's VMs, oldest first. */
export const listFirewallRules = rules.list;
export const findFirewallRule = rules.find;

export async function insertFirewallRule(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  rule: NewFirewallRule,
  /** The id the platform reported (from nextFirewallRuleId); a new one when absent. */
  id: number | null = null,
): Promise<number> {
  return insertedId(
    tx,
    `insert into firewall_rules (id, tenant_id, vm_id, direction, protocol, ports, source,
                                 destination, action, description)
     values (coalesce($10, nextval('firewall_rules_id_seq')), $1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning id`,
    [
      tenantId,
      vmId,
      rule.direction,
      rule.protocol,
      rule.ports,
      rule.source,
      rule.destination,
      rule.action,
      rule.description,
      id,
    ],
  );
}

export async function deleteFirewallRule(
  tx: Queryable,
  tenantId: number,
  id: number,
): Promise<void> {
  await tx.query('delete from firewall_rules where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** An id for a firewall rule the platform is asked to add. */
export const nextFirewallRuleId = (q: Queryable) => nextval(q, 'firewall_rules_id_seq');
