// The account area's server state: the caller's second-factor status and the tenants' policies.
import { queryOptions } from '@tanstack/react-query';
import { accountApi } from '@portal/api/client';
import { getServices } from '../../services.ts';

const api = () => accountApi(getServices().api);

export const accountKeys = {
  all: ['account'] as const,
  security: () => [...accountKeys.all, 'security'] as const,
  policies: () => [...accountKeys.all, 'second-factor-policies'] as const,
};

export const accountQueries = {
  /** `GET /account/security` */
  security: () =>
    queryOptions({ queryKey: accountKeys.security(), queryFn: () => api().security() }),
  /** `GET /admin/tenants/second-factor` (built-in administrator) */
  policies: () =>
    queryOptions({ queryKey: accountKeys.policies(), queryFn: () => api().secondFactorPolicies() }),
};

export const setSecondFactorPolicy = (cdbId: string, required: boolean) =>
  api().setSecondFactorPolicy(cdbId, required);
