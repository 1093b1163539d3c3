import type { Queryable } from '../../db/database.ts';
import { insertedId } from '../../platform/rows.ts';
import { columnSorts, isoText, tenantList } from '../../platform/paging.ts';

export interface VwseriesBackupSummary {
  policy: string;
  retention_days: number;
  last_backup_at: string | null;
  last_result: 'success' | 'warning' | 'failure' | null;
}

/** A vwseries service as it is recorded: its id, plan, place, limits and backup. */
export interface NewVwseries {
  serviceid: string;
  name: string;
  plan: string;
  location: string;
  vcpuLimit: number;
  memoryGbLimit: number;
  diskGbLimit: number;
  backup: VwseriesBackupSummary;
}

/** A vwseries service as stored: what was recorded, and what the portal keeps of it. */
export interface VwseriesRecord extends NewVwseries {
  id: number;
  vmCount: number;
  refreshedAt: Date | null;
  createdAt: Date;
}

interface VwseriesRow {
  id: number;
  serviceid: string;
  name: string;
  plan: string;
  location: string;
  vcpu_limit: number;
  memory_gb_limit: number;
  disk_gb_limit: number;
  backup: VwseriesBackupSummary;
  vm_count: number;
  refreshed_at: Date | null;
  created_at: Date;
}

const SELECT_SERVICE = `
  select s.id, s.serviceid, s.name, s.plan, s.location, s.vcpu_limit, s.memory_gb_limit,
         s.disk_gb_limit, s.backup, s.refreshed_at, s.created_at,
         (select count(*) from vms v where v.vwseries_id = s.id) as vm_count
    from vwseries_services s`;

const toService = (row: VwseriesRow): VwseriesRecord => ({
  id: row.id,
  serviceid: row.serviceid,
  name: row.name,
  plan: row.plan,
  location: row.location,
  vcpuLimit: row.vcpu_limit,
  memoryGbLimit: row.memory_gb_limit,
  diskGbLimit: row.disk_gb_limit,
  backup: row.backup,
  vmCount: row.vm_count,
  refreshedAt: row.refreshed_at,
  createdAt: row.created_at,
});

const SERVICE_LIST = {
  name: 'vwseries',
  from: 'vwseries_services s',
  id: 's.id',
  sorts: columnSorts('s', {
    serviceid: 'text',
    name: 'text',
    plan: 'text',
    location: 'text',
    created: ['created_at', 'timestamptz'],
  }),
  defaultSort: 'serviceid',
  search: ['s.serviceid', 's.name', 's.plan', 's.location'],
} as const;

/** The service list as the contract's `VwseriesService`, field by field in its order. */
const SERVICE_FIELDS = `s.serviceid, s.name, s.plan, s.location,
  (select count(*) from vms v where v.vwseries_id = s.id)::integer as vm_count,
  json_build_object('policy', s.backup -> 'policy', 'last_backup_at', s.backup -> 'last_backup_at',
                    'last_result', s.backup -> 'last_result') as backup,
  ${isoText('s.refreshed_at')} as refreshed_at, ${isoText('s.created_at')} as created_at`;

/** The tenant's services (by serviceid, or a page). */
export const serviceList = tenantList({ ...SERVICE_LIST, fields: SERVICE_FIELDS }, 's');

export async function listVwseries(db: Queryable, tenantId: number): Promise<VwseriesRecord[]> {
  const rows = await db.query<VwseriesRow>(
    `${SELECT_SERVICE} where s.tenant_id = $1 order by s.serviceid`,
    [tenantId],
  );
  return rows.map(toService);
}

/** One of the tenant's services by serviceid (or by numeric id), else null. */
export async function findVwseries(
  db: Queryable,
  tenantId: number,
  key: { serviceid: string } | { id: number },
  /** Lock the service's row for the rest of the transaction. */
  lock = false,
): Promise<VwseriesRecord | null> {
  const [column, value] = 'id' in key ? ['s.id', key.id] : ['s.serviceid', key.serviceid];
  const rows = await db.query<VwseriesRow>(
    `${SELECT_SERVICE} where s.tenant_id = $1 and ${column} = $2${lock ? ' for update of s' : ''}`,
    [tenantId, value],
  );
  const row = rows[0];
  return row ? toService(row) : null;
}

export async function insertVwseries(
  db: Queryable,
  tenantId: number,
  service: NewVwseries,
): Promise<number> {
  return insertedId(
    db,
    `insert into vwseries_services (serviceid, tenant_id, name, plan, location, vcpu_limit,
                                    memory_gb_limit, disk_gb_limit, backup, refreshed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, now()) returning id`,
    [
      service.serviceid,
      tenantId,
      service.name,
      service.plan,
      service.location,
      service.vcpuLimit,
      service.memoryGbLimit,
      service.diskGbLimit,
      JSON.stringify(service.backup),
    ],
  );
}

/** Records what the platform reported on a refresh. */
export async function recordVwseriesRefresh(
  db: Queryable,
  tenantId: number,
  id: number,
  backup: VwseriesBackupSummary,
): Promise<void> {
  await db.query(
    `update vwseries_services set backup = $3::jsonb, refreshed_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, id, JSON.stringify(backup)],
  );
}

/** A demo service as `npm start` shows it: the standard plan, nightly backups. */
export const insertDemoVwseries = (
  db: Queryable,
  tenantId: number,
  service: { serviceid: string; name: string; location: string },
): Promise<number> =>
  insertVwseries(db, tenantId, {
    ...service,
    plan: 'VW Standard',
    vcpuLimit: 16,
    memoryGbLimit: 64,
    diskGbLimit: 1000,
    backup: {
      policy: 'Nightly at 02:00 UTC',
      retention_days: 14,
      last_backup_at: null,
      last_result: null,
    },
  });
