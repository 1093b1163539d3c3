// What the compute repositories share: the reads of rows that belong to a VM, ids from sequences.
import type { Queryable } from '../../../db/database.ts';

/**
 * The reads of a table whose rows belong to one of the tenant's VMs (NAT entries, firewall
 * rules): the rows of several VMs, oldest first, or one row of one VM.
 */
export function vmChildren<Row, Rec>(select: string, toRecord: (row: Row) => Rec) {
  return {
    async list(db: Queryable, tenantId: number, vmIds: readonly number[]): Promise<Rec[]> {
      if (vmIds.length === 0) return [];
      const rows = await db.query<Row>(
        `${select} where tenant_id = $1 and vm_id = any($2::bigint[]) order by id`,
        [tenantId, vmIds],
      );
      return rows.map(toRecord);
    },
    async find(db: Queryable, tenantId: number, vmId: number, id: number): Promise<Rec | null> {
      const rows = await db.query<Row>(
        `${select} where tenant_id = $1 and vm_id = $2 and id = $3`,
        [tenantId, vmId, id],
      );
      const row = rows[0];
      return row ? toRecord(row) : null;
    },
  };
}

export const nextval = async (q: Queryable, sequence: string): Promise<number> => {
  const rows = await q.query<{ id: number }>('select nextval($1::regclass) as id', [sequence]);
  const row = rows[0];
  if (!row) throw new Error('nextval returned no row');
  return row.id;
};
