// The compute area's SQL: VMs, snapshots, NAT entries, firewall rules and console tickets, always
// scoped by tenant. Only this area's service and task definitions use it.
import type { VM_LIST_SORTS } from '@portal/api/contract';
import type {
  BootCdrom,
  ListPagingQuery,
  FirewallRuleBody,
  NatStatus,
  PowerState,
  VmAdapter,
  VmOs,
  VmStatus,
} from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import {
  isoText,
  listJson,
  parsePaging,
  type ListSpec,
  type Paging,
} from '../../platform/paging.ts';
import { POC_VM_LIMIT } from '@portal/api/domain';
import type { ListCache } from '../../platform/list-cache.ts';
import type { NewFirewallRule } from './driver.ts';

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
  /** What the platform says when it disagrees with the portal (deleted outside it), or null. */
  platformMessage: string | null;
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
  platform_message: string | null;
  task_id: number | null;
  /** A Date from a row; ISO text from json_agg (listVms). */
  created_at: Date | string;
}

const FROM_VMS = `vms v
    join tenants t on t.id = v.tenant_id
    left join vwseries_services s on s.id = v.vwseries_id
    -- Open tasks are few: one grouped pass over them beats a sub-select per VM (10x on 10,000).
    left join (select target_id, max(id) as task_id from tasks
                where kind = 'vm' and state in ('PENDING', 'RUNNING') group by target_id) k
      on k.target_id = v.id`;

const SELECT_VM = `
  select v.id, v.tenant_id, t.cdb_id as tenant_cdb_id, v.vwseries_id, s.serviceid,
         v.display_name, v.status, v.power_state, v.os_name, v.os_version, v.os_guest_full_name,
         v.vcpus, v.memory_mb, v.disk_size_gb, v.plan_id, v.location, v.cluster, v.adapters,
         v.boot_cdrom, v.vsnap, v.monitoring, v.platform_message, v.created_at, k.task_id
    from ${FROM_VMS}`;

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
  platformMessage: row.platform_message,
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

/** The VM list's sorts, named as the portal's columns. */
const VM_SORTS = {
  id: { sql: 'v.id', type: 'bigint' },
  name: { sql: 'v.display_name', type: 'text' },
  status: { sql: 'v.status', type: 'text' },
  power: { sql: 'v.power_state', type: 'text' },
  os: { sql: "v.os_name || ' ' || v.os_version", type: 'text' },
  vcpus: { sql: 'v.vcpus', type: 'integer' },
  memory: { sql: 'v.memory_mb', type: 'integer' },
  location: { sql: 'v.location', type: 'text' },
  created: { sql: 'v.created_at', type: 'timestamptz' },
} as const satisfies ListSpec['sorts'] & Record<(typeof VM_LIST_SORTS)[number], unknown>;

/** What `q` searches: the name, IPs (private and public), OS, location, cluster and status. */
const VM_SEARCH = [
  'v.display_name',
  "jsonb_path_query_array(v.adapters, '$[*].ip')::text",
  `(select string_agg(n.global_ipaddress, ' ') from nats n
     where n.tenant_id = v.tenant_id and n.vm_id = v.id)`,
  "v.os_name || ' ' || v.os_version",
  'v.location',
  'v.cluster',
  'v.status',
];

/**
 * The VM list as the contract's `Vm`, field by field in its order. `plans` is the parameter
 * holding the catalogue's plans as a JSON object by id.
 */
function vmFields(plans: string, details: ReadonlySet<string>): string {
  const fields = [
    'v.id',
    'v.display_name',
    'v.status',
    'v.power_state',
    `json_build_object('name', v.os_name, 'version', v.os_version,
                       'guest_full_name', v.os_guest_full_name) as os`,
    'v.vcpus',
    'v.memory_mb as memory',
    'v.disk_size_gb',
    `coalesce(${plans}::json -> v.plan_id, json_build_object('id', v.plan_id, 'name', v.plan_id,
              'max_vcpus', 0, 'max_memory_gb', 0)) as plan`,
    'v.location',
    'v.cluster',
    'v.adapters',
    'v.boot_cdrom',
    'v.vsnap',
    'v.monitoring',
    's.serviceid',
    't.cdb_id as tenant_id',
    'k.task_id',
    `${isoText('v.created_at')} as created_at`,
  ];
  if (details.has('nat'))
    fields.push(`(select coalesce(json_agg(json_build_object('id', n.id,
         'gateway_id', n.gateway_id, 'global_ipaddress_id', n.global_ipaddress_id,
         'global_ipaddress', n.global_ipaddress, 'status', n.status,
         'task_data', json_build_object('id', n.task_id)) order by n.id), '[]')
       from nats n where n.tenant_id = v.tenant_id and n.vm_id = v.id) as nat`);
  if (details.has('firewall_rules'))
    fields.push(`(select coalesce(json_agg(json_build_object('id', f.id,
         'direction', f.direction, 'protocol', f.protocol, 'ports', f.ports, 'source', f.source,
         'destination', f.destination, 'action', f.action, 'description', f.description,
         'created_at', ${isoText('f.created_at')}) order by f.id), '[]')
       from firewall_rules f where f.tenant_id = v.tenant_id and f.vm_id = v.id)
       as firewall_rules`);
  return fields.join(', ');
}

const VM_LIST = {
  name: 'vm',
  from: FROM_VMS,
  id: 'v.id',
  sorts: VM_SORTS,
  defaultSort: 'id',
  search: VM_SEARCH,
} as const;

/** What a list call's cursor is tied to: the tenant and the scope. */
export const vmScopeKey = (tenantId: number, scope: VmScope) =>
  `${tenantId}:${scope.series}:${scope.series === 'vwseries' ? scope.serviceid : ''}`;

/** Checks a VM list's paging parameters (400 naming `sort` or `cursor`); null: the whole list. */
export const vmPaging = (query: ListPagingQuery, tenantId: number, scope: VmScope) =>
  parsePaging(VM_LIST, query, vmScopeKey(tenantId, scope));

/**
 * The list reply's JSON text, made by the database: the tenant's VMs in a scope (oldest first,
 * or a page), optionally only those on one VLAN, with the details asked for.
 */
export async function listVmsJson(
  db: Queryable,
  tenantId: number,
  scope: VmScope,
  options: {
    vlanId?: number;
    details: ReadonlySet<string>;
    /** The catalogue's plans by id: `{ id, name, max_vcpus, max_memory_gb }`. */
    plans: Record<string, unknown>;
    paging: Paging | null;
    /** Answers from memory while the tenant's lists are unchanged. */
    cache?: ListCache;
  },
): Promise<string | Buffer> {
  const { where, params } = scoped(tenantId, scope);
  params.push(JSON.stringify(options.plans));
  const plans = `$${params.length}`;
  let filter = where;
  if (options.vlanId !== undefined) {
    params.push(JSON.stringify([{ vlan_id: options.vlanId }]));
    filter += ` and v.adapters @> $${params.length}::jsonb`;
  }
  return listJson(
    db,
    { ...VM_LIST, fields: vmFields(plans, options.details) },
    { tenantId, where: filter, params },
    options.paging,
    options.cache,
  );
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

/**
 * One of the tenant's VMs in a scope, or null (also for another tenant's VM); with `lock`, its
 * row is locked for the rest of the transaction.
 */
export async function findVm(
  db: Queryable,
  tenantId: number,
  scope: VmScope,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<VmRecord | null> {
  const { where, params } = scoped(tenantId, scope);
  params.push(id);
  const rows = await db.query<VmRow>(
    `${SELECT_VM} where ${where} and v.id = $${params.length}${lock ? ' for update of v' : ''}`,
    params,
  );
  const row = rows[0];
  return row ? toVm(row) : null;
}

/** The VM, locked for the rest of the transaction. */
export const lockVm = (tx: Queryable, tenantId: number, id: number) =>
  findVm(tx, tenantId, { series: 'any' }, id, { lock: true });

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

/** Deletes a VM with its snapshots, NAT entries, firewall rules and console tickets. */
export async function deleteVm(tx: Queryable, tenantId: number, id: number): Promise<void> {
  await tx.query('delete from vms where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** Which of these VMs still exist, with their vwseries serviceid (null for eseries). */
export async function existingVms(
  db: Queryable,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; serviceid: string | null }>(
    `select v.id, s.serviceid from vms v left join vwseries_services s on s.id = v.vwseries_id
      where v.tenant_id = $1 and v.id = any($2::bigint[])`,
    [tenantId, ids],
  );
  return new Map(rows.map((row) => [row.id, row.serviceid]));
}

export interface SnapshotRecord {
  id: number;
  vmId: number;
  parentId: number | null;
  name: string;
  description: string;
  powerState: PowerState;
  quiesced: boolean;
  isCurrent: boolean;
  createdAt: Date;
}

interface SnapshotRow {
  id: number;
  vm_id: number;
  parent_id: number | null;
  name: string;
  description: string;
  power_state: PowerState;
  quiesced: boolean;
  is_current: boolean;
  created_at: Date;
}

const SELECT_SNAPSHOT = `select id, vm_id, parent_id, name, description, power_state, quiesced,
  is_current, created_at from snapshots`;

const toSnapshot = (row: SnapshotRow): SnapshotRecord => ({
  id: row.id,
  vmId: row.vm_id,
  parentId: row.parent_id,
  name: row.name,
  description: row.description,
  powerState: row.power_state,
  quiesced: row.quiesced,
  isCurrent: row.is_current,
  createdAt: row.created_at,
});

/** A VM's snapshots, oldest first; `parentId` makes the tree. */
export async function listSnapshots(
  db: Queryable,
  tenantId: number,
  vmId: number,
): Promise<SnapshotRecord[]> {
  const rows = await db.query<SnapshotRow>(
    `${SELECT_SNAPSHOT} where tenant_id = $1 and vm_id = $2 order by id`,
    [tenantId, vmId],
  );
  return rows.map(toSnapshot);
}

/** One snapshot of one of the tenant's VMs, or null. */
export const findSnapshot = vmChildren<SnapshotRow, SnapshotRecord>(
  SELECT_SNAPSHOT,
  toSnapshot,
).find;

/** Takes a snapshot as a child of the current one; it becomes current. Returns its id. */
export async function insertSnapshot(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  snapshot: {
    /** The id the platform reported (from nextSnapshotId); a new one when absent. */
    id?: number;
    name: string;
    description: string;
    powerState: PowerState;
    quiesced: boolean;
  },
): Promise<number> {
  const current = await tx.query<{ id: number }>(
    `update snapshots set is_current = false
      where tenant_id = $1 and vm_id = $2 and is_current returning id`,
    [tenantId, vmId],
  );
  const rows = await tx.query<{ id: number }>(
    `insert into snapshots (id, tenant_id, vm_id, parent_id, name, description, power_state,
                            quiesced, is_current)
     values (coalesce($8, nextval('snapshots_id_seq')), $1, $2, $3, $4, $5, $6, $7, true)
     returning id`,
    [
      tenantId,
      vmId,
      current[0]?.id ?? null,
      snapshot.name,
      snapshot.description,
      snapshot.powerState,
      snapshot.quiesced,
      snapshot.id ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into snapshots returned no row');
  return row.id;
}

export async function editSnapshot(
  tx: Queryable,
  tenantId: number,
  id: number,
  changes: { name?: string; description?: string },
): Promise<void> {
  await tx.query(
    `update snapshots set name = coalesce($3, name), description = coalesce($4, description)
      where tenant_id = $1 and id = $2`,
    [tenantId, id, changes.name ?? null, changes.description ?? null],
  );
}

/** Makes one snapshot the VM's current one. */
export async function setCurrentSnapshot(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  id: number,
): Promise<void> {
  await tx.query(
    'update snapshots set is_current = false where tenant_id = $1 and vm_id = $2 and is_current',
    [tenantId, vmId],
  );
  await tx.query('update snapshots set is_current = true where tenant_id = $1 and id = $2', [
    tenantId,
    id,
  ]);
}

/**
 * Deletes one snapshot as a hypervisor consolidates it: its children move up to its parent, and
 * if it was current, its parent becomes current.
 */
export async function deleteSnapshot(
  tx: Queryable,
  tenantId: number,
  snapshot: SnapshotRecord,
): Promise<void> {
  await tx.query('update snapshots set parent_id = $3 where tenant_id = $1 and parent_id = $2', [
    tenantId,
    snapshot.id,
    snapshot.parentId,
  ]);
  await tx.query('delete from snapshots where tenant_id = $1 and id = $2', [tenantId, snapshot.id]);
  if (snapshot.isCurrent && snapshot.parentId !== null) {
    await tx.query('update snapshots set is_current = true where tenant_id = $1 and id = $2', [
      tenantId,
      snapshot.parentId,
    ]);
  }
}

/** Deletes all of a VM's snapshots; returns how many there were. */
export async function deleteAllSnapshots(
  tx: Queryable,
  tenantId: number,
  vmId: number,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    'delete from snapshots where tenant_id = $1 and vm_id = $2 returning id',
    [tenantId, vmId],
  );
  return rows.length;
}

export interface NatRecordRow {
  id: number;
  vmId: number;
  gatewayId: number;
  globalIpaddressId: number;
  globalIpaddress: string;
  status: NatStatus;
  taskId: number | null;
}

interface NatRow {
  id: number;
  vm_id: number;
  gateway_id: number;
  global_ipaddress_id: number;
  global_ipaddress: string;
  status: NatStatus;
  task_id: number | null;
}

/**
 * The reads of a table whose rows belong to one of the tenant's VMs (NAT entries, firewall
 * rules): the rows of several VMs, oldest first, or one row of one VM.
 */
function vmChildren<Row, Rec>(select: string, toRecord: (row: Row) => Rec) {
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

const SELECT_NAT = `select id, vm_id, gateway_id, global_ipaddress_id, global_ipaddress, status,
  task_id from nats`;

const toNat = (row: NatRow): NatRecordRow => ({
  id: row.id,
  vmId: row.vm_id,
  gatewayId: row.gateway_id,
  globalIpaddressId: row.global_ipaddress_id,
  globalIpaddress: row.global_ipaddress,
  status: row.status,
  taskId: row.task_id,
});

const nats = vmChildren<NatRow, NatRecordRow>(SELECT_NAT, toNat);
/** The NAT entries of several of the tenant's VMs, oldest first. */
export const listNats = nats.list;
export const findNat = nats.find;

const nextval = async (q: Queryable, sequence: string): Promise<number> => {
  const rows = await q.query<{ id: number }>('select nextval($1::regclass) as id', [sequence]);
  const row = rows[0];
  if (!row) throw new Error('nextval returned no row');
  return row.id;
};

/** An id for a snapshot the platform is asked to take (the platform's reference is ours). */
export const nextSnapshotId = (q: Queryable) => nextval(q, 'snapshots_id_seq');
/** An id for a firewall rule the platform is asked to add. */
export const nextFirewallRuleId = (q: Queryable) => nextval(q, 'firewall_rules_id_seq');
/** A public address id for demo data (the simulator hands them out from the same pool). */
export const nextGlobalIpaddressId = (q: Queryable) => nextval(q, 'global_ipaddress_seq');

/** The VM's NAT entry with this public address id, or null. */
export async function findNatByAddress(
  db: Queryable,
  tenantId: number,
  vmId: number,
  globalIpaddressId: number,
): Promise<NatRecordRow | null> {
  const rows = await db.query<NatRow>(
    `${SELECT_NAT} where tenant_id = $1 and vm_id = $2 and global_ipaddress_id = $3`,
    [tenantId, vmId, globalIpaddressId],
  );
  const row = rows[0];
  return row ? toNat(row) : null;
}

export async function insertNat(
  tx: Queryable,
  tenantId: number,
  nat: Omit<NatRecordRow, 'id'>,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into nats (tenant_id, vm_id, gateway_id, global_ipaddress_id, global_ipaddress, status,
                       task_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      tenantId,
      nat.vmId,
      nat.gatewayId,
      nat.globalIpaddressId,
      nat.globalIpaddress,
      nat.status,
      nat.taskId,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into nats returned no row');
  return row.id;
}

export async function setNatStatus(
  tx: Queryable,
  tenantId: number,
  id: number,
  status: NatStatus,
  taskId: number | null,
): Promise<void> {
  await tx.query('update nats set status = $3, task_id = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    status,
    taskId,
  ]);
}

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

export type { NewFirewallRule };

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

const rules = vmChildren<RuleRow, FirewallRuleRecord>(SELECT_RULE, toRule);
/** The firewall rules of several of the tenant's VMs, oldest first. */
export const listFirewallRules = rules.list;
export const findFirewallRule = rules.find;

export async function insertFirewallRule(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  rule: NewFirewallRule,
  /** The id the platform reported (from nextFirewallRuleId); a new one when absent. */
  id: number | null = null,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into firewall_rules (id, tenant_id, vm_id, direction, protocol, ports, source,
                                 destination, action, description)
     values (coalesce($10, nextval('firewall_rules_id_seq')), $1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning id`,
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
      id,
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

/** Where a VM is (its site's location), or null when the tenant has no such VM. */
export async function vmLocation(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<string | null> {
  const rows = await db.query<{ location: string }>(
    'select location from vms where tenant_id = $1 and id = $2',
    [tenantId, id],
  );
  return rows[0]?.location ?? null;
}

/** Those of these VMs that are at one of the locations. */
export async function vmsAt(
  db: Queryable,
  locations: readonly string[],
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'select id from vms where id = any($1::bigint[]) and location = any($2::text[])',
    [ids, locations],
  );
  return rows.map((row) => row.id);
}

/**
 * What the platform says of a VM now, from outside the portal: its power, name and size, or
 * (null) that it no longer has it, which marks the VM failed with `lostMessage`.
 */
export async function applyObserved(
  db: Queryable,
  vmId: number,
  facts: { displayName: string; powerState: PowerState; vcpus: number; memoryMb: number } | null,
  lostMessage: string,
): Promise<void> {
  if (facts === null) {
    await db.query(
      `update vms set status = 'error', platform_message = $2
        where id = $1 and platform_message is distinct from $2`,
      [vmId, lostMessage],
    );
    return;
  }
  await db.query(
    `update vms set power_state = $2, display_name = $3, vcpus = $4, memory_mb = $5,
                    platform_message = null
      where id = $1 and (power_state, display_name, vcpus, memory_mb, platform_message)
            is distinct from ($2, $3, $4, $5, null::text)`,
    [vmId, facts.powerState, facts.displayName, facts.vcpus, facts.memoryMb],
  );
}

/**
 * What a tenant may run, for a platform that enforces it too (an LXD project's limits): a
 * proof-of-concept tenant its trial's VMs; nothing else is capped yet.
 */
export async function tenantLimits(
  db: Queryable,
  tenantId: number,
): Promise<{ instances: number | null; cpu: number | null; memoryMb: number | null }> {
  const rows = await db.query<{ kind: string }>('select kind from tenants where id = $1', [
    tenantId,
  ]);
  return {
    instances: rows[0]?.kind === 'poc' ? POC_VM_LIMIT : null,
    cpu: null,
    memoryMb: null,
  };
}
