import { proxy } from 'valtio';
import type { CurrentUser, PublicConfig } from '@portal/api/contract';
import { createApiClient, errorText, type ApiClient } from '@portal/api/client';
import { createIdentityService, type IdentityService } from '@portal/api/identity';
import { appState, type SnackbarColor } from './state/app.ts';
import { createCurrentUserCache } from './state/currentUser.ts';
import { createSnackbarQueue } from './state/snackbar.ts';
import { whenIdle } from './lib/idle.ts';

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

/** Where acting for a customer started, so that "Back" returns there. */
export const ACTING_RETURN_KEY = 'actingReturn';
/** The reason given when acting started: said again when acting resumes after a reload. */
const ACTING_REASON_KEY = 'actingReason';
/** The tenant whose acting end this tab sent as its page was left (pagehide). */
const ACTING_LEFT_KEY = 'actingLeft';
/** This tab's acting session, as its start answered: its end names it (other tabs have theirs). */
const ACTING_SESSION_KEY = 'actingSession';

/** This tab's acting session, or null. */
export const actingSession = (): string | null => sessionStorage.getItem(ACTING_SESSION_KEY);

/** The body of this tab's acting end: the tenant and, when known, the session. */
export const actingEndBody = (cdbId: string) => {
  const session = actingSession();
  return { cdb_id: cdbId, ...(session ? { session } : {}) };
};

/**
 * Keeps (or, with null, forgets) the customer tenant this tab acts for; with `returnTo`, the page
 * that "Back" returns to; with `reason`, why (to start again with after a reload).
 */
export function rememberActing(
  cdbId: string | null,
  returnTo?: string,
  reason?: string,
  session?: string,
): void {
  if (cdbId) sessionStorage.setItem(ACTING_KEY, cdbId);
  else sessionStorage.removeItem(ACTING_KEY);
  if (returnTo !== undefined) sessionStorage.setItem(ACTING_RETURN_KEY, returnTo);
  if (reason !== undefined) sessionStorage.setItem(ACTING_REASON_KEY, reason);
  if (session !== undefined) sessionStorage.setItem(ACTING_SESSION_KEY, session);
  sessionStorage.removeItem(ACTING_LEFT_KEY);
  if (!cdbId) {
    sessionStorage.removeItem(ACTING_RETURN_KEY);
    sessionStorage.removeItem(ACTING_REASON_KEY);
    sessionStorage.removeItem(ACTING_SESSION_KEY);
  }
}

/** The page acting for a customer started on. */
export const actingReturn = (): string | null => sessionStorage.getItem(ACTING_RETURN_KEY);

// Set when this page is left for the new tenant's first page: acting goes on there, so leaving
// is not its end.
let switchingTenant = false;

/** The page is about to load again for a tenant switch (its pagehide ends nothing). */
export function leavingForTenantSwitch(): void {
  switchingTenant = true;
}

/** How often the token a page-leaving end carries is renewed while acting (ID tokens last 1 h). */
const TOKEN_PRIME_MS = 4 * 60_000;

/**
 * Acting ends when the tab is closed or leaves the portal: on `pagehide` the end is sent with
 * `keepalive` (the server records it once, however often it is sent). When this tab shows the
 * portal again (a reload, "back", or the page restored from the back-forward cache), acting
 * resumes: started again with the same reason, audited. Returns the uninstaller.
 */
export function endActingOnPageHide(target: Window = window): () => void {
  const onHide = () => {
    const cdbId = actingTenant();
    if (!cdbId || switchingTenant || !services) return;
    if (services.api.postOnUnload('/admin/acting/end', actingEndBody(cdbId)))
      sessionStorage.setItem(ACTING_LEFT_KEY, cdbId);
  };
  const onShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) void resumeActing();
  };
  const prime = () => {
    if (actingTenant() && services) void services.api.primeToken().catch(() => undefined);
  };
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden') prime();
  };
  const timer = target.setInterval(prime, TOKEN_PRIME_MS);
  target.addEventListener('pagehide', onHide);
  target.addEventListener('pageshow', onShow);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.clearInterval(timer);
    target.removeEventListener('pagehide', onHide);
    target.removeEventListener('pageshow', onShow);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * This tab acts for a customer but ended it as its page was left: starts again, with the reason
 * given at the start (audited). Without the reason, or if the start is refused, the tab goes back
 * to the user's own tenant.
 */
export async function resumeActing(): Promise<void> {
  const cdbId = actingTenant();
  if (!cdbId || sessionStorage.getItem(ACTING_LEFT_KEY) !== cdbId) return;
  const { identity } = getServices();
  await identity.ready();
  // Signed out meanwhile: that ended acting already.
  if (!identity.currentUser() || actingTenant() !== cdbId) return;
  sessionStorage.removeItem(ACTING_LEFT_KEY);
  const reason = sessionStorage.getItem(ACTING_REASON_KEY);
  try {
    if (!reason) throw new Error(`No reason is known to act for ${cdbId} again.`);
    // The administration calls load only here, for provider staff acting for a customer: not
    // with everyone's first page.
    const { api: adminApi } = await import('./areas/admin/queries.ts');
    const started = await adminApi().startActing({ cdb_id: cdbId, reason });
    if (started.session) sessionStorage.setItem(ACTING_SESSION_KEY, started.session);
  } catch (error) {
    reportError(error);
    rememberActing(null);
    pageLoad.assign('/');
  }
}

/** The full page load that switching tenant ends with (replaced in component tests). */
export const pageLoad = { assign: (path: string) => window.location.assign(path) };

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

/** How long after a signed-in page first shows the identity SDK loads, calls still going or not. */
const SDK_LOAD_AFTER_PAGE_MS = 3_000;
/** How long after boot the identity SDK loads though no page has shown (an error in its place). */
const SDK_LOAD_AT_LATEST_MS = 10_000;

let notePageShown = (_inFrame: boolean) => {};

/**
 * Tells the services that a page has rendered, once its code has arrived: a page of the signed-in
 * frame (`inFrame`), or any page (the root). The identity SDK waits for it, so that it never
 * competes with the page's own code.
 */
export const pageShown = (inFrame: boolean) => notePageShown(inFrame);

/** Wires identity, API client and user cache from the server-provided configuration. */
export function initServices(config: PublicConfig): Services {
  offersTotp = config.totp;
  const identity = createIdentityService(config);
  // A page that opens signed in runs on the session the SDK stored; the SDK itself (which renews
  // the token, signs out, and notices a sign-out in another tab) loads once the page has shown,
  // its first calls have answered and the browser is idle, so that it delays neither. (Loaded
  // when the calls alone had answered, it came before the page's code on a busy machine.)
  // Signed out, it loads as soon as the page (the sign-in page, which needs it) has shown.
  let sdkScheduled = false;
  const loadSdk = () => {
    if (sdkScheduled) return;
    sdkScheduled = true;
    whenIdle(() => identity.preload());
  };
  let pageUp = false;
  let framePageUp = false;
  let quiet = false;
  let signedOut = false;
  const loadWhenReady = () => {
    if (signedOut ? pageUp : framePageUp && quiet) loadSdk();
  };
  notePageShown = (inFrame) => {
    if (inFrame && !framePageUp) setTimeout(loadSdk, SDK_LOAD_AFTER_PAGE_MS);
    pageUp = true;
    framePageUp ||= inFrame;
    loadWhenReady();
  };
  setTimeout(loadSdk, SDK_LOAD_AT_LATEST_MS);
  const api = createApiClient({
    getToken: () => identity.getIdToken(),
    getActingTenant: actingTenant,
    onQuiet: () => {
      quiet = true;
      loadWhenReady();
    },
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
    signedOut = !user;
    if (!user) {
      loadWhenReady();
      currentUser.clear();
      // Signing out ends acting for a customer too (recorded with the token last used, as when
      // the page is left).
      const acting = actingTenant();
      if (acting) api.postOnUnload('/admin/acting/end', actingEndBody(acting));
      rememberActing(null);
    }
  });
  const installed = provideServices({ identity, api, currentUser });
  endActingOnPageHide();
  void resumeActing();
  return installed;
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
