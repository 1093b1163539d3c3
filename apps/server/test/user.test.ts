import { permissionsOnAllAreas } from '@portal/api/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { invalidateAllPrincipals } from '../src/plugins/principal-cache.ts';
import { testApp } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn } from './helpers/identity.ts';

const FORBIDDEN = { message: 'You may only read your own user record.' };

describe.each(databaseKinds())('GET /api/services/user/:email on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<'admin' | 'provider' | 'acme' | 'globex', string> = {
    admin: '',
    provider: '',
    acme: '',
    globex: '',
  };
  const get = (as: keyof typeof tokens, email: string) =>
    app.inject({
      method: 'GET',
      url: `/api/services/user/${encodeURIComponent(email)}`,
      headers: bearer(tokens[as]),
    });

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db);
    await Promise.all(
      (Object.keys(tokens) as (keyof typeof tokens)[]).map(async (name) => {
        tokens[name] = await signIn(`${name}@portal.test`, DEMO_PASSWORD);
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('answers your own record in the data envelope', async () => {
    const reply = await get('acme', 'acme@portal.test');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      data: {
        email: 'acme@portal.test',
        tenant: { cdb_id: 'UZZ100001', name: 'Acme Manufacturing' },
        role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
      },
    });
  });

  it('compares e-mails without regard to case', async () => {
    const reply = await get('globex', 'GLOBEX@Portal.Test');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      data: {
        email: 'globex@portal.test',
        tenant: { cdb_id: 'UZZ100002', name: 'Globex Retail' },
        role: { name: 'Viewer', builtin: false, permissions: permissionsOnAllAreas('read') },
      },
    });
  });

  it("refuses another user's record to a non-administrator", async () => {
    const reply = await get('acme', 'globex@portal.test');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual(FORBIDDEN);
  });

  it('refuses it to a super-tenant user who is not the administrator', async () => {
    const reply = await get('provider', 'acme@portal.test');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual(FORBIDDEN);
  });

  it('does not tell a non-administrator whether an e-mail exists', async () => {
    const reply = await get('acme', 'nobody@portal.test');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual(FORBIDDEN);
  });

  it("lets the built-in administrator read anybody's record", async () => {
    const reply = await get('admin', 'Globex@portal.test');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      data: {
        email: 'globex@portal.test',
        tenant: { cdb_id: 'UZZ100002', name: 'Globex Retail' },
        role: { name: 'Viewer', builtin: false, permissions: permissionsOnAllAreas('read') },
      },
    });
  });

  it("gives the built-in administrator's reply manage on every area", async () => {
    const reply = await get('admin', 'admin@portal.test');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.role).toEqual({
      name: 'Administrator',
      builtin: true,
      permissions: permissionsOnAllAreas('manage'),
    });
  });

  it('answers 404 for an unknown e-mail', async () => {
    const reply = await get('admin', 'nobody@portal.test');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'No user with e-mail nobody@portal.test.' });
  });

  it('answers 400 naming the field for something that is not an e-mail', async () => {
    const reply = await get('admin', 'not-an-email');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: 'email: must be an e-mail address', field: 'email' });
  });

  it('stops treating a role as the administrator once it is no longer built in', async () => {
    await test.db.query("update roles set builtin = false where name = 'Administrator'");
    invalidateAllPrincipals();
    try {
      const reply = await get('admin', 'acme@portal.test');
      expect(reply.statusCode).toBe(403);
    } finally {
      await test.db.query("update roles set builtin = true where name = 'Administrator'");
      invalidateAllPrincipals();
    }
  });
});
