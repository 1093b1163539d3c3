// The backup area's server state: query keys and options over the typed client.
import { queryOptions } from '@tanstack/react-query';
import { backupApi } from '@portal/api/client';
import { BACKUP_LIST_SORTS, type BackupTenantSummary } from '@portal/api/contract';
import type { ListPaged } from '../../kit/ListPage.tsx';
import { getServices } from '../../services.ts';
import { areaKeys } from '../../kit/query.ts';

export const api = () => backupApi(getServices().api);

export const backupKeys = {
  ...areaKeys('backup'),
  tenant: (uuid: string) => [...backupKeys.all, 'tenant', uuid] as const,
  jobs: (uuid: string) => [...backupKeys.tenant(uuid), 'jobs'] as const,
  usage: (uuid: string) => [...backupKeys.tenant(uuid), 'usage'] as const,
  restorePoints: (uuid: string) => [...backupKeys.tenant(uuid), 'restore-points'] as const,
};

export const backupQueries = {
  list: () => queryOptions({ queryKey: backupKeys.list(), queryFn: () => api().list() }),
  tenant: (uuid: string) =>
    queryOptions({ queryKey: backupKeys.tenant(uuid), queryFn: () => api().get(uuid) }),
  jobs: (uuid: string) =>
    queryOptions({ queryKey: backupKeys.jobs(uuid), queryFn: () => api().jobs(uuid) }),
  usage: (uuid: string) =>
    queryOptions({ queryKey: backupKeys.usage(uuid), queryFn: () => api().usage(uuid) }),
};

/** A long list read a page at a time (above the kit's PAGED_FROM rows), under the list's key. */
export const backupPaged: ListPaged<BackupTenantSummary> = {
  fetchPage: (request) => api().page(request),
  sorts: BACKUP_LIST_SORTS,
};
