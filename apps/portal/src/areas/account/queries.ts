// The account area's server state: the caller's second-factor status and the tenants' policies.
import { queryOptions } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { accountApi } from '@portal/api/client';
import { getServices, reportError, type Services } from '../../services.ts';

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

/** The signed-in user's second factors, as the identity service holds them. */
export const loadAccountSecurity = () => getServices().identity.accountSecurity();

/** `GET /account/security`: whether this sign-in meets the tenant's second-factor policy. */
export const loadSecondFactorStatus = () => api().security();

type LoadOptions = Parameters<Services['currentUser']['load']>;

/** The current-user record (`GET /services/user/{email}`), cached; `{ force: true }` reads again. */
export const loadCurrentUser = (...options: LoadOptions) =>
  getServices().currentUser.load(...options);

export const signOutUser = () => getServices().identity.signOut();

/** Signing out, then on to the sign-in page; a failure is reported and the user stays. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      await signOutUser();
      navigate('/auth/signin', { replace: true });
    } catch (error) {
      reportError(error);
    }
  };
}

export const setSecondFactorPolicy = (cdbId: string, required: boolean) =>
  api().setSecondFactorPolicy(cdbId, required);
