import type { BootCdrom, PowerState, VmAdapter, VmOs, VmStatus } from '@portal/api/contract';
import type { Queryable } from './database.ts';

/** A VM as stored, with its tenant's cdb_id and its vwseries service id. */
export interface VmRecord {
  id: number;
  tenantId: number;
  tenantCdbId: string;
  vwseriesId: number | null;
  serviceid: string | null;
  displayName: string;
  status: VmStatus;
  powerState: PowerState;
  os: VmOs;
  vcpus: number;
  memoryMb: number;
  diskSizeGb: number;
  planId: string;
  location: string;
  cluster: string;
  adapters: VmAdapter[];
  bootCdrom: BootCdrom | null;
  vsnap: boolean;
  monitoring: boolean;
  /** The newest task still pending or running on the VM. */
  taskId: number | null;
  createdAt: Date;
}

/** Which VMs a call may see: eseries (no service), one vwseries service's, or either. */
export type VmScope =
  { series: 'eseries' } | { series: 'vwseries'; serviceid: string } | { series: 'any' };

interface VmRow {
  id: number;
  tenant_id: number;
  tenant_cdb_id: string;
  vwseries_id: number | null;
  serviceid: string | null;
  display_name: string;
  status: VmStatus;
  power_state: PowerState;
  os_name: string;
  os_version: string;
  os_guest_full_name: string;
  vcpus: number;
  memory_mb: number;
  disk_size_gb: number;
  plan_id: string;
  location: string;
  cluster: string;
  adapters: VmAdapter[];
  boot_cdrom: BootCdrom | null;
  vsnap: boolean;
  monitoring: boolean;
  task_id: number | null;
  /** A Date from a row; ISO text from json_agg (listVms). */
  created_at: Date | string;
}

const SELECT_VM = `
  select v.id, v.tenant_id, t.cdb_id as tenant_cdb_id, v.vwseries_id, s.serviceid,
         v.display_name, v.status, v.power_state, v.os_name, v.os_version, v.os_guest_full_name,
         v.vcpus, v.memory_mb, v.disk_size_gb, v.plan_id, v.location, v.cluster, v.adapters,
         v.boot_cdrom, v.vsnap, v.monitoring, v.created_at, k.task_id
    from vms v
    join tenants t on t.id = v.tenant_id
    left join vwseries_services s on s.id = v.vwseries_id
    -- Open tasks are few: one grouped pass over them beats a sub-select per VM (10x on 10,000).
    left join (select target_id, max(id) as task_id from tasks
                where kind = 'vm' and state in ('PENDING', 'RUNNING') group by target_id) k
      on k.target_id = v.id`;

const toVm = (row: VmRow): VmRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantCdbId: row.tenant_cdb_id,
  vwseriesId: row.vwseries_id,
  serviceid: row.serviceid,
  displayName: row.display_name,
  status: row.status,
  powerState: row.power_state,
  os: { name: row.os_name, version: row.os_version, guest_full_name: row.os_guest_full_name },
  vcpus: row.vcpus,
  memoryMb: row.memory_mb,
  diskSizeGb: row.disk_size_gb,
  planId: row.plan_id,
  location: row.location,
  cluster: row.cluster,
  adapters: row.adapters,
  bootCdrom: row.boot_cdrom,
  vsnap: row.vsnap,
  monitoring: row.monitoring,
  taskId: row.task_id,
  createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
});

/** `where` for a tenant and a scope; parameters start at $1 (tenant) and $2 (serviceid). */
function scoped(tenantId: number, scope: VmScope): { where: string; params: unknown[] } {
  switch (scope.series) {
    case 'eseries':
      return { where: 'v.tenant_id = $1 and v.vwseries_id is null', params: [tenantId] };
    case 'vwseries':
      return {
        where: 'v.tenant_id = $1 and s.serviceid = $2',
        params: [tenantId, scope.serviceid],
      };
    case 'any':
      return { where: 'v.tenant_id = $1', params: [tenantId] };
  }
}

/** The tenant's VMs in a scope, oldest first; optionally only those on one VLAN. */
export async function listVms(
  db: Queryable,
  tenantId: number,
  scope: VmScope,
  filter: { vlanId?: number } = {},
): Promise<VmRecord[]> {
  const { where, params } = scoped(tenantId, scope);
  let sql = `${SELECT_VM} where ${where}`;
  if (filter.vlanId !== undefined) {
    params.push(JSON.stringify([{ vlan_id: filter.vlanId }]));
    sql += ` and v.adapters @> $${params.length}::jsonb`;
  }
  // One json_agg value instead of a row per VM: the drivers (PGlite's most) spend far more on
  // decoding thousands of rows, column by column, than on parsing one JSON text (3x on 10,000).
  const rows = await db.query<{ vms: string }>(
    `select coalesce(json_agg(x order by x.id), '[]')::text as vms from (${sql}) x`,
    params,
  );
  return (JSON.parse(rows[0]?.vms ?? '[]') as VmRow[]).map(toVm);
}

/** One of the tenant's VMs in a scope, or null (also for another tenant's VM). */
export async function findVm(
  db: Queryable,
  tenantId: number,
  scope: VmScope,
  id: number,
): Promise<VmRecord | null> {
  const { where, params } = scoped(tenantId, scope);
  params.push(id);
  const rows = await db.query<VmRow>(
    `${SELECT_VM} where ${where} and v.id = $${params.length}`,
    params,
  );
  const row = rows[0];
  return row ? toVm(row) : null;
}

/** The VM, locked for the rest of the transaction. */
export async function lockVm(
  tx: Queryable,
  tenantId: number,
  id: number,
): Promise<VmRecord | null> {
  const rows = await tx.query<VmRow>(
    `${SELECT_VM} where v.tenant_id = $1 and v.id = $2 for update of v`,
    [tenantId, id],
  );
  const row = rows[0];
  return row ? toVm(row) : null;
}

export async function countVms(db: Queryable, tenantId: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    'select count(*) as count from vms where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.count ?? 0;
}

export interface NewVm {
  vwseriesId?: number | null;
  displayName: string;
  status: VmStatus;
  powerState: PowerState;
  os: VmOs;
  vcpus: number;
  memoryMb: number;
  diskSizeGb: number;
  planId: string;
  location: string;
  cluster: string;
  adapters: VmAdapter[];
  vsnap: boolean;
  monitoring: boolean;
  bootCdrom?: BootCdrom | null;
}

export async function insertVm(db: Queryable, tenantId: number, vm: NewVm): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into vms (tenant_id, vwseries_id, display_name, status, power_state, os_name,
                      os_version, os_guest_full_name, vcpus, memory_mb, disk_size_gb, plan_id,
                      location, cluster, adapters, boot_cdrom, vsnap, monitoring)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb,
             $17, $18)
     returning id`,
    [
      tenantId,
      vm.vwseriesId ?? null,
      vm.displayName,
      vm.status,
      vm.powerState,
      vm.os.name,
      vm.os.version,
      vm.os.guest_full_name,
      vm.vcpus,
      vm.memoryMb,
      vm.diskSizeGb,
      vm.planId,
      vm.location,
      vm.cluster,
      JSON.stringify(vm.adapters),
      vm.bootCdrom ? JSON.stringify(vm.bootCdrom) : null,
      vm.vsnap,
      vm.monitoring,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into vms returned no row');
  return row.id;
}

export interface VmChanges {
  displayName?: string;
  status?: VmStatus;
  powerState?: PowerState;
  vcpus?: number;
  memoryMb?: number;
  adapters?: VmAdapter[];
  bootCdrom?: BootCdrom | null;
}

const COLUMNS: Record<keyof VmChanges, { column: string; json?: boolean }> = {
  displayName: { column: 'display_name' },
  status: { column: 'status' },
  powerState: { column: 'power_state' },
  vcpus: { column: 'vcpus' },
  memoryMb: { column: 'memory_mb' },
  adapters: { column: 'adapters', json: true },
  bootCdrom: { column: 'boot_cdrom', json: true },
};

/** Changes some of a VM's columns (always `updated_at`). */
export async function updateVm(
  db: Queryable,
  tenantId: number,
  id: number,
  changes: VmChanges,
): Promise<void> {
  const params: unknown[] = [tenantId, id];
  const sets = ['updated_at = now()'];
  for (const key of Object.keys(COLUMNS) as (keyof VmChanges)[]) {
    const value = changes[key];
    if (value === undefined) continue;
    const { column, json } = COLUMNS[key];
    params.push(json ? (value === null ? null : JSON.stringify(value)) : value);
    sets.push(`${column} = $${params.length}${json ? '::jsonb' : ''}`);
  }
  await db.query(`update vms set ${sets.join(', ')} where tenant_id = $1 and id = $2`, params);
}

/** Marks the VM as touched by the platform (a refresh). */
export const touchVm = (db: Queryable, tenantId: number, id: number) =>
  updateVm(db, tenantId, id, {});
