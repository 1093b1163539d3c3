import { proxy } from 'valtio';
import type { CurrentUser, PublicConfig } from '@portal/api/contract';
import { createApiClient, errorText, type ApiClient } from '@portal/api/client';
import { createIdentityService, type IdentityService } from '@portal/api/identity';
import { appState, type SnackbarColor } from './state/app.ts';
import { createCurrentUserCache } from './state/currentUser.ts';
import { createSnackbarQueue } from './state/snackbar.ts';

export type SessionStatus = 'unknown' | 'signedIn' | 'signedOut';

/**
 * Whether this sign-in meets the tenant's second-factor policy: not asked yet, met (or no
 * policy), or the user must enrol a second factor first.
 */
export type SecondFactorGate = 'unknown' | 'met' | 'enrol';

/** Who is signed in, as the UI renders it. */
export const session = proxy<{
  status: SessionStatus;
  email: string | null;
  user: CurrentUser | null;
  secondFactor: SecondFactorGate;
}>({
  status: 'unknown',
  email: null,
  user: null,
  secondFactor: 'unknown',
});

const ACTING_KEY = 'actingTenant';

/** The customer tenant an internal user acts for in this browser tab, or null. */
export function actingTenant(): string | null {
  try {
    return sessionStorage.getItem(ACTING_KEY);
  } catch {
    return null;
  }
}

/**
 * Acts for a customer tenant (its cdb_id), or goes back to one's own tenant (null): the page loads
 * again at `/`, so that nothing of the other tenant stays in memory.
 */
export function switchTenant(cdbId: string | null): void {
  if (cdbId) sessionStorage.setItem(ACTING_KEY, cdbId);
  else sessionStorage.removeItem(ACTING_KEY);
  window.location.assign('/');
}

export const snackbar = createSnackbarQueue(appState);

/** Shows a snackbar message (queued behind a visible one). */
export const notify = (message: string, color: SnackbarColor = 'info') =>
  snackbar.show(message, color);

/**
 * The failed-call rule (specification section 8): the error text is logged and handed to the
 * callback when one is supplied. Returns the text.
 */
export function reportError(error: unknown, onError?: (text: string) => void): string {
  const text = errorText(error);
  console.error(text, error);
  onError?.(text);
  return text;
}

export interface Services {
  identity: IdentityService;
  api: ApiClient;
  currentUser: ReturnType<typeof createCurrentUserCache>;
}

let services: Services | null = null;
let offersTotp = false;

/** Whether the identity project offers time-based codes (TOTP) as a second factor. */
export const identityOffersTotp = () => offersTotp;

/** Wires identity, API client and user cache from the server-provided configuration. */
export function initServices(config: PublicConfig): Services {
  offersTotp = config.totp;
  const identity = createIdentityService(config);
  const api = createApiClient({
    getToken: () => identity.getIdToken(),
    getActingTenant: actingTenant,
  });
  const currentUser = createCurrentUserCache({
    fetchUser: () => api.user.get(identity.getEmail()),
    onChange: (user) => {
      session.user = user;
    },
  });
  identity.onChange((user) => {
    session.status = user ? 'signedIn' : 'signedOut';
    session.email = user?.email ?? null;
    // A new sign-in (or a second step just taken) is checked against the policy again.
    session.secondFactor = 'unknown';
    if (!user) {
      currentUser.clear();
      // Signing out ends acting for a customer too.
      sessionStorage.removeItem(ACTING_KEY);
    }
  });
  return provideServices({ identity, api, currentUser });
}

/** Installs the services (initServices does; unit tests provide stand-ins at this boundary). */
export function provideServices(next: Services): Services {
  services = next;
  return next;
}

export function getServices(): Services {
  if (!services) throw new Error('Services used before initServices()');
  return services;
}
