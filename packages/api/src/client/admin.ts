// Typed calls for administration (users, roles, the audit log) and the tenant switcher.
import type {
  ActingStartBody,
  AdminRole,
  AdminRoleDetail,
  AdminUser,
  AuditLogCsvQuery,
  AuditLogEntry,
  CreateRole,
  InvitedUser,
  InviteUser,
  TenantSummary,
  UpdateRole,
  UpdateUser,
} from '../contract/admin.ts';
import type { ApiClient, PageReply } from './core.ts';

/** Query parameters without the empty ones. */
const params = (query: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );

export interface AdminApi {
  tenants(): Promise<TenantSummary[]>;
  /** `POST /admin/acting`: start acting for a customer tenant, with the reason (audited). */
  startActing(body: ActingStartBody): Promise<{ cdb_id: string; name: string; session: string }>;
  /**
   * `POST /admin/acting/end`: stop acting for it (audited once; `ended` is false when nothing was
   * open, e.g. the page already ended it).
   */
  endActing(
    cdbId: string,
    session?: string | null,
  ): Promise<{ cdb_id: string; name: string; ended: boolean }>;
  users(query: Record<string, string | number | undefined>): Promise<PageReply<AdminUser>>;
  usersCsv(query: Record<string, string | number | undefined>): Promise<Blob>;
  invite(body: InviteUser): Promise<InvitedUser>;
  /** E-mails an invited user a new set-password link. */
  resendInvitation(id: number): Promise<InvitedUser>;
  changeUser(id: number, body: UpdateUser): Promise<AdminUser>;
  setDisabled(id: number, disabled: boolean): Promise<AdminUser>;
  resetSecondFactor(id: number): Promise<AdminUser>;
  deleteUser(id: number, confirm: string): Promise<{ email: string }>;
  roles(): Promise<AdminRole[]>;
  role(id: number): Promise<AdminRoleDetail>;
  createRole(body: CreateRole): Promise<AdminRole>;
  changeRole(id: number, body: UpdateRole): Promise<AdminRole>;
  deleteRole(id: number): Promise<{ name: string }>;
  log(
    query: AuditLogCsvQuery & { limit?: number; cursor?: string },
  ): Promise<PageReply<AuditLogEntry>>;
  logCsv(query: AuditLogCsvQuery): Promise<Blob>;
}

export const adminApi = (api: ApiClient): AdminApi => ({
  tenants: () => api.get('/admin/tenants'),
  startActing: (body) => api.post('/admin/acting', body),
  endActing: (cdbId, session) =>
    api.post('/admin/acting/end', { cdb_id: cdbId, ...(session ? { session } : {}) }),
  users: (query) => api.page('/admin/users', { searchParams: params(query) }),
  usersCsv: (query) => api.blob('/admin/users.csv', { searchParams: params(query) }),
  invite: (body) => api.post('/admin/users', body),
  resendInvitation: (id) => api.post(`/admin/users/${id}/invitation`),
  changeUser: (id, body) => api.patch(`/admin/users/${id}`, body),
  setDisabled: (id, disabled) => api.post(`/admin/users/${id}/${disabled ? 'disable' : 'enable'}`),
  resetSecondFactor: (id) => api.post(`/admin/users/${id}/second-factor-reset`),
  deleteUser: (id, confirm) => api.delete(`/admin/users/${id}`, { searchParams: { confirm } }),
  roles: () => api.get('/admin/roles'),
  role: (id) => api.get(`/admin/roles/${id}`),
  createRole: (body) => api.post('/admin/roles', body),
  changeRole: (id, body) => api.patch(`/admin/roles/${id}`, body),
  deleteRole: (id) => api.delete(`/admin/roles/${id}`),
  log: (query) => api.page('/admin/log', { searchParams: params(query) }),
  logCsv: (query) => api.blob('/admin/log.csv', { searchParams: params(query) }),
});
