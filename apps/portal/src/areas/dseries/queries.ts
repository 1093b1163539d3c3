// The dseries area's server state.
import { queryOptions } from '@tanstack/react-query';
import { dseriesApi } from '@portal/api/client';
import { getServices } from '../../services.ts';

export const dseriesKeys = {
  all: ['dseries'] as const,
  list: () => [...dseriesKeys.all, 'list'] as const,
};

export const dseriesQueries = {
  list: () =>
    queryOptions({
      queryKey: dseriesKeys.list(),
      queryFn: () => dseriesApi(getServices().api).list(),
    }),
};
