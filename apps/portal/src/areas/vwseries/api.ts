// The vwseries service calls (section 7, "Virtual-wire series") on the client's generic verbs with
// the contract's types; the VMs under a service use the shared VM path base client.
import type {
  TaskAccepted,
  VwseriesBackup,
  VwseriesService,
  VwseriesUsage,
} from '@portal/api/contract';
import { getServices } from '../../services.ts';

const api = () => getServices().api;
const service = (serviceid: string) => `/services/vwseries/${encodeURIComponent(serviceid)}`;

export const vwseriesApi = {
  /** `GET /services/vwseries` */
  list: () => api().get<VwseriesService[]>('/services/vwseries'),
  /** `GET /services/vwseries/{serviceid}/usage` */
  usage: (serviceid: string) => api().get<VwseriesUsage>(`${service(serviceid)}/usage`),
  /** `GET /services/vwseries/{serviceid}/backup` */
  backup: (serviceid: string) => api().get<VwseriesBackup>(`${service(serviceid)}/backup`),
  /** `POST /services/vwseries/{id}` with operation refresh: a task. */
  refresh: (serviceid: string) =>
    api().post<TaskAccepted>(service(serviceid), { operation: 'refresh' }),
};
