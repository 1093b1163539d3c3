// The licence area's server state.
import { queryOptions } from '@tanstack/react-query';
import { licenseApi } from '@portal/api/client';
import { LICENSE_LIST_SORTS, type LicenseSubscription } from '@portal/api/contract';
import type { ListPaged } from '../../kit/ListPage.tsx';
import { getServices } from '../../services.ts';
import { areaKeys } from '../../kit/query.ts';

export const licenseKeys = {
  ...areaKeys('license'),
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

/** A long licence list read a page at a time (above the kit's PAGED_FROM rows), under its key. */
export const licensePaged: ListPaged<LicenseSubscription> = {
  fetchPage: (request) => licenseApi(getServices().api).page(request),
  sorts: LICENSE_LIST_SORTS,
};

/** The licence calls that change something (renewal, pinned seats). */
export const licenseCalls = () => licenseApi(getServices().api);
