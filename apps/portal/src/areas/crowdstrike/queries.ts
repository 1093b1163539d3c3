// The endpoint security area's server state.
import { queryOptions } from '@tanstack/react-query';
import { crowdstrikeApi } from '@portal/api/client';
import {
  EDR_LIST_SORTS,
  type EdrDetectionQuery,
  type EdrHostQuery,
  type EdrSubscription,
} from '@portal/api/contract';
import type { ListPaged } from '../../kit/ListPage.tsx';
import { getServices } from '../../services.ts';
import { areaKeys } from '../../kit/query.ts';

const api = () => crowdstrikeApi(getServices().api);

export const crowdstrikeKeys = {
  ...areaKeys('crowdstrike'),
  medr: (id: number) => [...crowdstrikeKeys.all, 'medr', id] as const,
  hosts: (id: number, filter?: EdrHostQuery['filter']) =>
    [...crowdstrikeKeys.medr(id), 'hosts', filter ?? 'all'] as const,
  detections: (id: number, status?: EdrDetectionQuery['status']) =>
    [...crowdstrikeKeys.medr(id), 'detections', status ?? 'all'] as const,
  host: (id: number, hostId: number) => [...crowdstrikeKeys.medr(id), 'host', hostId] as const,
  detection: (id: number, detectionId: number) =>
    [...crowdstrikeKeys.medr(id), 'detection', detectionId] as const,
  assignees: (id: number) => [...crowdstrikeKeys.medr(id), 'assignees'] as const,
  mssp: (id: number) => [...crowdstrikeKeys.all, 'mssp', id] as const,
};

/** Figures move as sensors check in: read them again every 30 s while a page shows them. */
const REFRESH_MS = 30_000;

/** A long subscription list read a page at a time (above the kit's PAGED_FROM rows). */
export const crowdstrikePaged: ListPaged<EdrSubscription> = {
  fetchPage: (request) => api().page(request),
  sorts: EDR_LIST_SORTS,
};

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
  host: (id: number, hostId: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.host(id, hostId),
      queryFn: () => api().host(id, hostId),
      refetchInterval: REFRESH_MS,
    }),
  detection: (id: number, detectionId: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.detection(id, detectionId),
      queryFn: () => api().detection(id, detectionId),
      refetchInterval: REFRESH_MS,
    }),
  /** Whom a detection may be assigned to; the tenant's users change seldom. */
  assignees: (id: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.assignees(id),
      queryFn: () => api().assignees(id),
      staleTime: 5 * 60_000,
    }),
  mssp: (id: number) =>
    queryOptions({
      queryKey: crowdstrikeKeys.mssp(id),
      queryFn: () => api().mssp(id),
      refetchInterval: REFRESH_MS,
    }),
};

export { api as crowdstrikeClient };
