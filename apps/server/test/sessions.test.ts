import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import type { TokenVerifier } from '../src/identity.ts';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  INVALID_TOKEN_MESSAGE,
  SESSION_ENDED_MESSAGE,
} from '../src/plugins/auth.ts';
import { testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import {
  bearer,
  emulatorAdmin,
  emulatorVerifier,
  signIn,
  signUp,
  signUpUnverified,
  uniqueEmail,
} from './helpers/identity.ts';

const PASSWORD = 'Test-pass-2026';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The emulator's verifier, counting the calls that reach it. */
function countingVerifier(): TokenVerifier & { calls: Array<boolean | undefined> } {
  const inner = emulatorVerifier();
  const calls: Array<boolean | undefined> = [];
  return {
    calls,
    verifyIdToken(token, checkRevoked) {
      calls.push(checkRevoked);
      return inner.verifyIdToken(token, checkRevoked);
    },
  };
}

describe.each(databaseKinds())('sessions on $kind', ({ open }) => {
  let test: TestDatabase;
  // Revocation is checked again after 1 s here; 60 s by default.
  let quick: FastifyInstance;
  let quickVerifier: ReturnType<typeof countingVerifier>;
  // The default window of 60 s.
  let cached: FastifyInstance;
  let cachedVerifier: ReturnType<typeof countingVerifier>;

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    quickVerifier = countingVerifier();
    quick = await buildApp({
      config: testConfig({ AUTH_REVOCATION_CHECK_SECONDS: '1' }),
      db: test.db,
      auth: quickVerifier,
    });
    cachedVerifier = countingVerifier();
    cached = await buildApp({ config: testConfig(), db: test.db, auth: cachedVerifier });
  });
  afterAll(async () => {
    await quick?.close();
    await cached?.close();
    await test?.dispose();
  });

  // Past authentication, a signed-in identity without a portal user gets 404 for its own user.
  const me = (app: FastifyInstance, email: string, token: string) =>
    app.inject({ method: 'GET', url: `/api/services/user/${email}`, headers: bearer(token) });

  async function signedIn() {
    const email = uniqueEmail('session');
    const token = await signUp(email, PASSWORD);
    const { uid } = await emulatorAdmin().getUserByEmail(email);
    expect((await me(quick, email, token)).statusCode).toBe(404);
    return { email, token, uid };
  }

  it('checks revocation, once per token and window', async () => {
    const email = uniqueEmail('cache');
    const token = await signUp(email, PASSWORD);
    const before = cachedVerifier.calls.length;
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => me(cached, email, token)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await me(cached, email, token)).statusCode).toBe(404);
    expect(cachedVerifier.calls.slice(before)).toEqual([true]);
  });

  it('ends the session of a user whose refresh tokens were revoked', async () => {
    const { email, token, uid } = await signedIn();
    expect((await me(cached, email, token)).statusCode).toBe(404);
    // Revocation counts from the next whole second after the token's auth_time.
    await sleep(1100);
    await emulatorAdmin().revokeRefreshTokens(uid);
    // Within the window the cached answer still stands; the default window is 60 s.
    expect((await me(cached, email, token)).statusCode).toBe(404);
    await sleep(1100);
    const reply = await me(quick, email, token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: SESSION_ENDED_MESSAGE });
    // A new sign-in works again.
    expect((await me(quick, email, await signIn(email, PASSWORD))).statusCode).toBe(404);
  });

  it('ends the session of a disabled user', async () => {
    const { email, token, uid } = await signedIn();
    await emulatorAdmin().updateUser(uid, { disabled: true });
    await sleep(1100);
    const reply = await me(quick, email, token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: SESSION_ENDED_MESSAGE });
  });

  it('ends the session of a deleted user', async () => {
    const { email, token, uid } = await signedIn();
    await emulatorAdmin().deleteUser(uid);
    await sleep(1100);
    const reply = await me(quick, email, token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: SESSION_ENDED_MESSAGE });
  });

  it('still calls a forged token invalid', async () => {
    const reply = await me(quick, 'x@example.test', 'a.b.c');
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: INVALID_TOKEN_MESSAGE });
  });

  it('asks for a verified e-mail address first', async () => {
    const email = uniqueEmail('unverified');
    const token = await signUpUnverified(email);
    const reply = await me(quick, email, token);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ message: EMAIL_NOT_VERIFIED_MESSAGE });
    expect(EMAIL_NOT_VERIFIED_MESSAGE).toMatch(/^Verify your e-mail address first/);
  });
});
