// Typed calls for the monitoring area (`/services/monitoring` …).
import type {
  AlertDelivery,
  CheckResult,
  Incident,
  MaintenanceWindow,
  MaintenanceWindowBody,
  Monitor,
  MonitorCreate,
  MonitorCreated,
  MonitorTargets,
  SlaReport,
} from '../contract/monitoring.ts';
import type { TaskAccepted } from '../contract/tasks.ts';
import type { ApiClient, PageReply } from './core.ts';

const BASE = '/services/monitoring';
const item = (id: number) => `${BASE}/${id}`;

export interface MonitorListQuery {
  tenant?: string;
  limit?: number;
  cursor?: string;
  sort?: string;
  q?: string;
}

export interface SlaRequest {
  from: string;
  to: string;
  tenant?: string;
  monitor_id?: number;
}

const params = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] != null),
  );

export interface MonitoringApi {
  /** `GET /services/monitoring` (optionally one tenant's, for the super-tenant user). */
  list(query?: { tenant?: string }): Promise<Monitor[]>;
  /** One page of the list. */
  page(query: MonitorListQuery): Promise<PageReply<Monitor>>;
  /** `POST /services/monitoring`: a task (super-tenant only). */
  create(body: MonitorCreate): Promise<MonitorCreated>;
  get(id: number): Promise<Monitor>;
  /** `POST /services/monitoring/{id}` with operation pause or resume. */
  operate(id: number, operation: 'pause' | 'resume'): Promise<Monitor>;
  /** `DELETE /services/monitoring/{id}`: a task; its history goes with it. */
  remove(id: number): Promise<TaskAccepted>;
  results(id: number, hours?: number): Promise<CheckResult[]>;
  incidents(id: number): Promise<Incident[]>;
  deliveries(id: number): Promise<AlertDelivery[]>;
  maintenance(id: number): Promise<MaintenanceWindow[]>;
  addMaintenance(id: number, body: MaintenanceWindowBody): Promise<MaintenanceWindow>;
  removeMaintenance(id: number, windowId: number): Promise<unknown>;
  sla(request: SlaRequest): Promise<SlaReport>;
  targets(): Promise<MonitorTargets>;
}

export function monitoringApi(api: ApiClient): MonitoringApi {
  return {
    list: (query = {}) => api.get<Monitor[]>(BASE, { searchParams: params(query) }),
    page: (query) => api.page<Monitor>(BASE, { searchParams: params(query) }),
    create: (body) => api.post<MonitorCreated>(BASE, body),
    get: (id) => api.get<Monitor>(item(id)),
    operate: (id, operation) => api.post<Monitor>(item(id), { operation }),
    remove: (id) => api.delete<TaskAccepted>(item(id)),
    results: (id, hours = 24) =>
      api.get<CheckResult[]>(`${item(id)}/results`, { searchParams: { hours } }),
    incidents: (id) => api.get<Incident[]>(`${item(id)}/incidents`),
    deliveries: (id) => api.get<AlertDelivery[]>(`${item(id)}/deliveries`),
    maintenance: (id) => api.get<MaintenanceWindow[]>(`${item(id)}/maintenance`),
    addMaintenance: (id, body) => api.post<MaintenanceWindow>(`${item(id)}/maintenance`, body),
    removeMaintenance: (id, windowId) => api.delete(`${item(id)}/maintenance/${windowId}`),
    sla: (request) => api.get<SlaReport>(`${BASE}/sla`, { searchParams: params(request) }),
    targets: () => api.get<MonitorTargets>(`${BASE}/targets`),
  };
}
