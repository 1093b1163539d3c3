// The monitoring area's server state.
import { queryOptions } from '@tanstack/react-query';
import { monitoringApi, type SlaRequest } from '@portal/api/client';
import { getServices } from '../../services.ts';

const api = () => monitoringApi(getServices().api);

/** How often the list and a monitor's page read again: checks keep arriving. */
export const MONITOR_REFETCH_MS = 15_000;

export const monitoringKeys = {
  all: ['monitoring'] as const,
  list: (tenant?: string) => [...monitoringKeys.all, 'list', tenant ?? ''] as const,
  lists: () => [...monitoringKeys.all, 'list'] as const,
  monitor: (id: number) => [...monitoringKeys.all, 'monitor', id] as const,
  part: (id: number, part: string, extra?: unknown) =>
    [...monitoringKeys.monitor(id), part, extra ?? null] as const,
  sla: (request: SlaRequest) => [...monitoringKeys.all, 'sla', request] as const,
  targets: () => [...monitoringKeys.all, 'targets'] as const,
};

export const monitoringQueries = {
  list: (tenant?: string) =>
    queryOptions({
      queryKey: monitoringKeys.list(tenant),
      queryFn: () => api().list(tenant ? { tenant } : {}),
      refetchInterval: MONITOR_REFETCH_MS,
    }),
  monitor: (id: number) =>
    queryOptions({
      queryKey: monitoringKeys.monitor(id),
      queryFn: () => api().get(id),
      refetchInterval: MONITOR_REFETCH_MS,
    }),
  results: (id: number, hours: number) =>
    queryOptions({
      queryKey: monitoringKeys.part(id, 'results', hours),
      queryFn: () => api().results(id, hours),
      refetchInterval: MONITOR_REFETCH_MS,
    }),
  incidents: (id: number) =>
    queryOptions({
      queryKey: monitoringKeys.part(id, 'incidents'),
      queryFn: () => api().incidents(id),
      refetchInterval: MONITOR_REFETCH_MS,
    }),
  deliveries: (id: number) =>
    queryOptions({
      queryKey: monitoringKeys.part(id, 'deliveries'),
      queryFn: () => api().deliveries(id),
    }),
  maintenance: (id: number) =>
    queryOptions({
      queryKey: monitoringKeys.part(id, 'maintenance'),
      queryFn: () => api().maintenance(id),
    }),
  sla: (request: SlaRequest) =>
    queryOptions({ queryKey: monitoringKeys.sla(request), queryFn: () => api().sla(request) }),
  targets: () =>
    queryOptions({ queryKey: monitoringKeys.targets(), queryFn: () => api().targets() }),
};

export { api as monitoringClient };
