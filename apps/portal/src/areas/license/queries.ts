// The licence area's server state.
import { queryOptions } from '@tanstack/react-query';
import { licenseApi } from '@portal/api/client';
import { getServices } from '../../services.ts';

export const licenseKeys = {
  all: ['license'] as const,
  list: () => [...licenseKeys.all, 'list'] as const,
  summary: () => [...licenseKeys.all, 'summary'] as const,
};

export const licenseQueries = {
  list: () =>
    queryOptions({
      queryKey: licenseKeys.list(),
      queryFn: () => licenseApi(getServices().api).list(),
    }),
  summary: () =>
    queryOptions({
      queryKey: licenseKeys.summary(),
      queryFn: () => licenseApi(getServices().api).summary(),
    }),
};

/** The licence calls that change something (renewal, pinned seats). */
export const licenseCalls = () => licenseApi(getServices().api);
