// The VM list's calls, on the path base of its series (eseries, or a vwseries service).
import { computeApi, vmBaseApi, type VmBase } from '@portal/api/client';
import { getServices } from '../../services.ts';

/** The VM calls on one path base: pages of the list, status, power. */
export const vmBaseCalls = (base: VmBase) => vmBaseApi(getServices().api, base);

/** `DELETE /services/eseries/{id}` */
export const removeEseriesVm = (id: number) => computeApi(getServices().api).remove(id);
