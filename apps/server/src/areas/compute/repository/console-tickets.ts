// The compute area's SQL for console tickets (one-use credentials to a VM's console).
import type { Queryable } from '../../../db/database.ts';

export async function insertConsoleTicket(
  db: Queryable,
  tenantId: number,
  ticket: { hash: string; vmId: number; createdBy: string | null; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into console_tickets (ticket_hash, tenant_id, vm_id, created_by, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [ticket.hash, tenantId, ticket.vmId, ticket.createdBy, ticket.expiresAt],
  );
  // Old tickets are of no use to anybody; keep the table small.
  await db.query("delete from console_tickets where expires_at < now() - interval '1 hour'");
}

/**
 * Uses a ticket up: returns its tenant and VM if it was unused and unexpired, else null. Not
 * tenant-scoped on purpose: the ticket is the credential that names the tenant.
 */
export async function redeemConsoleTicket(
  db: Queryable,
  hash: string,
): Promise<{ tenantId: number; vmId: number; createdBy: string | null } | null> {
  const rows = await db.query<{ tenant_id: number; vm_id: number; created_by: string | null }>(
    `update console_tickets set used_at = now()
      where ticket_hash = $1 and used_at is null and expires_at > now()
      returning tenant_id, vm_id, created_by`,
    [hash],
  );
  const row = rows[0];
  return row ? { tenantId: row.tenant_id, vmId: row.vm_id, createdBy: row.created_by } : null;
}
