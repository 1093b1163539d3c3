import type { DseriesItem } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';

interface DseriesRow extends Omit<DseriesItem, 'created_at'> {
  created_at: Date;
}

export async function listDseries(db: Queryable, tenantId: number): Promise<DseriesItem[]> {
  const rows = await db.query<DseriesRow>(
    `select id, name, model, cpu_cores, memory_gb, storage, location, status, ip, created_at
       from dseries_items where tenant_id = $1 order by id`,
    [tenantId],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export async function insertDseries(
  db: Queryable,
  tenantId: number,
  item: Omit<DseriesItem, 'id' | 'created_at'>,
): Promise<void> {
  await db.query(
    `insert into dseries_items (tenant_id, name, model, cpu_cores, memory_gb, storage, location,
                                status, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tenantId,
      item.name,
      item.model,
      item.cpu_cores,
      item.memory_gb,
      item.storage,
      item.location,
      item.status,
      item.ip,
    ],
  );
}
