// The storage area's server state: one key factory, and the query options every page reads with.
import { queryOptions } from '@tanstack/react-query';
import { storageApi } from '@portal/api/client';
import { getServices } from '../../services.ts';
import { areaKeys } from '../../kit/query.ts';

export const storageKeys = {
  ...areaKeys('storage'),
  /** The volumes attached to one VM (its detail page). */
  ofVm: (vmId: number) => [...storageKeys.all, 'vm', vmId] as const,
  volume: (id: number) => [...storageKeys.all, 'volume', id] as const,
};

const api = () => storageApi(getServices().api);

export const storageQueries = {
  /** `GET /services/storage` */
  list: () => queryOptions({ queryKey: storageKeys.list(), queryFn: () => api().list() }),
  /** `GET /services/storage?vm_id=…` */
  ofVm: (vmId: number) =>
    queryOptions({ queryKey: storageKeys.ofVm(vmId), queryFn: () => api().list({ vm_id: vmId }) }),
  /** `GET /services/storage/{id}` */
  volume: (id: number) =>
    queryOptions({ queryKey: storageKeys.volume(id), queryFn: () => api().get(id) }),
};

type StorageApi = ReturnType<typeof api>;

/** The storage calls pages and panels make outside a query: a page of the list, and the actions. */
export const storageCalls = {
  /** `GET /services/storage?…` one page */
  page: (...args: Parameters<StorageApi['page']>) => api().page(...args),
  /** `POST /services/storage` */
  create: (...args: Parameters<StorageApi['create']>) => api().create(...args),
  attach: (...args: Parameters<StorageApi['attach']>) => api().attach(...args),
  detach: (...args: Parameters<StorageApi['detach']>) => api().detach(...args),
  extend: (...args: Parameters<StorageApi['extend']>) => api().extend(...args),
  remove: (...args: Parameters<StorageApi['remove']>) => api().remove(...args),
};
