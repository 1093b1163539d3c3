import {
  DEFAULT_METRIC_STEP,
  MAX_METRIC_POINTS,
  METRIC_RANGE_SECONDS,
  type BootCdromBody,
  type Catalogue,
  type FirewallRule,
  type FirewallRuleBody,
  type MetricsQuery,
  type MetricsReply,
  type NatRecord,
  type PowerOperation,
  type Snapshot,
  type SnapshotOperation,
  type TaskStatus,
  type Vm,
  type VmCreate,
  type VmListQuery,
  type VmStatusReply,
} from '@portal/api/contract';
import { deleteRefusal, MAX_SNAPSHOTS, pocLimitRefusal } from '@portal/api/domain';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { AreaDrivers } from '../../platform/area.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { findTaskStatus, type TaskKind } from '../../platform/tasks/store.ts';
import type { ComputeDriver } from './driver.ts';
import { siteCatalogue } from './sites.ts';
import {
  countVms,
  findFirewallRule,
  findNat,
  findVm,
  insertVm,
  listFirewallRules,
  listNats,
  listSnapshots,
  listVmsJson,
  vmPaging,
  type FirewallRuleRecord,
  type NatRecordRow,
  type NewFirewallRule,
  type VmRecord,
  type VmScope,
} from './repository.ts';

/** What the compute services work with. */
export interface ComputeDeps {
  db: Database;
  /** The compute driver of every site. */
  drivers: AreaDrivers<ComputeDriver>;
  /** Every site's creation catalogue in one (sites.ts); with a tenant, its own networks too. */
  catalogue(tenantId?: number, db?: Queryable): Promise<Catalogue>;
  /** The list reply cache; lists are made afresh without it. */
  lists?: ListCache;
}

export type { VmScope } from './repository.ts';

/** The compute services' dependencies at every site. */
export const computeDeps = (
  db: Database,
  drivers: AreaDrivers<ComputeDriver>,
  lists?: ListCache,
): ComputeDeps => ({
  db,
  drivers,
  catalogue: (tenantId, q) => siteCatalogue(drivers, tenantId, q),
  ...(lists ? { lists } : {}),
});

const noSuchVm = (id: number) => notFound(`No virtual machine ${id}.`);
const invalid = (field: string, reason: string) => badRequest(`${field}: ${reason}`, field);

// ---------------------------------------------------------------------------------------------
// Replies

const toNatReply = (nat: NatRecordRow): NatRecord => ({
  id: nat.id,
  gateway_id: nat.gatewayId,
  global_ipaddress_id: nat.globalIpaddressId,
  global_ipaddress: nat.globalIpaddress,
  status: nat.status,
  task_data: { id: nat.taskId },
});

const toRuleReply = (rule: FirewallRuleRecord): FirewallRule => ({
  id: rule.id,
  direction: rule.direction,
  protocol: rule.protocol,
  ports: rule.ports,
  source: rule.source,
  destination: rule.destination,
  action: rule.action,
  description: rule.description,
  created_at: rule.createdAt.toISOString(),
});

function planOf(catalogue: Catalogue, planId: string): Vm['plan'] {
  const plan = catalogue.plans.find((candidate) => candidate.id === planId);
  return plan
    ? { id: plan.id, name: plan.name, max_vcpus: plan.max_vcpus, max_memory_gb: plan.max_memory_gb }
    : { id: planId, name: planId, max_vcpus: 0, max_memory_gb: 0 };
}

function toVmReply(vm: VmRecord, catalogue: Catalogue): Vm {
  return {
    id: vm.id,
    display_name: vm.displayName,
    status: vm.status,
    power_state: vm.powerState,
    os: vm.os,
    vcpus: vm.vcpus,
    memory: vm.memoryMb,
    disk_size_gb: vm.diskSizeGb,
    plan: planOf(catalogue, vm.planId),
    location: vm.location,
    cluster: vm.cluster,
    adapters: vm.adapters,
    boot_cdrom: vm.bootCdrom,
    vsnap: vm.vsnap,
    monitoring: vm.monitoring,
    platform_message: vm.platformMessage,
    serviceid: vm.serviceid,
    tenant_id: vm.tenantCdbId,
    task_id: vm.taskId,
    created_at: vm.createdAt.toISOString(),
  };
}

function groupBy<T extends { vmId: number }>(items: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(item.vmId);
    if (group) group.push(item);
    else groups.set(item.vmId, [item]);
  }
  return groups;
}

/** The VMs with the extras asked for, two queries in all whatever the number of VMs. */
async function withDetails(
  db: Queryable,
  caller: Caller,
  vms: readonly VmRecord[],
  catalogue: Catalogue,
  fields: ReadonlySet<string>,
): Promise<Vm[]> {
  const ids = vms.map((vm) => vm.id);
  const [nats, rules] = await Promise.all([
    fields.has('nat') ? listNats(db, caller.tenantId, ids).then(groupBy) : undefined,
    fields.has('firewall_rules')
      ? listFirewallRules(db, caller.tenantId, ids).then(groupBy)
      : undefined,
  ]);
  return vms.map((vm) => {
    const reply = toVmReply(vm, catalogue);
    if (nats) reply.nat = (nats.get(vm.id) ?? []).map(toNatReply);
    if (rules) reply.firewall_rules = (rules.get(vm.id) ?? []).map(toRuleReply);
    return reply;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * A VM list's reply as JSON text (made by the database, sent as it is): the whole list, or a
 * page when the call has paging parameters (400 for a bad `sort` or `cursor`).
 */
export async function listVmsFor(
  deps: ComputeDeps,
  caller: Caller,
  scope: VmScope,
  query: VmListQuery,
): Promise<string | Buffer> {
  const paging = vmPaging(query, caller.tenantId, scope);
  const catalogue = await deps.catalogue();
  const plans = Object.fromEntries(
    catalogue.plans.map((plan) => [plan.id, planOf(catalogue, plan.id)]),
  );
  return listVmsJson(deps.db, caller.tenantId, scope, {
    vlanId: query.network_id,
    details: new Set(query.detail_fields ?? []),
    plans,
    paging,
    cache: deps.lists,
  });
}

async function requireVm(
  db: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<VmRecord> {
  const vm = await findVm(db, caller.tenantId, scope, id);
  if (!vm) throw noSuchVm(id);
  return vm;
}

/** One VM with its NAT entries and firewall rules. */
export async function readVm(
  deps: ComputeDeps,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<Vm> {
  const vm = await requireVm(deps.db, caller, scope, id);
  const catalogue = await deps.catalogue();
  const [reply] = await withDetails(
    deps.db,
    caller,
    [vm],
    catalogue,
    new Set(['nat', 'firewall_rules']),
  );
  if (!reply) throw noSuchVm(id);
  return reply;
}

export async function readVmStatus(
  deps: ComputeDeps,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<VmStatusReply> {
  const vm = await requireVm(deps.db, caller, scope, id);
  return { id: vm.id, status: vm.status, power_state: vm.powerState, task_id: vm.taskId };
}

export async function listVmSnapshots(
  deps: ComputeDeps,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<Snapshot[]> {
  const vm = await requireVm(deps.db, caller, scope, id);
  const snapshots = await listSnapshots(deps.db, caller.tenantId, vm.id);
  return snapshots.map((snapshot) => ({
    id: snapshot.id,
    name: snapshot.name,
    description: snapshot.description,
    parent_id: snapshot.parentId,
    is_current: snapshot.isCurrent,
    power_state: snapshot.powerState,
    quiesced: snapshot.quiesced,
    created_at: snapshot.createdAt.toISOString(),
  }));
}

/** The catalogue with the caller's own networks and gateways at their sites. */
export const readCatalogue = (deps: ComputeDeps, caller: Caller): Promise<Catalogue> =>
  deps.catalogue(caller.tenantId);

export async function readVmMetrics(
  deps: ComputeDeps,
  caller: Caller,
  id: number,
  query: MetricsQuery,
  now = Date.now(),
): Promise<MetricsReply> {
  const range = query.range ?? '1h';
  const step = query.step ?? DEFAULT_METRIC_STEP[range];
  const seconds = METRIC_RANGE_SECONDS[range];
  if (seconds / step > MAX_METRIC_POINTS) {
    throw invalid(
      'step',
      `must be at least ${Math.ceil(seconds / MAX_METRIC_POINTS)} for ${range} (at most ${MAX_METRIC_POINTS} points)`,
    );
  }
  const vm = await requireVm(deps.db, caller, { series: 'eseries' }, id);
  return deps.drivers.at(vm.location).metrics(vm.id, { metric: query.metric, range, step }, now);
}

/** A task's state and message; another tenant's task is as unknown as a missing one. */
export async function readTaskStatus(
  deps: { db: Queryable },
  caller: Caller,
  id: number,
  kind?: TaskKind,
): Promise<TaskStatus> {
  const status = await findTaskStatus(deps.db, caller.tenantId, id, kind);
  if (!status) throw notFound(`No task ${id}.`);
  return status;
}

// ---------------------------------------------------------------------------------------------
// Changing: each change is a task on the VM. These are the precondition checks the task routes
// run in the transaction that writes the task: they lock the VM (404 if it is not the caller's),
// refuse with 400 naming the field or 409 with a sentence, and answer the task's payload.

const targetOf = (vm: VmRecord) => ({ id: vm.id, name: vm.displayName });

/** The caller's VM in a scope, locked until the task is written. */
export async function lockTarget(
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<VmRecord> {
  const vm = await findVm(tx, caller.tenantId, scope, id, { lock: true });
  if (!vm) throw noSuchVm(id);
  return vm;
}

const onVm = async <P>(
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
  payload: P | ((vm: VmRecord) => P | Promise<P>),
  detail?: Record<string, unknown>,
): Promise<Prepared<P>> => {
  const vm = await lockTarget(tx, caller, scope, id);
  const value =
    typeof payload === 'function' ? await (payload as (vm: VmRecord) => P)(vm) : payload;
  return { target: targetOf(vm), payload: value, ...(detail ? { detail } : {}) };
};

const siteAt = (catalogue: Catalogue, location: string) =>
  catalogue.regions.flatMap((region) => region.sites).find((site) => site.location === location);

/**
 * `POST /services/eseries`: checks the body against the catalogue (each mistake names its
 * field) and the proof-of-concept limit (the tenant row is locked by the task route, so the count
 * holds under concurrent creations), and records the VM (status trial, powered off).
 */
export async function prepareCreateVm(
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  body: VmCreate,
): Promise<Prepared<Record<string, never>>> {
  // Another tenant is as unknown as a missing one (404), as for every other id.
  if (body.tenant_id !== caller.tenantCdbId) {
    throw new HttpError(
      404,
      `tenant_id: no tenant ${body.tenant_id} of yours; you can create virtual machines only in ${caller.tenantCdbId}.`,
      'tenant_id',
    );
  }
  const catalogue = await deps.catalogue(caller.tenantId, tx);
  const params = body.vm_params;
  const site = siteAt(catalogue, body.location);
  if (!site) throw invalid('location', 'is not a site in the catalogue');
  if (!site.zones.some((zone) => zone.cluster === params.cluster_name))
    throw invalid('vm_params.cluster_name', `is not a cluster at ${site.location}`);
  const plan = catalogue.plans.find(
    (candidate) => candidate.cpu === params.vcpus && candidate.memory * 1024 === params.memory,
  );
  if (!plan) {
    throw invalid(
      'vm_params.vcpus',
      `no plan has ${params.vcpus} vCPUs with ${params.memory / 1024} GB of memory`,
    );
  }
  const image = catalogue.images.find((candidate) => candidate.name === params.os.name);
  if (!image) throw invalid('vm_params.os.name', 'is not an image in the catalogue');
  const version = image.versions.find((candidate) => candidate.name === params.os.version);
  if (!version) throw invalid('vm_params.os.version', `is not a version of ${image.name}`);
  if (version.id !== params.os.guest_full_name)
    throw invalid('vm_params.os.guest_full_name', `must be "${version.id}" for this version`);
  params.adapters.forEach((adapter, index) => {
    const portgroup = site.portgroups.find((candidate) => candidate.name === adapter.portgroup);
    if (!portgroup)
      throw invalid(
        `vm_params.adapters.${index}.portgroup`,
        `is not a portgroup at ${site.location}`,
      );
    if (portgroup.vlan_id !== adapter.vlan_id)
      throw invalid(
        `vm_params.adapters.${index}.vlan_id`,
        `must be ${portgroup.vlan_id} for ${portgroup.name}`,
      );
  });
  if (caller.principal.tenant.kind === 'poc') {
    const refusal = pocLimitRefusal(await countVms(tx, caller.tenantId));
    if (refusal) throw conflict(refusal);
  }
  const vmId = await insertVm(tx, caller.tenantId, {
    displayName: body.display_name,
    status: body.status,
    powerState: 'poweredOff',
    os: params.os,
    vcpus: params.vcpus,
    memoryMb: params.memory,
    diskSizeGb: params.disk_size_gb ?? plan.disk_gb,
    planId: plan.id,
    location: site.location,
    cluster: params.cluster_name,
    adapters: params.adapters.map((adapter) => ({ ...adapter, ip: null })),
    vsnap: body.vsnap,
    monitoring: body.monitoring,
  });
  return {
    target: { id: vmId, name: body.display_name },
    payload: {},
    reply: { vm_id: vmId },
    detail: { display_name: body.display_name },
  };
}

export const preparePower = (
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
  operation: PowerOperation,
) => onVm(tx, caller, scope, id, { power_operation: operation }, { power_operation: operation });

/** Checks that the fields an operation needs are there (section 3's snapshot payload). */
export async function prepareSnapshot(
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
  body: SnapshotOperation,
) {
  const op = body.snap_op;
  const needsId = op === 'DeleteSnapshot' || op === 'RevertSnapshot' || op === 'EditSnapshot';
  if (op === 'CreateSnapshot' && !body.name?.trim()) throw invalid('name', `is required for ${op}`);
  if (needsId && (body.snap_id === null || body.snap_id === undefined))
    throw invalid('snap_id', `is required for ${op}`);
  if (op === 'EditSnapshot' && !body.name?.trim() && (body.description ?? null) === null)
    throw invalid('name', 'give a new name or description');
  return onVm(
    tx,
    caller,
    scope,
    id,
    async (vm) => {
      if (op === 'CreateSnapshot') {
        const taken = (await listSnapshots(tx, caller.tenantId, vm.id)).length;
        if (taken >= MAX_SNAPSHOTS)
          throw conflict(`A virtual machine can have at most ${MAX_SNAPSHOTS} snapshots.`);
      }
      return { body };
    },
    { snap_op: op, snap_id: body.snap_id ?? null },
  );
}

const ESERIES = { series: 'eseries' } as const;

export const prepareResize = (
  tx: Queryable,
  caller: Caller,
  id: number,
  size: { vcpus: number; memoryGB: number },
) => onVm(tx, caller, ESERIES, id, { ...size }, { ...size });

export const prepareReconfigure = (tx: Queryable, caller: Caller, id: number) =>
  onVm(tx, caller, ESERIES, id, {});

export const prepareRefresh = (tx: Queryable, caller: Caller, id: number) =>
  onVm(tx, caller, ESERIES, id, {});

export const prepareRename = (tx: Queryable, caller: Caller, id: number, displayName: string) =>
  onVm(tx, caller, ESERIES, id, { display_name: displayName }, { display_name: displayName });

export const prepareVlan = (
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  vlanId: number,
  adapter: number,
) =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    async (vm) => {
      const catalogue = await deps.catalogue(caller.tenantId, tx);
      if (!vm.adapters[adapter])
        throw invalid('adapter', `the virtual machine has no adapter ${adapter + 1}`);
      if (!siteAt(catalogue, vm.location)?.portgroups.some((pg) => pg.vlan_id === vlanId))
        throw invalid('vlanId', `is not a network at ${vm.location}`);
      return { adapter, vlan_id: vlanId };
    },
    { vlan_id: vlanId, adapter },
  );

export const prepareNatCreate = (
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  gatewayId: number,
  globalIpaddressId: number | null = null,
) =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    async (vm) => {
      const catalogue = await deps.catalogue(caller.tenantId, tx);
      if (!siteAt(catalogue, vm.location)?.gateways.some((gateway) => gateway.id === gatewayId))
        throw invalid('data.gateway_id', `is not a gateway at ${vm.location}`);
      return { gateway_id: gatewayId, global_ipaddress_id: globalIpaddressId };
    },
    { gateway_id: gatewayId, global_ipaddress_id: globalIpaddressId },
  );

export const prepareNatCancel = (tx: Queryable, caller: Caller, id: number, natId: number) =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    async (vm) => {
      const nat = await findNat(tx, caller.tenantId, vm.id, natId);
      if (!nat) throw notFound(`No NAT entry ${natId} on virtual machine ${id}.`);
      if (nat.status === 'cancelled')
        throw conflict(`The NAT entry ${natId} is already cancelled.`);
      return { nat_id: natId };
    },
    { nat_id: natId },
  );

const CIDR_REASON = 'must be an IPv4 network such as 203.0.113.0/24';

function checkCidr(field: string, value: string): void {
  const [address = '', prefix = ''] = value.split('/');
  const octets = address.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => octet > 255) || Number(prefix) > 32)
    throw invalid(field, CIDR_REASON);
}

/** The rule as the platform stores it, after the checks the schema cannot express. */
export function normaliseFirewallRule(body: FirewallRuleBody): NewFirewallRule {
  const withPorts = body.protocol === 'tcp' || body.protocol === 'udp';
  const ports = body.ports ?? null;
  if (withPorts && ports === null) throw invalid('ports', `is required for ${body.protocol}`);
  if (!withPorts && ports !== null) throw invalid('ports', 'only tcp and udp rules have ports');
  if (ports !== null) {
    const [low = 0, high = low] = ports.split('-').map(Number);
    if (low < 1 || high > 65535 || low > high)
      throw invalid('ports', 'must be ports from 1 to 65535, the lower one first');
  }
  checkCidr('source', body.source);
  checkCidr('destination', body.destination);
  return {
    direction: body.direction,
    protocol: body.protocol,
    ports,
    source: body.source,
    destination: body.destination,
    action: body.action,
    description: body.description ?? '',
  };
}

export function prepareFirewallAdd(
  tx: Queryable,
  caller: Caller,
  id: number,
  body: FirewallRuleBody,
) {
  const rule = normaliseFirewallRule(body);
  return onVm(tx, caller, ESERIES, id, { rule }, { rule: body });
}

export const prepareFirewallDelete = (tx: Queryable, caller: Caller, id: number, ruleId: number) =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    async (vm) => {
      if (!(await findFirewallRule(tx, caller.tenantId, vm.id, ruleId)))
        throw notFound(`No firewall rule ${ruleId} on virtual machine ${id}.`);
      return { rule_id: ruleId };
    },
    { rule_id: ruleId },
  );

export const prepareBootCdrom = (
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  body: BootCdromBody,
) =>
  onVm(
    tx,
    caller,
    ESERIES,
    id,
    async () => {
      const catalogue = await deps.catalogue();
      const mediaKey = body.data?.media_key ?? null;
      if (body.operation === 'attach') {
        if (mediaKey === null) throw invalid('data.media_key', 'is required to attach a medium');
        if (!catalogue.media.some((medium) => medium.key === mediaKey))
          throw invalid('data.media_key', 'is not in the media library');
      }
      return {
        operation: body.operation,
        media_key: body.operation === 'attach' ? mediaKey : null,
        cdrom_number: body.data?.cdrom_number ?? 1,
      };
    },
    { ...body },
  );

/** `DELETE /services/eseries/{id}`: refused while another task runs or waits on the VM. */
export const prepareDeleteVm = (tx: Queryable, caller: Caller, id: number) =>
  onVm(tx, caller, ESERIES, id, (vm) => {
    const refusal = deleteRefusal({ task_id: vm.taskId });
    if (refusal) throw conflict(refusal);
    return {};
  });
