// The compute area's VM services: the VM replies and reads, and the checks of each VM task.
import {
  DEFAULT_METRIC_STEP,
  MAX_METRIC_POINTS,
  METRIC_RANGE_SECONDS,
  type BootCdromBody,
  type Catalogue,
  type MetricsQuery,
  type MetricsReply,
  type PowerOperation,
  type Vm,
  type VmCreate,
  type VmListQuery,
  type VmStatusReply,
} from '@portal/api/contract';
import { deleteRefusal, pocLimitRefusal } from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { HttpError, conflict } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { listFirewallRules } from './repository/firewall-rules.ts';
import { listNats } from './repository/nats.ts';
import {
  countVms,
  insertVm,
  listVmsJson,
  vmPaging,
  type VmRecord,
  type VmScope,
} from './repository/vms.ts';
import { toRuleReply } from './firewall-service.ts';
import { toNatReply } from './nat-service.ts';
import {
  ESERIES,
  invalid,
  noSuchVm,
  onSiteAction,
  onVm,
  requireVm,
  siteAt,
  type ComputeDeps,
} from './service.ts';

// ---------------------------------------------------------------------------------------------
// Replies

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

// ---------------------------------------------------------------------------------------------
// Changing: the checks of the VM tasks (see service.ts).

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
        `is not a network at ${site.location}`,
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
  onSiteAction(
    deps,
    tx,
    caller,
    id,
    'vlan',
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

export const prepareBootCdrom = (
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  id: number,
  body: BootCdromBody,
) =>
  onSiteAction(
    deps,
    tx,
    caller,
    id,
    'cdrom',
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
