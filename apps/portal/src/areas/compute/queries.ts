// The compute area's server state: one key factory, and the query options every page reads with.
import { queryOptions } from '@tanstack/react-query';
import { computeApi, vwseriesVmBase, type VmBase } from '@portal/api/client';
import type { MetricRange, MetricsReply } from '@portal/api/contract';
import { getServices } from '../../services.ts';

const api = () => computeApi(getServices().api);

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
