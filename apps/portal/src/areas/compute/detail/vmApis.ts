import {
  ESERIES_BASE,
  vwseriesVmBase,
  type ComputeApi,
  type VmBase,
  type VmBaseApi,
} from '@portal/api/client';
import type { Vm } from '@portal/api/contract';
import { computeCalls } from '../queries.ts';

export interface VmApis {
  compute: ComputeApi;
  /** The VM path base of the VM's series: eseries, or its vwseries service. */
  base: VmBaseApi;
}

/** The compute calls, on the VM path base of the VM's series. */
export function vmApis(vm: Pick<Vm, 'serviceid'> | null): VmApis {
  return computeCalls(vm?.serviceid);
}

/** The path base of the VM's series, as the query keys name it. */
export const seriesOf = (vm: Pick<Vm, 'serviceid'>): VmBase =>
  vm.serviceid ? vwseriesVmBase(vm.serviceid) : ESERIES_BASE;

export { siteOf } from '../queries.ts';
