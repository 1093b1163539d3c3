import { randomBytes } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { inject } from 'vitest';
import type { TokenVerifier } from '../../src/identity.ts';

const API_KEY = 'demo-api-key';

interface TokenReply {
  idToken?: string;
  error?: { message: string };
}

async function identityToolkit(method: string, body: Record<string, unknown>): Promise<string> {
  const url = `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const reply = (await response.json()) as TokenReply;
  if (!reply.idToken)
    throw new Error(`accounts:${method} failed: ${reply.error?.message ?? response.status}`);
  return reply.idToken;
}

/** A real ID token from the emulator for an existing account. */
export const signIn = (email: string, password: string) =>
  identityToolkit('signInWithPassword', { email, password });

let admin: Auth | undefined;

/** firebase-admin on the emulator, for managing test accounts. */
export function emulatorAdmin(): Auth {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
  admin ??= getAuth(
    initializeApp({ projectId: 'demo-portal' }, `test-admin-${randomBytes(4).toString('hex')}`),
  );
  return admin;
}

/**
 * Creates an account with a verified e-mail address in the emulator, as an administrator would,
 * and returns its ID token.
 */
export async function signUp(email: string, password = 'Test-pass-2026'): Promise<string> {
  await emulatorAdmin().createUser({ email, password, emailVerified: true });
  return signIn(email, password);
}

/** Signs up through the public API, as anyone can: the e-mail address is not verified. */
export const signUpUnverified = (email: string, password = 'Test-pass-2026') =>
  identityToolkit('signUp', { email, password });

/** An e-mail nobody else in this test run uses (the emulator is shared by all test files). */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

/** firebase-admin's verifier against the emulator, as the server uses it. */
export function emulatorVerifier(): TokenVerifier {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
  const app = initializeApp(
    { projectId: 'demo-portal' },
    `server-test-${randomBytes(4).toString('hex')}`,
  );
  return getAuth(app);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
