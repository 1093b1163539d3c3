import type { Queryable } from './database.ts';

export type TenantKind = 'provider' | 'internal' | 'poc' | 'customer';

export interface TenantRecord {
  id: number;
  cdb_id: string;
  name: string;
  kind: TenantKind;
  /** Every user of the tenant must sign in with a second factor. */
  requireSecondFactor: boolean;
}

export async function findTenantByCdbId(
  db: Queryable,
  cdbId: string,
): Promise<TenantRecord | null> {
  const rows = await db.query<TenantRecord>(
    `select id, cdb_id, name, kind, require_second_factor as "requireSecondFactor"
       from tenants where cdb_id = $1`,
    [cdbId],
  );
  return rows[0] ?? null;
}
