// The compute area's server state: one key factory, and the query options every page reads with.
import { queryOptions } from '@tanstack/react-query';
import { computeApi, vwseriesVmBase, type VmBase } from '@portal/api/client';
import type { Catalogue, MetricRange, MetricsReply, Vm } from '@portal/api/contract';
import { getServices } from '../../services.ts';

const api = () => computeApi(getServices().api);

/**
 * The compute calls pages make outside a query: `compute` (eseries and any VM by id), and `base`,
 * the VM path base of the series: a vwseries service's when `serviceid` is given, else eseries.
 */
export function computeCalls(serviceid?: string | null) {
  const compute = api();
  return { compute, base: serviceid ? compute.vwseries(serviceid) : compute };
}

/** `GET /services/vwseries/{serviceid}/{id}`, or `GET /services/compute/{id}` without a service. */
export const loadVm = (id: number, serviceid?: string) => {
  const compute = api();
  return serviceid ? compute.vwseries(serviceid).get(id) : compute.anyVm(id);
};

/** The catalogue site a VM lives at (its `location`): what it serves and cannot do. */
export function siteOf(catalogue: Catalogue | undefined, vm: Pick<Vm, 'location'>) {
  for (const region of catalogue?.regions ?? [])
    for (const site of region.sites) if (site.location === vm.location) return site;
  return null;
}

/** Query keys of compute; invalidate `computeKeys.all` to read everything again. */
export const computeKeys = {
  all: ['compute'] as const,
  lists: () => [...computeKeys.all, 'list'] as const,
  /** The VMs on one path base: eseries, or a vwseries service's. */
  list: (series: VmBase = '/services/eseries') => [...computeKeys.lists(), series] as const,
  vms: () => [...computeKeys.all, 'vm'] as const,
  vm: (id: number) => [...computeKeys.vms(), id] as const,
  snapshots: (id: number) => [...computeKeys.vm(id), 'snapshots'] as const,
  metrics: (id: number, metric: MetricsReply['metric'], range: MetricRange) =>
    [...computeKeys.vm(id), 'metrics', metric, range] as const,
  catalogue: () => [...computeKeys.all, 'catalogue'] as const,
};

/** The path base of a vwseries service's VMs (so keys of both series come from here). */
export const vwseriesVmList = (serviceid: string) => computeKeys.list(vwseriesVmBase(serviceid));

export const computeQueries = {
  /** `GET /services/eseries` (with NAT, for the public IP), or a vwseries service's VMs. */
  list: (series: VmBase = '/services/eseries') =>
    queryOptions({
      queryKey: computeKeys.list(series),
      queryFn: () =>
        series === '/services/eseries'
          ? api().list({ detail_fields: ['nat'] })
          : computeApi(getServices().api).vwseries(serviceOf(series)).list(),
    }),
  /** `GET /services/compute/{id}`: a VM of either series. */
  vm: (id: number) =>
    queryOptions({ queryKey: computeKeys.vm(id), queryFn: () => api().anyVm(id) }),
  /** A VM's snapshots, on the path base of its series. */
  snapshots: (id: number, series: VmBase = '/services/eseries') =>
    queryOptions({
      queryKey: computeKeys.snapshots(id),
      queryFn: () =>
        series === '/services/eseries'
          ? api().snapshots(id)
          : api().vwseries(serviceOf(series)).snapshots(id),
    }),
  metrics: (id: number, metric: MetricsReply['metric'], range: MetricRange) =>
    queryOptions({
      queryKey: computeKeys.metrics(id, metric, range),
      queryFn: () => api().metrics(id, metric, range),
    }),
  /** The creation catalogue changes rarely: read once per visit. */
  catalogue: () =>
    queryOptions({
      queryKey: computeKeys.catalogue(),
      queryFn: () => api().catalogue(),
      staleTime: Infinity,
    }),
};

/** `/services/vwseries/{serviceid}/vm` → `serviceid`. */
function serviceOf(base: VmBase): string {
  const match = /^\/services\/vwseries\/([^/]+)\/vm$/.exec(base);
  return decodeURIComponent(match?.[1] ?? '');
}
