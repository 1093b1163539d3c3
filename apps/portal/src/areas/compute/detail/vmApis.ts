import {
  computeApi,
  ESERIES_BASE,
  vwseriesVmBase,
  type ComputeApi,
  type VmBase,
  type VmBaseApi,
} from '@portal/api/client';
import type { Catalogue, Vm } from '@portal/api/contract';
import { getServices } from '../../../services.ts';

export interface VmApis {
  compute: ComputeApi;
  /** The VM path base of the VM's series: eseries, or its vwseries service. */
  base: VmBaseApi;
}

/** The compute calls, on the VM path base of the VM's series. */
export function vmApis(vm: Pick<Vm, 'serviceid'> | null): VmApis {
  const compute = computeApi(getServices().api);
  return { compute, base: vm?.serviceid ? compute.vwseries(vm.serviceid) : compute };
}

/** The path base of the VM's series, as the query keys name it. */
export const seriesOf = (vm: Pick<Vm, 'serviceid'>): VmBase =>
  vm.serviceid ? vwseriesVmBase(vm.serviceid) : ESERIES_BASE;

/** The catalogue site a VM lives at (its `location`). */
export function siteOf(catalogue: Catalogue | undefined, vm: Pick<Vm, 'location'>) {
  for (const region of catalogue?.regions ?? [])
    for (const site of region.sites) if (site.location === vm.location) return site;
  return null;
}
