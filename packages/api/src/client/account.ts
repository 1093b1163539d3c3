// Typed calls for the account's second-factor security: the caller's status, and the tenants'
// policies (built-in administrator).
import type { AccountSecurity, TenantSecondFactorPolicy } from '../contract/account-security.ts';
import type { ApiClient } from './core.ts';

export interface AccountApi {
  /** `GET /account/security` */
  security(): Promise<AccountSecurity>;
  /** `GET /admin/tenants/second-factor` */
  secondFactorPolicies(): Promise<TenantSecondFactorPolicy[]>;
  /** `PUT /admin/tenants/{cdb_id}/second-factor` */
  setSecondFactorPolicy(cdbId: string, required: boolean): Promise<TenantSecondFactorPolicy>;
}

export function accountApi(api: ApiClient): AccountApi {
  return {
    security: () => api.get<AccountSecurity>('/account/security'),
    secondFactorPolicies: () => api.get<TenantSecondFactorPolicy[]>('/admin/tenants/second-factor'),
    setSecondFactorPolicy: (cdbId, required) =>
      api.put<TenantSecondFactorPolicy>(
        `/admin/tenants/${encodeURIComponent(cdbId)}/second-factor`,
        { require_second_factor: required },
      ),
  };
}
