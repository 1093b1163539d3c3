// Typed calls for the vwseries area (specification section 7, "Virtual-wire series"). The VMs
// under a service use the compute area's VM path base: `vwseriesApi(api).vms(serviceid)`.
import type { TaskAccepted } from '../contract/tasks.ts';
import type { VwseriesBackup, VwseriesService, VwseriesUsage } from '../contract/vwseries.ts';
import { vmBaseApi, vwseriesVmBase, type VmBaseApi } from './compute.ts';
import type { ApiClient } from './core.ts';

const service = (serviceid: string) => `/services/vwseries/${encodeURIComponent(serviceid)}`;

export interface VwseriesApi {
  /** `GET /services/vwseries` */
  list(): Promise<VwseriesService[]>;
  /** `GET /services/vwseries/{serviceid}/usage` */
  usage(serviceid: string): Promise<VwseriesUsage>;
  /** `GET /services/vwseries/{serviceid}/backup` */
  backup(serviceid: string): Promise<VwseriesBackup>;
  /** `POST /services/vwseries/{id}` with operation refresh: a task. */
  refresh(serviceid: string): Promise<TaskAccepted>;
  /** The VM path base of one service: `/services/vwseries/{serviceid}/vm`. */
  vms(serviceid: string): VmBaseApi;
}

export function vwseriesApi(api: ApiClient): VwseriesApi {
  return {
    list: () => api.get<VwseriesService[]>('/services/vwseries'),
    usage: (serviceid) => api.get<VwseriesUsage>(`${service(serviceid)}/usage`),
    backup: (serviceid) => api.get<VwseriesBackup>(`${service(serviceid)}/backup`),
    refresh: (serviceid) => api.post<TaskAccepted>(service(serviceid), { operation: 'refresh' }),
    vms: (serviceid) => vmBaseApi(api, vwseriesVmBase(serviceid)),
  };
}
