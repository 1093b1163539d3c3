import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  browserLocalPersistence,
  browserSessionPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import type { PublicConfig } from '../contract/config.ts';
import { IDENTITY_MESSAGES, IdentityError, toIdentityError } from './errors.ts';
import type { AccountSecurityService, SignInResult } from './second-factor-types.ts';

/** The second-factor code, loaded when a sign-in needs it or the account page opens. */
const secondFactorModule = () => import('./second-factor.ts');

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
}

const isSecondStepError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === 'auth/multi-factor-auth-required';

const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw toIdentityError(error);
  }
};

/** Creates the identity service; talks to the Auth emulator when the config names one. */
export function createIdentityService(
  config: PublicConfig,
  appName = '[DEFAULT]',
): IdentityService {
  const app: FirebaseApp = initializeApp(config.firebase, appName);
  // initializeAuth with explicit persistence (IndexedDB, then local, then session storage, the
  // specification's order) and no popup/redirect resolver: e-mail sign-in needs none, and leaving
  // it out keeps the sign-in page's download small.
  const auth: Auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (config.authEmulatorUrl)
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  const toUser = (): IdentityUser | null => {
    const user = auth.currentUser;
    return user ? { email: user.email ?? '' } : null;
  };

  return {
    ready: () => auth.authStateReady(),
    isSignedIn: async () => {
      await auth.authStateReady();
      return auth.currentUser !== null;
    },
    signIn: async (email, password) => {
      try {
        await signInWithEmailAndPassword(auth, email.trim(), password);
        return { secondFactor: null };
      } catch (error) {
        if (!isSecondStepError(error)) throw toIdentityError(error);
        const { secondStepOrThrow } = await secondFactorModule();
        return { secondFactor: secondStepOrThrow(auth, error) };
      }
    },
    accountSecurity: async () => (await secondFactorModule()).createAccountSecurity(auth),
    signOut: () => wrap(() => signOut(auth)),
    sendPasswordReset: (email, continueUrl) =>
      wrap(() =>
        sendPasswordResetEmail(auth, email.trim(), continueUrl ? { url: continueUrl } : undefined),
      ),
    verifyPasswordResetCode: (code) => wrap(() => verifyPasswordResetCode(auth, code)),
    confirmPasswordReset: (code, newPassword) =>
      wrap(() => confirmPasswordReset(auth, code, newPassword)),
    checkActionCode: (code) =>
      wrap(async () => {
        const info = await checkActionCode(auth, code);
        return {
          operation: info.operation as ActionCodeDetails['operation'],
          email: info.data.email ?? null,
        };
      }),
    applyActionCode: (code) => wrap(() => applyActionCode(auth, code)),
    getEmail: () => {
      const user = auth.currentUser;
      if (!user) throw new IdentityError(IDENTITY_MESSAGES.notAuthenticated, 'not-authenticated');
      if (!user.email)
        throw new IdentityError(IDENTITY_MESSAGES.emailUnavailable, 'email-unavailable');
      return user.email;
    },
    getIdToken: async () => {
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) throw new IdentityError(IDENTITY_MESSAGES.notAuthenticated, 'not-authenticated');
      return wrap(() => user.getIdToken());
    },
    currentUser: toUser,
    onChange: (listener) => onAuthStateChanged(auth, () => listener(toUser())),
  };
}
