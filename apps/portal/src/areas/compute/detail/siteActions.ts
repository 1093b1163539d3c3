import { useQuery } from '@tanstack/react-query';
import type { SiteAction, Vm } from '@portal/api/contract';
import { computeQueries } from '../queries.ts';
import { siteOf } from './vmApis.ts';

/**
 * What the VM's site cannot do, each with the reason its platform gives (an LXD container has no
 * CD-ROM drive): such actions are offered disabled with that reason, never as an error after the
 * click. Undefined while the catalogue loads, and for what the site can do.
 */
export function useSiteRefusal(
  vm: Pick<Vm, 'location'> | undefined,
): (action: SiteAction) => string | undefined {
  const { data: catalogue } = useQuery(computeQueries.catalogue());
  const site = vm ? siteOf(catalogue, vm) : null;
  return (action) => site?.unavailable?.[action];
}
