// Administration's server state: users, roles, the log and the tenants, under one key factory.
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '@portal/api/client';
import { getServices } from '../../services.ts';

export const api = () => adminApi(getServices().api);

export const adminKeys = {
  all: ['admin'] as const,
  users: (filters: object) => [...adminKeys.all, 'users', filters] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  role: (id: number) => [...adminKeys.roles(), id] as const,
  log: (filters: object) => [...adminKeys.all, 'log', filters] as const,
  tenants: () => [...adminKeys.all, 'tenants'] as const,
};

export const adminQueries = {
  roles: () => queryOptions({ queryKey: adminKeys.roles(), queryFn: () => api().roles() }),
  role: (id: number) =>
    queryOptions({ queryKey: adminKeys.role(id), queryFn: () => api().role(id) }),
  tenants: () =>
    queryOptions({
      queryKey: adminKeys.tenants(),
      queryFn: () => api().tenants(),
      staleTime: 5 * 60_000,
    }),
};

/** Saves a downloaded file under its name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
