import { createHash } from 'node:crypto';
import { rememberBounded } from './platform/bounded-map.ts';

/** What the server reads from a verified Firebase ID token. */
export interface VerifiedToken {
  uid: string;
  email?: string;
  email_verified?: boolean;
  /** Firebase's own claims: `sign_in_second_factor` is `phone` or `totp` after a second step. */
  firebase?: { sign_in_second_factor?: string };
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** When the user signed in (seconds since the epoch); the same for every refreshed token. */
  auth_time?: number;
}

/** Verifies Firebase ID tokens: firebase-admin's `getAuth()` in production. */
export interface TokenVerifier {
  /** With `checkRevoked`, also asks the identity service whether the user is disabled, deleted or signed out. */
  verifyIdToken(token: string, checkRevoked?: boolean): Promise<VerifiedToken>;
}

/** Who a verified bearer token says the caller is. */
export interface Identity {
  uid: string;
  /** Lower-case; null for identities without an e-mail. */
  email: string | null;
  /** When this session signed in (seconds since the epoch), if the token says. */
  authTime?: number;
  /** The second factor this sign-in used (`phone`, `totp`), or null after a password alone. */
  secondFactor: string | null;
}

/** The token is genuine, but the user was disabled, deleted or signed out everywhere. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

// firebase-admin's answers when `checkRevoked` finds the session over.
const SESSION_ENDED_CODES = new Set([
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

type Outcome = { ok: true; token: VerifiedToken } | { ok: false; error: unknown };

interface Entry {
  outcome: Promise<Outcome>;
  /** Until when (ms since the epoch) the outcome may be reused. */
  until: number;
}

/**
 * Verifies tokens with the revocation check, remembering each answer for at most `windowMs`
 * (and never past the token's expiry), keyed by a SHA-256 of the token: one RS256 verification and
 * one call to the identity service per token and window instead of per request. Concurrent
 * requests with one token share one verification. A user whose session ended is refused again
 * within `windowMs`.
 */
export class CachingTokenVerifier {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  /** Resolves to the verified token; rejects with SessionEndedError or the verifier's error. */
  async verify(token: string): Promise<VerifiedToken> {
    const key = createHash('sha256').update(token).digest('base64url');
    const now = this.now();
    let entry = this.#entries.get(key);
    if (!entry || entry.until <= now) {
      if (entry) this.#entries.delete(key);
      entry = { outcome: this.#check(token), until: now + this.windowMs };
      if (this.windowMs > 0) rememberBounded(this.#entries, this.maxEntries, key, entry, now);
    }
    const outcome = await entry.outcome;
    if (outcome.ok) {
      // Never trust a token past its expiry, whatever the window says.
      if (outcome.token.exp * 1000 <= this.now()) {
        this.#entries.delete(key);
        throw new Error('The ID token has expired.');
      }
      entry.until = Math.min(entry.until, outcome.token.exp * 1000);
      return outcome.token;
    }
    // Only the identity service's verdicts are kept; a malformed token costs no network call
    // anyway, and a network failure should be retried.
    if (!(outcome.error instanceof SessionEndedError)) this.#entries.delete(key);
    throw outcome.error;
  }

  async #check(token: string): Promise<Outcome> {
    try {
      return { ok: true, token: await this.verifier.verifyIdToken(token, true) };
    } catch (error) {
      const code = codeOf(error);
      if (typeof code === 'string' && SESSION_ENDED_CODES.has(code)) {
        return { ok: false, error: new SessionEndedError(code, { cause: error }) };
      }
      return { ok: false, error };
    }
  }
}
