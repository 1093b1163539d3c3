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

/** A demo server as `npm start` shows it: the model decides its size. */
export const insertDemoDseries = (
  db: Queryable,
  tenantId: number,
  item: { name: string; model: string; status: DseriesItem['status']; index: number },
): Promise<void> =>
  insertDseries(db, tenantId, {
    name: item.name,
    model: item.model,
    cpu_cores: item.model === 'DS-2440' ? 24 : 12,
    memory_gb: item.model === 'DS-2440' ? 256 : 128,
    storage: item.model === 'DS-2440' ? '4 × 1.92 TB NVMe' : '2 × 960 GB SSD',
    location: 'AMS1',
    status: item.status,
    ip: item.status === 'running' ? `192.0.2.${tenantId * 10 + item.index}` : null,
  });
