// The networking area's server state. Other areas reach it through this file.
import { queryOptions } from '@tanstack/react-query';
import { networkingApi } from '@portal/api/client';
import { NETWORK_LIST_SORTS, type Network } from '@portal/api/contract';
import type { ListPaged } from '../../kit/ListPage.tsx';
import { getServices } from '../../services.ts';
import { computeQueries } from '../compute/queries.ts';
import { areaKeys } from '../../kit/query.ts';

export const api = () => networkingApi(getServices().api);

export const networkingKeys = {
  ...areaKeys('networking'),
  network: (id: number) => [...networkingKeys.all, 'network', id] as const,
  gateways: () => [...networkingKeys.all, 'gateways'] as const,
  addresses: () => [...networkingKeys.all, 'addresses'] as const,
  topology: () => [...networkingKeys.all, 'topology'] as const,
  usage: (location: string) => [...networkingKeys.all, 'usage', location] as const,
};

export const networkingQueries = {
  list: () => queryOptions({ queryKey: networkingKeys.list(), queryFn: () => api().list() }),
  network: (id: number) =>
    queryOptions({ queryKey: networkingKeys.network(id), queryFn: () => api().get(id) }),
  gateways: () =>
    queryOptions({ queryKey: networkingKeys.gateways(), queryFn: () => api().gateways() }),
  addresses: () =>
    queryOptions({ queryKey: networkingKeys.addresses(), queryFn: () => api().addresses() }),
  topology: () =>
    queryOptions({ queryKey: networkingKeys.topology(), queryFn: () => api().topology() }),
  /** What the tenant's networks use at a site: the wizard checks VLAN and range against it. */
  usage: (location: string) =>
    queryOptions({
      queryKey: networkingKeys.usage(location),
      queryFn: () => api().usage(location),
    }),
};

/** A long network list read a page at a time (above the kit's PAGED_FROM rows), under its key. */
export const networkPaged: ListPaged<Network> = {
  fetchPage: (request) => api().page(request),
  sorts: NETWORK_LIST_SORTS,
};

/** The sites networks and gateways can be at, from the compute catalogue (read once per visit). */
export const siteLocations = () => ({
  ...computeQueries.catalogue(),
  select: (catalogue: { regions: { sites: { location: string }[] }[] }) =>
    catalogue.regions.flatMap((region) => region.sites.map((site) => site.location)),
});
