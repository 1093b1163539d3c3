// The compute area's SQL for VMs, always scoped by tenant (except the observed-state writes of
// the outside watch, which name the VM). Only this area's services and task definitions use it.
import type { VM_LIST_SORTS } from '@portal/api/contract';
import type {
  BootCdrom,
  ListPagingQuery,
  PowerState,
  VmAdapter,
  VmOs,
  VmStatus,
} from '@portal/api/contract';
import type { Queryable } from '../../../db/database.ts';
import { insertedId } from '../../../platform/rows.ts';
import {
  isoText,
  listJson,
  parsePaging,
  type ListSpec,
  type Paging,
} from '../../../platform/paging.ts';
import { POC_VM_LIMIT } from '@portal/api/domain';
import type { ListCache } from '../../../platform/list-cache.ts';

/** What a VM is made with and keeps: its name, state, system, size, plan, place and options. */
interface VmSettings {
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
}

/** A VM as stored, with its tenant's cdb_id and its vwseries service id. */
export interface VmRecord extends VmSettings {
  id: number;
  tenantId: number;
  tenantCdbId: string;
  vwseriesId: number | null;
  serviceid: string | null;
  bootCdrom: BootCdrom | null;
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
         'gateway_id', n.gateway_id,
         'gateway_name', (select g.name from network_gateways g
                           where g.id = n.gateway_id and g.tenant_id = n.tenant_id),
         'global_ipaddress_id', n.global_ipaddress_id,
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

export interface NewVm extends VmSettings {
  vwseriesId?: number | null;
  bootCdrom?: BootCdrom | null;
}

export async function insertVm(db: Queryable, tenantId: number, vm: NewVm): Promise<number> {
  return insertedId(
    db,
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
 * What the platform says of a VM now, from outside the portal: its power, name and size, the
 * addresses of a running VM (a stopped one keeps its last), or (null) that it no longer has it,
 * which marks the VM failed with `lostMessage`.
 */
export async function applyObserved(
  db: Queryable,
  vmId: number,
  facts: {
    displayName: string;
    powerState: PowerState;
    vcpus: number;
    memoryMb: number;
    adapters?: VmAdapter[];
  } | null,
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
  const adapters =
    facts.powerState === 'poweredOn' && facts.adapters ? JSON.stringify(facts.adapters) : null;
  await db.query(
    `update vms set power_state = $2, display_name = $3, vcpus = $4, memory_mb = $5,
                    adapters = coalesce($6::jsonb, adapters), platform_message = null
      where id = $1 and (power_state, display_name, vcpus, memory_mb, adapters, platform_message)
            is distinct from ($2, $3, $4, $5, coalesce($6::jsonb, adapters), null::text)`,
    [vmId, facts.powerState, facts.displayName, facts.vcpus, facts.memoryMb, adapters],
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
