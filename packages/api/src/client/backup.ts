// Typed calls for backup tenants (specification section 7, "Backup", and ours beside it).
import type {
  BackupCreate,
  BackupCreateAccepted,
  BackupJob,
  BackupQuotaBody,
  BackupRestorePoint,
  BackupRetention,
  BackupTenant,
  BackupTenantSummary,
  BackupUsage,
} from '../contract/backup.ts';
import type { ListPagingQuery, TaskStatus } from '../contract/common.ts';
import type { TaskAccepted } from '../contract/tasks.ts';
import { withPaging } from './compute.ts';
import type { ApiClient, PageReply } from './core.ts';
import { listCalls, type ListCalls } from './list.ts';

const BASE = '/services/backup';
const item = (uuid: string) => `${BASE}/${encodeURIComponent(uuid)}`;

/** `GET /services/backup`, whole or a page at a time, and the calls on one backup tenant. */
export interface BackupApi extends ListCalls<BackupTenantSummary> {
  /** `POST /services/backup`: a task; the agent's secret is in this reply only. */
  create(body: BackupCreate): Promise<BackupCreateAccepted>;
  /** `GET /services/backup/task_status/{id}` */
  taskStatus(taskId: number): Promise<TaskStatus>;
  /** `PATCH /services/backup/{id}/quota` */
  setQuota(uuid: string, body: BackupQuotaBody): Promise<BackupTenant>;
  /** `GET /services/backup/{id}` */
  get(uuid: string): Promise<BackupTenant>;
  /** `GET /services/backup/{id}/jobs`: the newest jobs first. */
  jobs(uuid: string): Promise<BackupJob[]>;
  /** `GET /services/backup/{id}/restore_points`: a page, newest first by default. */
  restorePoints(uuid: string, query: ListPagingQuery): Promise<PageReply<BackupRestorePoint>>;
  /** `GET /services/backup/{id}/usage` */
  usage(uuid: string): Promise<BackupUsage>;
  /** `PUT /services/backup/{id}/enabled` */
  setEnabled(uuid: string, enabled: boolean): Promise<BackupTenant>;
  /** `PUT /services/backup/{id}/retention` */
  setRetention(uuid: string, retention: BackupRetention): Promise<BackupTenant>;
  /** `POST /services/backup/{id}/jobs`: runs a job now, a task. */
  runJob(uuid: string): Promise<TaskAccepted>;
  /** `DELETE /services/backup/{id}`: a task. */
  remove(uuid: string): Promise<TaskAccepted>;
}

export function backupApi(api: ApiClient): BackupApi {
  return {
    ...listCalls<BackupTenantSummary>(api, BASE),
    create: (body) => api.post<BackupCreateAccepted>(BASE, body),
    taskStatus: (taskId) => api.get<TaskStatus>(`${BASE}/task_status/${taskId}`),
    setQuota: (uuid, body) => api.patch<BackupTenant>(`${item(uuid)}/quota`, body),
    get: (uuid) => api.get<BackupTenant>(item(uuid)),
    jobs: (uuid) => api.get<BackupJob[]>(`${item(uuid)}/jobs`),
    restorePoints: (uuid, query) =>
      api.page<BackupRestorePoint>(`${item(uuid)}/restore_points`, {
        searchParams: withPaging(new URLSearchParams(), query),
      }),
    usage: (uuid) => api.get<BackupUsage>(`${item(uuid)}/usage`),
    setEnabled: (uuid, enabled) => api.put<BackupTenant>(`${item(uuid)}/enabled`, { enabled }),
    setRetention: (uuid, retention) =>
      api.put<BackupTenant>(`${item(uuid)}/retention`, { retention }),
    runJob: (uuid) => api.post<TaskAccepted>(`${item(uuid)}/jobs`),
    remove: (uuid) => api.delete<TaskAccepted>(item(uuid)),
  };
}
