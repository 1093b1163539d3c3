// The vwseries area's server state. Its VMs are compute's (`computeKeys.list(base)`).
import { queryOptions } from '@tanstack/react-query';
import { vwseriesApi } from '@portal/api/client';
import { getServices } from '../../services.ts';
import { areaKeys } from '../../kit/query.ts';

const api = () => vwseriesApi(getServices().api);

export const vwseriesKeys = {
  ...areaKeys('vwseries'),
  service: (serviceid: string) => [...vwseriesKeys.all, 'service', serviceid] as const,
  usage: (serviceid: string) => [...vwseriesKeys.service(serviceid), 'usage'] as const,
  backup: (serviceid: string) => [...vwseriesKeys.service(serviceid), 'backup'] as const,
};

export const vwseriesQueries = {
  list: () => queryOptions({ queryKey: vwseriesKeys.list(), queryFn: () => api().list() }),
  usage: (serviceid: string) =>
    queryOptions({
      queryKey: vwseriesKeys.usage(serviceid),
      queryFn: () => api().usage(serviceid),
    }),
  backup: (serviceid: string) =>
    queryOptions({
      queryKey: vwseriesKeys.backup(serviceid),
      queryFn: () => api().backup(serviceid),
    }),
};

/** `POST /services/vwseries/{serviceid}/refresh` */
export const refreshService = (serviceid: string) => api().refresh(serviceid);
