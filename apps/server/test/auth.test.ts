import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { INVALID_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE } from '../src/plugins/auth.ts';
import { testApp } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn, signUp, uniqueEmail } from './helpers/identity.ts';

describe.each(databaseKinds())('authentication on $kind', ({ kind, open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db);
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('answers health without a token', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers the public configuration without a token', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/config' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-portal.firebaseapp.com',
        projectId: 'demo-portal',
      },
      authEmulatorUrl: `http://${inject('authEmulatorHost')}`,
      // The emulator has no time-based codes.
      totp: false,
    });
  });

  it('refuses a request without a bearer token', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/services/user/acme@portal.test' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: MISSING_TOKEN_MESSAGE });
  });

  it('refuses another kind of authorization', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/services/user/acme@portal.test',
      headers: { authorization: 'Basic YWNtZTpwYXNz' },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: MISSING_TOKEN_MESSAGE });
  });

  it('refuses a token that is not a valid ID token', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/services/user/acme@portal.test',
      headers: bearer('not.a.token'),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: INVALID_TOKEN_MESSAGE });
  });

  it('refuses an ID token for another project', async () => {
    // An unsigned emulator-style token whose audience is not demo-portal.
    const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${segment({ alg: 'none', typ: 'JWT' })}.${segment({
      iss: 'https://securetoken.google.com/other-project',
      aud: 'other-project',
      sub: 'someone',
      iat: now,
      exp: now + 3600,
      auth_time: now,
    })}.`;
    const reply = await app.inject({
      method: 'GET',
      url: '/api/services/user/someone@example.test',
      headers: bearer(token),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ message: INVALID_TOKEN_MESSAGE });
  });

  it('lets a real ID token through, also for an identity without a portal user', async () => {
    const email = uniqueEmail('signed-up');
    const token = await signUp(email);
    const reply = await app.inject({
      method: 'GET',
      url: `/api/services/user/${email}`,
      headers: bearer(token),
    });
    // Past authentication; there is just no portal user for this identity.
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: `No user with e-mail ${email}.` });
  });

  it('lets a demo account through', async () => {
    const token = await signIn('acme@portal.test', DEMO_PASSWORD);
    const reply = await app.inject({
      method: 'GET',
      url: '/api/services/user/acme@portal.test',
      headers: { authorization: `bearer  ${token}` },
    });
    expect(reply.statusCode).toBe(200);
  });
});
