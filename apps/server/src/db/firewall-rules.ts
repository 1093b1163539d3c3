import type { FirewallRuleBody } from '@portal/api/contract';
import type { Queryable } from './database.ts';

export interface FirewallRuleRecord {
  id: number;
  vmId: number;
  direction: FirewallRuleBody['direction'];
  protocol: FirewallRuleBody['protocol'];
  ports: string | null;
  source: string;
  destination: string;
  action: FirewallRuleBody['action'];
  description: string;
  createdAt: Date;
}

/** A rule as the platform stores it: ports only for tcp and udp, description never null. */
export type NewFirewallRule = Omit<FirewallRuleRecord, 'id' | 'vmId' | 'createdAt'>;

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

/** The firewall rules of several of the tenant's VMs, oldest first. */
export async function listFirewallRules(
  db: Queryable,
  tenantId: number,
  vmIds: readonly number[],
): Promise<FirewallRuleRecord[]> {
  if (vmIds.length === 0) return [];
  const rows = await db.query<RuleRow>(
    `${SELECT_RULE} where tenant_id = $1 and vm_id = any($2::bigint[]) order by id`,
    [tenantId, vmIds],
  );
  return rows.map(toRule);
}

export async function findFirewallRule(
  db: Queryable,
  tenantId: number,
  vmId: number,
  id: number,
): Promise<FirewallRuleRecord | null> {
  const rows = await db.query<RuleRow>(
    `${SELECT_RULE} where tenant_id = $1 and vm_id = $2 and id = $3`,
    [tenantId, vmId, id],
  );
  const row = rows[0];
  return row ? toRule(row) : null;
}

export async function insertFirewallRule(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  rule: NewFirewallRule,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into firewall_rules (tenant_id, vm_id, direction, protocol, ports, source, destination,
                                 action, description)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
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
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into firewall_rules returned no row');
  return row.id;
}

export async function deleteFirewallRule(
  tx: Queryable,
  tenantId: number,
  id: number,
): Promise<void> {
  await tx.query('delete from firewall_rules where tenant_id = $1 and id = $2', [tenantId, id]);
}
