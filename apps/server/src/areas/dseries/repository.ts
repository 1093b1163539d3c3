import type { DseriesItem } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { columnSorts, isoText, tenantList } from '../../platform/paging.ts';

const DSERIES_LIST = {
  name: 'dseries',
  from: 'dseries_items d',
  id: 'd.id',
  sorts: columnSorts('d', {
    id: 'integer',
    name: 'text',
    model: 'text',
    cpu_cores: 'integer',
    memory_gb: 'integer',
    location: 'text',
    status: 'text',
    created: ['created_at', 'timestamptz'],
  }),
  defaultSort: 'id',
  search: ['d.name', 'd.model', 'd.storage', 'd.location', 'd.status', "coalesce(d.ip, '')"],
} as const;

/** The list as the contract's `DseriesItem`, field by field in its order. */
const DSERIES_FIELDS = `d.id, d.name, d.model, d.cpu_cores, d.memory_gb, d.storage, d.location,
  d.status, d.ip,
  ${isoText('d.created_at')} as created_at`;

/** The tenant's items (oldest first, or a page). */
export const dseriesList = tenantList({ ...DSERIES_LIST, fields: DSERIES_FIELDS }, 'd');

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
