// Typed calls for the compute area (specification section 7) over the generic client verbs.
import type { TaskStatus } from '../contract/common.ts';
import type { TaskAccepted } from '../contract/tasks.ts';
import type {
  BootCdromBody,
  Catalogue,
  ConsoleTicket,
  FirewallRuleBody,
  MetricRange,
  MetricsReply,
  PowerOperation,
  ResizeBody,
  Snapshot,
  SnapshotOperation,
  Vm,
  VmCreate,
  VmCreateAccepted,
  VmListQuery,
  VmStatusReply,
} from '../contract/compute.ts';
import type { ListPagingQuery } from '../contract/common.ts';
import type { ApiClient, PageReply } from './core.ts';

/** Where a VM's path base lives: eseries, or one vwseries service's VMs. */
export type VmBase = '/services/eseries' | `/services/vwseries/${string}/vm`;

export const ESERIES_BASE = '/services/eseries' as const;

/** The path base of a vwseries service's VMs. */
export const vwseriesVmBase = (serviceid: string): VmBase =>
  `/services/vwseries/${encodeURIComponent(serviceid)}/vm`;

/** `?detail_fields=nat&detail_fields=firewall_rules&network_id=…&limit=…&cursor=…&sort=…&q=…` */
const listSearch = (query: VmListQuery | undefined): URLSearchParams | undefined => {
  if (!query) return undefined;
  const search = new URLSearchParams();
  for (const field of query.detail_fields ?? []) search.append('detail_fields', field);
  if (query.network_id !== undefined) search.set('network_id', String(query.network_id));
  return withPaging(search, query);
};

/** Adds the paging parameters that are set (`limit`, `cursor`, `sort`, `q`). */
export function withPaging(search: URLSearchParams, query: ListPagingQuery): URLSearchParams {
  if (query.limit !== undefined) search.set('limit', String(query.limit));
  if (query.cursor) search.set('cursor', query.cursor);
  if (query.sort) search.set('sort', query.sort);
  if (query.q !== undefined) search.set('q', query.q);
  return search;
}

/** The calls shared by both VM path bases (section 7: the VM path base). */
export interface VmBaseApi {
  list(query?: VmListQuery): Promise<Vm[]>;
  /** One page of the list: give at least one of `limit`, `cursor`, `sort`, `q`. */
  page(query: VmListQuery): Promise<PageReply<Vm>>;
  get(id: number): Promise<Vm>;
  status(id: number): Promise<VmStatusReply>;
  powerState(id: number, operation: PowerOperation): Promise<TaskAccepted>;
  snapshots(id: number): Promise<Snapshot[]>;
  snapshot(id: number, operation: SnapshotOperation): Promise<TaskAccepted>;
  /** A single-use ticket for the serial console WebSocket. */
  consoleTicket(id: number): Promise<ConsoleTicket>;
}

export function vmBaseApi(api: ApiClient, base: VmBase): VmBaseApi {
  const item = (id: number) => `${base}/${id}`;
  return {
    list: (query) => api.get<Vm[]>(base, { searchParams: listSearch(query) }),
    page: (query) => api.page<Vm>(base, { searchParams: listSearch(query) }),
    get: (id) => api.get<Vm>(item(id)),
    status: (id) => api.get<VmStatusReply>(`${item(id)}/status`),
    powerState: (id, operation) =>
      api.post<TaskAccepted>(`${item(id)}/power_state`, { power_operation: operation }),
    snapshots: (id) => api.get<Snapshot[]>(`${item(id)}/snapshot`),
    snapshot: (id, operation) => api.post<TaskAccepted>(`${item(id)}/snapshot`, operation),
    consoleTicket: (id) => api.get<ConsoleTicket>(`${item(id)}/console`),
  };
}

export interface ComputeApi extends VmBaseApi {
  /** The same VM path base for one vwseries service. */
  vwseries(serviceid: string): VmBaseApi;
  /** `GET /services/compute/{id}`: a VM of either series. */
  anyVm(id: number): Promise<Vm>;
  catalogue(): Promise<Catalogue>;
  create(body: VmCreate): Promise<VmCreateAccepted>;
  metrics(
    id: number,
    metric: MetricsReply['metric'],
    range?: MetricRange,
    step?: number,
  ): Promise<MetricsReply>;
  rename(id: number, displayName: string): Promise<TaskAccepted>;
  /** `POST /services/eseries/{id}`: read the VM's state again from the platform. */
  refresh(id: number): Promise<TaskAccepted>;
  resize(id: number, body: ResizeBody): Promise<TaskAccepted>;
  /** `POST /services/eseries/{id}/instance`: apply the recorded configuration again. */
  reconfigure(id: number): Promise<TaskAccepted>;
  /** Moves an adapter (default the first, index 0) to a VLAN. */
  setVlan(id: number, vlanId: number, adapter?: number): Promise<TaskAccepted>;
  /** With `globalIpaddressId`: through a public address allocated under networking. */
  createNat(id: number, gatewayId: number, globalIpaddressId?: number): Promise<TaskAccepted>;
  cancelNat(id: number, natId: number): Promise<TaskAccepted>;
  addFirewallRule(id: number, rule: FirewallRuleBody): Promise<TaskAccepted>;
  deleteFirewallRule(id: number, ruleId: number): Promise<TaskAccepted>;
  bootCdrom(id: number, body: BootCdromBody): Promise<TaskAccepted>;
  /** `DELETE /services/eseries/{id}`: deletes the VM (a task). */
  remove(id: number): Promise<TaskAccepted>;
  /** `GET /services/eseries/task_status/{id}`: a VM task. */
  vmTaskStatus(taskId: number): Promise<TaskStatus>;
}

/** The compute area's calls: `computeApi(api).get(id)`, `computeApi(api).vwseries(sid).list()`. */
export function computeApi(api: ApiClient): ComputeApi {
  const item = (id: number) => `${ESERIES_BASE}/${id}`;
  return {
    ...vmBaseApi(api, ESERIES_BASE),
    vwseries: (serviceid) => vmBaseApi(api, vwseriesVmBase(serviceid)),
    anyVm: (id) => api.get<Vm>(`/services/compute/${id}`),
    catalogue: () => api.get<Catalogue>(`${ESERIES_BASE}/catalogue`),
    create: (body) => api.post<VmCreateAccepted>(ESERIES_BASE, body),
    metrics: (id, metric, range, step) => {
      const searchParams = new URLSearchParams({ metric });
      if (range) searchParams.set('range', range);
      if (step !== undefined) searchParams.set('step', String(step));
      return api.get<MetricsReply>(`${item(id)}/metrics`, { searchParams });
    },
    rename: (id, displayName) =>
      api.patch<TaskAccepted>(item(id), {
        operation: 'update',
        data: { display_name: displayName },
      }),
    refresh: (id) => api.post<TaskAccepted>(item(id)),
    resize: (id, body) => api.patch<TaskAccepted>(`${item(id)}/instance`, body),
    reconfigure: (id) => api.post<TaskAccepted>(`${item(id)}/instance`),
    setVlan: (id, vlanId, adapter) =>
      api.put<TaskAccepted>(`${item(id)}/vlan/${vlanId}`, undefined, {
        searchParams: adapter === undefined ? undefined : { adapter },
      }),
    createNat: (id, gatewayId, globalIpaddressId) =>
      api.post<TaskAccepted>(`${item(id)}/nat`, {
        operation: 'create',
        data:
          globalIpaddressId === undefined
            ? { gateway_id: gatewayId }
            : { gateway_id: gatewayId, global_ipaddress_id: globalIpaddressId },
      }),
    cancelNat: (id, natId) =>
      api.put<TaskAccepted>(`${item(id)}/nat/${natId}`, { status: 'cancel' }),
    addFirewallRule: (id, rule) => api.post<TaskAccepted>(`${item(id)}/firewall_rule`, rule),
    deleteFirewallRule: (id, ruleId) =>
      api.delete<TaskAccepted>(`${item(id)}/firewall_rule/${ruleId}`),
    bootCdrom: (id, body) => api.patch<TaskAccepted>(`${item(id)}/boot_cdrom`, body),
    remove: (id) => api.delete<TaskAccepted>(item(id)),
    vmTaskStatus: (taskId) => api.get<TaskStatus>(`${ESERIES_BASE}/task_status/${taskId}`),
  };
}
