import type { Queryable } from './database.ts';

/** One row of the audit log, as written. */
export interface AuditEntry {
  actorEmail: string | null;
  /** cdb_id of the actor's own tenant. */
  actorTenant: string | null;
  /** cdb_id of the tenant acted for (differs from actorTenant when an internal user switches). */
  actingTenant: string | null;
  action: string;
  /** What it was done to, as an id: `user:9`, `vm:3`. */
  target: string | null;
  /** The same as people know it, at the time: the user's e-mail, the VM's name. */
  targetLabel?: string | null;
  result: 'success' | 'failure' | 'denied';
  detail: Record<string, unknown>;
  /** The area it belongs to (`compute`, `admin`, `account`, …). */
  area?: string | null;
  /** The caller's network address. */
  address?: string | null;
}

export interface AuditRow extends AuditEntry {
  id: number;
  at: Date;
}

export async function insertAuditEntry(db: Queryable, entry: AuditEntry): Promise<AuditRow> {
  const rows = await db.query<{ id: number; at: Date }>(
    `insert into audit_log (actor_email, actor_tenant, acting_tenant, action, target, result, detail,
                            area, address, target_label)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)
     returning id, at`,
    [
      entry.actorEmail,
      entry.actorTenant,
      entry.actingTenant,
      entry.action,
      entry.target,
      entry.result,
      JSON.stringify(entry.detail),
      entry.area ?? null,
      entry.address ?? null,
      entry.targetLabel ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into audit_log returned no row');
  return { ...entry, id: row.id, at: row.at };
}

/** The newest entries acted for one tenant, newest first. */
export async function listAuditEntries(
  db: Queryable,
  actingTenant: string,
  limit = 100,
): Promise<AuditRow[]> {
  const rows = await db.query<{
    id: number;
    at: Date;
    actor_email: string | null;
    actor_tenant: string | null;
    acting_tenant: string | null;
    action: string;
    target: string | null;
    result: AuditEntry['result'];
    detail: Record<string, unknown>;
  }>(
    `select id, at, actor_email, actor_tenant, acting_tenant, action, target, result, detail
       from audit_log where acting_tenant = $1 order by at desc, id desc limit $2`,
    [actingTenant, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actorEmail: row.actor_email,
    actorTenant: row.actor_tenant,
    actingTenant: row.acting_tenant,
    action: row.action,
    target: row.target,
    result: row.result,
    detail: row.detail,
  }));
}
