import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import type { UserRecord } from '../src/db/users.ts';
import { NO_PORTAL_USER_MESSAGE } from '../src/plugins/access.ts';
import {
  PrincipalCache,
  invalidateAllPrincipals,
  invalidatePrincipal,
} from '../src/plugins/principal-cache.ts';
import { testApp, testConfig } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const user = (email: string, role = 'Operator'): UserRecord => ({
  id: 1,
  email,
  displayName: email,
  createdAt: new Date(0),
  tenant: {
    id: 1,
    cdb_id: 'UZZ100001',
    name: 'Acme',
    kind: 'customer',
    requireSecondFactor: false,
  },
  role: { id: 1, name: role, builtin: false, permissions: {} },
});

describe('PrincipalCache', () => {
  function fixture(windowMs = 5000, maxEntries = 50_000) {
    let now = 1_000_000;
    const calls: string[] = [];
    let role = 'Operator';
    let fail = false;
    const cache = new PrincipalCache(
      async (email) => {
        calls.push(email);
        await sleep(5);
        if (fail) throw new Error('database down');
        return email.startsWith('nobody') ? null : user(email, role);
      },
      windowMs,
      () => now,
      maxEntries,
    );
    return {
      cache,
      calls,
      advance: (ms: number) => (now += ms),
      setRole: (next: string) => (role = next),
      setFail: (next: boolean) => (fail = next),
    };
  }

  it('shares one look-up among concurrent requests of a user', async () => {
    const { cache, calls } = fixture();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cache.get('a@x.test')));
    expect(answers.map((answer) => answer?.email)).toEqual(Array(5).fill('a@x.test'));
    expect(calls).toEqual(['a@x.test']);
  });

  it('asks again once the window has passed, and per user', async () => {
    const { cache, calls, advance, setRole } = fixture(5000);
    expect((await cache.get('a@x.test'))?.role.name).toBe('Operator');
    setRole('Viewer');
    advance(4999);
    expect((await cache.get('a@x.test'))?.role.name).toBe('Operator');
    expect(await cache.get('nobody@x.test')).toBeNull();
    advance(1);
    expect((await cache.get('a@x.test'))?.role.name).toBe('Viewer');
    expect(calls).toEqual(['a@x.test', 'nobody@x.test', 'a@x.test']);
  });

  it('forgets a user, or everyone, when invalidated', async () => {
    const { cache, calls, setRole } = fixture();
    cache.open();
    try {
      await cache.get('a@x.test');
      await cache.get('b@x.test');
      setRole('Viewer');
      invalidatePrincipal('A@X.test');
      expect((await cache.get('a@x.test'))?.role.name).toBe('Viewer');
      expect((await cache.get('b@x.test'))?.role.name).toBe('Operator');
      invalidateAllPrincipals();
      expect((await cache.get('b@x.test'))?.role.name).toBe('Viewer');
      expect(calls).toEqual(['a@x.test', 'b@x.test', 'a@x.test', 'b@x.test']);
    } finally {
      cache.close();
    }
    // A closed cache is no longer reached, and holds nothing.
    await cache.get('a@x.test');
    invalidatePrincipal('a@x.test');
    expect(cache.size).toBe(1);
  });

  it('does not keep a failed look-up', async () => {
    const { cache, calls, setFail } = fixture();
    setFail(true);
    await expect(cache.get('a@x.test')).rejects.toThrow('database down');
    setFail(false);
    expect((await cache.get('a@x.test'))?.email).toBe('a@x.test');
    expect(calls).toEqual(['a@x.test', 'a@x.test']);
  });

  it('does not cache with a window of 0', async () => {
    const { cache, calls } = fixture(0);
    await cache.get('a@x.test');
    await cache.get('a@x.test');
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('stays bounded', async () => {
    const { cache } = fixture(5000, 10);
    for (let i = 0; i < 25; i++) await cache.get(`u${i}@x.test`);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('reads AUTH_PRINCIPAL_CACHE_SECONDS: 5 by default, 0 to 60', () => {
    expect(loadConfig({}).principalCacheSeconds).toBe(5);
    expect(loadConfig({ AUTH_PRINCIPAL_CACHE_SECONDS: '0.5' }).principalCacheSeconds).toBe(0.5);
    expect(() => loadConfig({ AUTH_PRINCIPAL_CACHE_SECONDS: '61' })).toThrow(
      'AUTH_PRINCIPAL_CACHE_SECONDS must be a number from 0 to 60, not "61".',
    );
  });
});

/** The database, counting the user look-ups that reach it. */
function countingUsers(db: Database): Database & { lookUps: () => number } {
  let lookUps = 0;
  return {
    kind: db.kind,
    query(sql, params) {
      if (/from users u\s/.test(sql)) lookUps++;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    lookUps: () => lookUps,
  };
}

describe.each(databaseKinds())('the principal cache on $kind', ({ open }) => {
  let test: TestDatabase;
  let db: ReturnType<typeof countingUsers>;
  let app: FastifyInstance;
  // Without the cache's window: every change shows after 300 ms.
  let brief: FastifyInstance;
  let acme = '';

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    db = countingUsers(test.db);
    app = await testApp(db);
    brief = await testApp(test.db, {
      config: testConfig({ AUTH_PRINCIPAL_CACHE_SECONDS: '0.3' }),
    });
    acme = await signIn('acme@portal.test', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await brief?.close();
    await test?.dispose();
  });

  const me = (server: FastifyInstance) =>
    server.inject({
      method: 'GET',
      url: '/api/services/user/acme@portal.test',
      headers: bearer(acme),
    });
  const roleOf = async (server: FastifyInstance) => {
    const reply = await me(server);
    return reply.statusCode === 200
      ? reply.json<{ data: { role: { name: string } } }>().data.role.name
      : reply.statusCode;
  };
  const setRole = (role: string) =>
    test.db.query(
      `update users set role_id = (select id from roles where name = $1)
        where email = 'acme@portal.test'`,
      [role],
    );

  it('looks a user up once for a burst of parallel requests', async () => {
    invalidatePrincipal('acme@portal.test');
    const before = db.lookUps();
    const replies = await Promise.all(Array.from({ length: 20 }, () => me(app)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(20).fill(200));
    expect((await me(app)).statusCode).toBe(200);
    expect(db.lookUps() - before).toBe(1);
  });

  it('applies a change at once when the user is invalidated', async () => {
    expect(await roleOf(app)).toBe('Operator');
    await setRole('Viewer');
    try {
      // Within the window the remembered role stands (5 s by default)…
      expect(await roleOf(app)).toBe('Operator');
      // …until an administrator's change says otherwise.
      invalidatePrincipal('ACME@portal.test');
      expect(await roleOf(app)).toBe('Viewer');
      // A Viewer may not change compute.
      const reply = await app.inject({
        method: 'POST',
        url: '/api/services/eseries/1/power_state',
        payload: { state: 'on' },
        headers: bearer(acme),
      });
      expect(reply.statusCode).toBe(403);
    } finally {
      await setRole('Operator');
      invalidatePrincipal('acme@portal.test');
    }
    expect(await roleOf(app)).toBe('Operator');
  });

  it('applies a change within the window without being told', async () => {
    expect(await roleOf(brief)).toBe('Operator');
    await setRole('Viewer');
    try {
      await sleep(350);
      expect(await roleOf(brief)).toBe('Viewer');
    } finally {
      await setRole('Operator');
    }
    await sleep(350);
    expect(await roleOf(brief)).toBe('Operator');
  });

  it('refuses a deleted portal user once invalidated', async () => {
    const email = 'globex@portal.test';
    const token = await signIn(email, DEMO_PASSWORD);
    const list = () =>
      app.inject({ method: 'GET', url: '/api/services/eseries', headers: bearer(token) });
    expect((await list()).statusCode).toBe(200);
    await test.db.query('delete from users where email = $1', [email]);
    invalidatePrincipal(email);
    const reply = await list();
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ message: NO_PORTAL_USER_MESSAGE });
  });
});
