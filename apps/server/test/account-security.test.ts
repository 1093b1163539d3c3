import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from '../src/plugins/auth.ts';
import { ADMIN_ONLY_MESSAGE } from '../src/areas/account/security.ts';
import { testApp } from './helpers/app.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import { bearer, signIn, signUp, uniqueEmail } from './helpers/identity.ts';
import { enrolPhone, signInWithPhone } from './helpers/second-factor.ts';

const PASSWORD = 'Test-pass-2026';

describe.each(databaseKinds())('second-factor security on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin = '';
  let acme = '';
  // A user of their own (the emulator is shared by every test file), in Globex's tenant.
  const email = uniqueEmail('mfa');
  let passwordOnly = '';

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object });
  const setPolicy = (cdbId: string, required: unknown, token = admin) =>
    call('PUT', `/api/admin/tenants/${cdbId}/second-factor`, token, {
      require_second_factor: required,
    });

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    app = await testApp(test.db);
    [admin, acme, passwordOnly] = await Promise.all([
      signIn('admin@portal.test', DEMO_PASSWORD),
      signIn('acme@portal.test', DEMO_PASSWORD),
      signUp(email, PASSWORD),
    ]);
    await test.db.query(
      `insert into users (email, tenant_id, role_id)
       select $1, t.id, r.id from tenants t, roles r where t.cdb_id = 'UZZ100002' and r.name = 'Viewer'`,
      [email],
    );
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('tells a user what their tenant requires and what their sign-in used', async () => {
    const reply = await call('GET', '/api/account/security', acme);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      data: { second_factor_required: false, signed_in_with_second_factor: null },
    });
    expect((await call('GET', '/api/account/security')).statusCode).toBe(401);
  });

  it('lists every tenant’s policy to the built-in administrator only', async () => {
    const reply = await call('GET', '/api/admin/tenants/second-factor', admin);
    expect(reply.statusCode).toBe(200);
    const policies = reply.json<{ data: { cdb_id: string; require_second_factor: boolean }[] }>()
      .data;
    expect(policies.find((p) => p.cdb_id === 'UZZ100001')).toMatchObject({
      require_second_factor: false,
    });
    const refused = await call('GET', '/api/admin/tenants/second-factor', acme);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ADMIN_ONLY_MESSAGE });
    expect((await call('GET', '/api/admin/tenants/second-factor')).statusCode).toBe(401);
  });

  it('refuses a bad policy change with the field named, and unknown tenants and other callers', async () => {
    const bad = await setPolicy('UZZ100002', 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'require_second_factor' });
    const badTenant = await setPolicy('acme', true);
    expect(badTenant.statusCode).toBe(400);
    expect(badTenant.json()).toMatchObject({ field: 'cdb_id' });
    expect((await setPolicy('UZZ123456', true)).statusCode).toBe(404);
    expect((await setPolicy('UZZ100002', true, acme)).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/api/admin/tenants/UZZ100002/second-factor', undefined, {
          require_second_factor: true,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a password-only sign-in of a tenant that requires a second factor, with a sentence', async () => {
    const set = await setPolicy('UZZ100002', true);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      data: { cdb_id: 'UZZ100002', name: 'Globex Retail', require_second_factor: true },
    });
    const refused = await call('GET', '/api/services/eseries', passwordOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SECOND_FACTOR_REQUIRED_MESSAGE });
    // …but they can learn why, to enrol one.
    const status = await call('GET', '/api/account/security', passwordOnly);
    expect(status.json()).toEqual({
      data: { second_factor_required: true, signed_in_with_second_factor: null },
    });
    // Other tenants are not affected.
    expect((await call('GET', '/api/services/eseries', acme)).statusCode).toBe(200);
    // The change is in the audit log.
    const [row] = await test.db.query<{ result: string; actor_email: string }>(
      `select result, actor_email from audit_log where action = 'tenant.second-factor-policy'
        order by id desc limit 1`,
    );
    expect(row).toEqual({ result: 'success', actor_email: 'admin@portal.test' });
  });

  it('lets in the same user once they sign in with a second factor', async () => {
    await setPolicy('UZZ100002', true);
    await enrolPhone(email);
    const token = await signInWithPhone(email, PASSWORD);
    expect((await call('GET', '/api/services/eseries', token)).statusCode).toBe(200);
    const status = await call('GET', '/api/account/security', token);
    expect(status.json()).toEqual({
      data: { second_factor_required: true, signed_in_with_second_factor: 'phone' },
    });
    // Lifting the policy lets password-only tokens in again at once.
    expect((await setPolicy('UZZ100002', false)).statusCode).toBe(200);
    expect((await call('GET', '/api/services/eseries', passwordOnly)).statusCode).toBe(200);
  });
});
