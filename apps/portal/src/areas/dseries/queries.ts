// The dseries area's server state.
import { queryOptions } from '@tanstack/react-query';
import { dseriesApi } from '@portal/api/client';
import { getServices } from '../../services.ts';
import { areaKeys } from '../../kit/query.ts';

export const dseriesKeys = {
  ...areaKeys('dseries'),
};

export const dseriesQueries = {
  list: () =>
    queryOptions({
      queryKey: dseriesKeys.list(),
      queryFn: () => dseriesApi(getServices().api).list(),
    }),
};
