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
import type { ActionCodeDetails, FirebaseIdentity, IdentityUser } from './service.ts';

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

/** The second-factor code, loaded when a sign-in needs it or the account page opens. */
const secondFactorModule = () => import('./second-factor.ts');

/**
 * The identity service over the Firebase web SDK; talks to the Auth emulator when the config names
 * one. Loaded by `createIdentityService` when it is first needed, not with the first page.
 */
export function createFirebaseIdentity(
  config: PublicConfig,
  appName = '[DEFAULT]',
): FirebaseIdentity {
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
