// The endpoint security area's server state.
import { queryOptions } from '@tanstack/react-query';
import { crowdstrikeApi } from '@portal/api/client';
import type { EdrDetectionQuery, EdrHostQuery } from '@portal/api/contract';
import { getServices } from '../../services.ts';

const api = () => crowdstrikeApi(getServices().api);

export const crowdstrikeKeys = {
  all: ['crowdstrike'] as const,
  list: () => [...crowdstrikeKeys.all, 'list'] as const,
  medr: (id: number) => [...crowdstrikeKeys.all, 'medr', id] as const,
  hosts: (id: number, filter?: EdrHostQuery['filter']) =>
    [...crowdstrikeKeys.medr(id), 'hosts', filter ?? 'all'] as const,
  detections: (id: number, status?: EdrDetectionQuery['status']) =>
    [...crowdstrikeKeys.medr(id), 'detections', status ?? 'all'] as const,
  mssp: (id: number) => [...crowdstrikeKeys.all, 'mssp', id] as const,
};

/** Figures move as sensors check in: read them again every 30 s while a page shows them. */
const REFRESH_MS = 30_000;

export const crowdstrikeQueries = {
  list: () =>
    queryOptions({
      queryKey: crowdstrikeKeys.list(),
      queryFn: () => api().list(),
      refetchInterval: REFRESH_MS,
    }),
  medr: (id: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.medr(id),
      queryFn: () => api().medr(id),
      refetchInterval: REFRESH_MS,
    }),
  hosts: (id: number, filter?: EdrHostQuery['filter']) =>
    queryOptions({
      queryKey: crowdstrikeKeys.hosts(id, filter),
      queryFn: () => api().hosts(id, { filter }),
      refetchInterval: REFRESH_MS,
    }),
  detections: (id: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.detections(id),
      queryFn: () => api().detections(id),
      refetchInterval: REFRESH_MS,
    }),
  mssp: (id: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.mssp(id),
      queryFn: () => api().mssp(id),
      refetchInterval: REFRESH_MS,
    }),
};

export { api as crowdstrikeClient };
