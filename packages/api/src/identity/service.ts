import type { PublicConfig } from '../contract/config.ts';
import { IDENTITY_MESSAGES, IdentityError } from './errors.ts';
import type { AccountSecurityService, SignInResult } from './second-factor-types.ts';
import { readStoredSession, type StoredSession } from './stored-session.ts';

/** The signed-in identity as the portal sees it. */
export interface IdentityUser {
  email: string;
}

/** What an e-mail action code is for, and for whom. */
export interface ActionCodeDetails {
  operation:
    | 'PASSWORD_RESET'
    | 'VERIFY_EMAIL'
    | 'RECOVER_EMAIL'
    | 'EMAIL_SIGNIN'
    | 'VERIFY_AND_CHANGE_EMAIL'
    | 'REVERT_SECOND_FACTOR_ADDITION';
  email: string | null;
}

/** The identity functions of PRODUCT.md §4, over the Firebase web SDK. */
export interface IdentityService {
  /** Resolves once the initial sign-in state is known. */
  ready(): Promise<void>;
  /** Waits for the initial state, then reports whether a user is signed in. */
  isSignedIn(): Promise<boolean>;
  /**
   * Signs in with the password; for a user with second factors, resolves to the second step,
   * which signs them in once completed.
   */
  signIn(email: string, password: string): Promise<SignInResult>;
  /** The signed-in user's second factors, password change and re-authentication. */
  accountSecurity(): Promise<AccountSecurityService>;
  signOut(): Promise<void>;
  /** Sends the password-reset e-mail; `continueUrl` is where the reset page leads afterwards. */
  sendPasswordReset(email: string, continueUrl?: string): Promise<void>;
  /** Checks a reset code and returns the e-mail it belongs to. */
  verifyPasswordResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  checkActionCode(code: string): Promise<ActionCodeDetails>;
  applyActionCode(code: string): Promise<void>;
  /** The signed-in user's e-mail; throws 'User not authenticated' / 'User email not available'. */
  getEmail(): string;
  /** A fresh ID token (the SDK refreshes it before expiry). */
  getIdToken(): Promise<string>;
  currentUser(): IdentityUser | null;
  /** Called with the user, or null, whenever the sign-in state changes. Returns an unsubscribe. */
  onChange(listener: (user: IdentityUser | null) => void): () => void;
  /**
   * Starts loading the identity SDK (a page that opens signed in works without it until its
   * token needs renewing). Call it once the first page has rendered.
   */
  preload(): void;
}

/** The identity service over the SDK itself (`firebase.ts`). */
export type FirebaseIdentity = Omit<IdentityService, 'preload'>;

/** Said when the identity SDK's code cannot be fetched. */
export const IDENTITY_UNAVAILABLE =
  'The sign-in service could not be loaded. Check your connection, then reload the page.';

/** A stored token is sent as it is only while it has this long to live (the SDK renews at 30 s). */
const TOKEN_MARGIN_MS = 60_000;

/**
 * Creates the identity service. The Firebase SDK loads when first needed: a sign-in, a renewal, a
 * sign-out, or `preload()`. Until then a page that opens signed in knows its user, and sends its
 * calls, from the session the SDK stored (`stored-session.ts`); once loaded, the SDK answers
 * everything.
 */
export function createIdentityService(
  config: PublicConfig,
  appName = '[DEFAULT]',
): IdentityService {
  /** The SDK, once loaded and its first state known. */
  let sdk: FirebaseIdentity | null = null;
  let loading: Promise<FirebaseIdentity> | null = null;
  /** What is known before the SDK: undefined until told. */
  let early: { user: IdentityUser | null; session?: StoredSession } | undefined;
  const listeners = new Set<(user: IdentityUser | null) => void>();
  /** The user last told to the listeners (their e-mail, or null); undefined before the first. */
  let told: string | null | undefined;
  const tell = (user: IdentityUser | null) => {
    const key = user ? user.email : null;
    if (key === told) return;
    told = key;
    for (const listener of [...listeners]) listener(user);
  };

  const load = (): Promise<FirebaseIdentity> =>
    (loading ??= (async () => {
      try {
        const { createFirebaseIdentity } = await import('./firebase.ts');
        const loaded = createFirebaseIdentity(config, appName);
        await loaded.ready();
        sdk = loaded;
        loaded.onChange(tell);
        return loaded;
      } catch (error) {
        loading = null;
        // Nothing tells who is signed in: the sign-in page shows (and says why it cannot sign in).
        if (told === undefined) tell(null);
        console.error(IDENTITY_UNAVAILABLE, error);
        throw new IdentityError(IDENTITY_UNAVAILABLE, 'sdk-unavailable');
      }
    })());

  const stored = readStoredSession(config.firebase.apiKey, appName).then((session) => {
    if (sdk || session === undefined) {
      void load().catch(() => undefined);
      return;
    }
    early = session ? { user: { email: session.email }, session } : { user: null };
    tell(early.user);
  });

  const viaSdk = async <T>(work: (loaded: FirebaseIdentity) => Promise<T>): Promise<T> =>
    work(await load());

  const ready = async () => {
    await stored;
    if (!sdk && !early) await load();
  };

  const currentUser = (): IdentityUser | null => (sdk ? sdk.currentUser() : (early?.user ?? null));

  return {
    ready,
    isSignedIn: async () => {
      await ready();
      return currentUser() !== null;
    },
    signIn: (email, password) => viaSdk((loaded) => loaded.signIn(email, password)),
    accountSecurity: () => viaSdk((loaded) => loaded.accountSecurity()),
    signOut: () => viaSdk((loaded) => loaded.signOut()),
    sendPasswordReset: (email, continueUrl) =>
      viaSdk((loaded) => loaded.sendPasswordReset(email, continueUrl)),
    verifyPasswordResetCode: (code) => viaSdk((loaded) => loaded.verifyPasswordResetCode(code)),
    confirmPasswordReset: (code, newPassword) =>
      viaSdk((loaded) => loaded.confirmPasswordReset(code, newPassword)),
    checkActionCode: (code) => viaSdk((loaded) => loaded.checkActionCode(code)),
    applyActionCode: (code) => viaSdk((loaded) => loaded.applyActionCode(code)),
    getEmail: () => {
      if (sdk) return sdk.getEmail();
      if (early?.user) return early.user.email;
      throw new IdentityError(IDENTITY_MESSAGES.notAuthenticated, 'not-authenticated');
    },
    getIdToken: async () => {
      if (!sdk) {
        await stored;
        const session = early?.session;
        if (!sdk && session && session.expiresAt - Date.now() > TOKEN_MARGIN_MS)
          return session.accessToken;
      }
      return viaSdk((loaded) => loaded.getIdToken());
    },
    currentUser,
    onChange: (listener) => {
      listeners.add(listener);
      if (told !== undefined) listener(currentUser());
      return () => listeners.delete(listener);
    },
    preload: () => void load().catch(() => undefined),
  };
}
