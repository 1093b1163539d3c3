// Typed calls for the licence area.
import type {
  LicenseAssign,
  LicenseSubscription,
  LicenseSummary,
  LicenseUpdate,
} from '../contract/license.ts';
import type { SeatHolderKind } from '../contract/license-values.ts';
import type { ApiClient } from './core.ts';
import { listCalls, type ListCalls } from './list.ts';

/** `GET /services/license` (`list`, `page`): the tenant's subscriptions with seats and holders. */
export interface LicenseApi extends ListCalls<LicenseSubscription> {
  /** `GET /services/license/summary`: seats per product and what expires within 30 days. */
  summary(): Promise<LicenseSummary>;
  /** `GET /services/license/{id}` */
  get(id: number): Promise<LicenseSubscription>;
  /** `PATCH /services/license/{id}`: turns automatic renewal on or off. */
  update(id: number, body: LicenseUpdate): Promise<LicenseSubscription>;
  /** `POST /services/license/{id}/assignments`: pins a seat to a holder. */
  assign(id: number, body: LicenseAssign): Promise<LicenseSubscription>;
  /** `DELETE /services/license/{id}/assignments/{kind}/{holderId}`: releases a pinned seat. */
  unassign(id: number, kind: SeatHolderKind, holderId: string): Promise<LicenseSubscription>;
}

export const licenseApi = (api: ApiClient): LicenseApi => ({
  ...listCalls<LicenseSubscription>(api, '/services/license'),
  summary: () => api.get<LicenseSummary>('/services/license/summary'),
  get: (id) => api.get<LicenseSubscription>(`/services/license/${id}`),
  update: (id, body) => api.patch<LicenseSubscription>(`/services/license/${id}`, body),
  assign: (id, body) => api.post<LicenseSubscription>(`/services/license/${id}/assignments`, body),
  unassign: (id, kind, holderId) =>
    api.delete<LicenseSubscription>(
      `/services/license/${id}/assignments/${kind}/${encodeURIComponent(holderId)}`,
    ),
});
