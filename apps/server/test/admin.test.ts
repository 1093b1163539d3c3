import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../scripts/lib/mail-catcher.mjs';
import { buildApp } from '../src/app.ts';
import type { IdentityAdmin } from '../src/identity-admin.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/demo.ts';
import { migrate } from '../src/db/migrate.ts';
import { testConfig } from './helpers/app.ts';
import { FAST } from './helpers/compute.ts';
import { databaseKinds, type TestDatabase } from './helpers/databases.ts';
import {
  bearer,
  emulatorAdmin,
  emulatorVerifier,
  signIn,
  uniqueEmail,
} from './helpers/identity.ts';

type Who = 'admin' | 'acme' | 'internal' | 'globex';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every administrator-only route with a good input. */
const ADMIN_ROUTES: readonly [Method, string, unknown?][] = [
  ['GET', '/admin/users?limit=2'],
  ['GET', '/admin/users.csv'],
  ['POST', '/admin/users', { email: 'nobody@example.test', tenant: 'UZZ100001', role_id: 2 }],
  ['PATCH', '/admin/users/1', { display_name: 'x' }],
  ['POST', '/admin/users/1/disable'],
  ['POST', '/admin/users/1/enable'],
  ['POST', '/admin/users/1/second-factor-reset'],
  ['POST', '/admin/users/1/invitation'],
  ['DELETE', '/admin/users/1?confirm=x@y'],
  ['GET', '/admin/roles'],
  ['GET', '/admin/roles/1'],
  ['POST', '/admin/roles', { name: 'Nobody', permissions: {} }],
  ['PATCH', '/admin/roles/1', { name: 'x' }],
  ['DELETE', '/admin/roles/1'],
  ['GET', '/admin/log'],
  ['GET', '/admin/log.csv'],
];

/** The password link's code, as the e2e test reads it: from the emulator's out-of-band codes. */
async function oobCodeFor(email: string): Promise<string> {
  const response = await fetch(
    `${inject('authEmulatorUrl')}/emulator/v1/projects/demo-portal/oobCodes`,
  );
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = oobCodes
    .filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')
    .at(-1);
  if (!code) throw new Error(`no password link for ${email}`);
  return code.oobCode;
}

async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  const response = await fetch(
    `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode, newPassword }),
    },
  );
  expect(response.status).toBe(200);
}

const exists = async (email: string) =>
  emulatorAdmin()
    .getUserByEmail(email)
    .then(
      () => true,
      () => false,
    );

describe.each(databaseKinds())('administration on $kind', ({ open }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let catcher: MailCatcher;
  let failLinks = false;
  const tokens: Record<Who, string> = { admin: '', acme: '', internal: '', globex: '' };
  const call = (
    who: Who | null,
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(who ? bearer(tokens[who]) : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const roleId = async (name: string) => {
    const rows = await test.db.query<{ id: number }>('select id from roles where name = $1', [
      name,
    ]);
    return rows[0]?.id ?? 0;
  };
  const invite = async (email = uniqueEmail('invitee'), role = 'Operator') =>
    call('admin', 'POST', '/admin/users', {
      email,
      tenant: 'UZZ100001',
      role_id: await roleId(role),
    });

  beforeAll(async () => {
    test = await open();
    await migrate(test.db);
    await seedDemoData(test.db);
    catcher = await startMailCatcher();
    const identity = emulatorAdmin();
    // The same emulator, but the password link can be made to fail (compensation test).
    const flaky: IdentityAdmin = {
      createUser: (p) => identity.createUser(p),
      getUserByEmail: (e) => identity.getUserByEmail(e),
      updateUser: (uid, p) => identity.updateUser(uid, p),
      deleteUser: (uid) => identity.deleteUser(uid),
      revokeRefreshTokens: (uid) => identity.revokeRefreshTokens(uid),
      generatePasswordResetLink: (e) =>
        failLinks
          ? Promise.reject(new Error('link service down'))
          : identity.generatePasswordResetLink(e),
    };
    app = await buildApp({
      config: testConfig({
        ...FAST,
        AUTH_PRINCIPAL_CACHE_SECONDS: '0',
        SMTP_URL: catcher.smtpUrl,
        PHISHING_DRIVER: 'simulator',
      }),
      db: test.db,
      auth: emulatorVerifier(),
      identityAdmin: flaky,
    });
    await app.ready();
    await Promise.all(
      (Object.keys(tokens) as Who[]).map(async (who) => {
        tokens[who] = await signIn(`${who}@portal.test`, DEMO_PASSWORD);
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await catcher?.stop();
    await test?.dispose();
  });

  it('answers 401 without a token and 403 to anyone but the built-in administrator', async () => {
    for (const [method, url, body] of ADMIN_ROUTES) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call('internal', method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({
        message:
          'Only the built-in administrator may manage users and roles or read the audit log.',
      });
    }
    // The refusals are in the log, with who was refused.
    const log = await call('admin', 'GET', '/admin/log?result=denied&users=internal@portal.test');
    expect(log.json<{ page: { total: number } }>().page.total).toBeGreaterThanOrEqual(
      ADMIN_ROUTES.length,
    );
  });

  it('lists users with filters and pages, names bad fields, and exports CSV', async () => {
    const page = await call('admin', 'GET', '/admin/users?limit=2&tenant=UZZ999999');
    expect(page.statusCode).toBe(200);
    const body = page.json<{
      data: { email: string; state: string }[];
      page: { total: number; next_cursor: string | null };
    }>();
    expect(body.data.map((u) => u.email)).toEqual(['admin@portal.test', 'provider@portal.test']);
    expect(body.page.total).toBe(2);
    expect(body.data[0]?.state).toBe('active');
    const bad = await call('admin', 'GET', '/admin/users?state=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('state');
    const csv = await call('admin', 'GET', '/admin/users.csv?tenant=UZZ100001');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toMatch(/^E-mail,Name,Tenant/);
    expect(csv.body).toContain('acme@portal.test');
    expect(csv.body).not.toContain('globex@portal.test');
  });

  it('invites a user who sets a password through the link, and signs in verified', async () => {
    const email = uniqueEmail('invitee');
    const reply = await invite(email);
    expect(reply.statusCode).toBe(201);
    const { user, invite_link } = reply.json<{
      data: { user: { id: number; state: string }; invite_link: string };
    }>().data;
    expect(user.state).toBe('invited');
    expect(await exists(email)).toBe(true);
    // The link opens the portal's own action page with the identity service's one-time code.
    const code = await oobCodeFor(email);
    const link = new URL(invite_link);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost/auth/action');
    expect(Object.fromEntries(link.searchParams)).toEqual({ mode: 'resetPassword', oobCode: code });

    await resetPassword(code, 'Invited-pass-2026');
    const token = await signIn(email, 'Invited-pass-2026');
    const own = await app.inject({
      method: 'GET',
      url: `/api/services/user/${email}`,
      headers: bearer(token),
    });
    expect(own.statusCode).toBe(200);
    const listed = await call('admin', 'GET', `/admin/users?q=${encodeURIComponent(email)}`);
    expect(
      listed.json<{ data: { state: string; last_sign_in: string | null }[] }>().data[0],
    ).toMatchObject({
      state: 'active',
      last_sign_in: expect.any(String),
    });

    // Disabled: the very next call is refused; enabled again, it works.
    expect((await call('admin', 'POST', `/admin/users/${user.id}/disable`)).statusCode).toBe(200);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/services/user/${email}`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(401);
    expect((await call('admin', 'POST', `/admin/users/${user.id}/enable`)).statusCode).toBe(200);
    expect(
      (await call('admin', 'POST', `/admin/users/${user.id}/second-factor-reset`)).statusCode,
    ).toBe(200);

    // Deleting needs the e-mail typed; then both halves are gone.
    const wrong = await call('admin', 'DELETE', `/admin/users/${user.id}?confirm=someone@else`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: `confirm: Type ${email} to confirm.`,
      field: 'confirm',
    });
    expect(
      (await call('admin', 'DELETE', `/admin/users/${user.id}?confirm=${email}`)).statusCode,
    ).toBe(200);
    expect(await exists(email)).toBe(false);
    expect(await test.db.query('select 1 from users where email = $1', [email])).toEqual([]);
  });

  it('e-mails the invitation with the link and who invited them, and audits it', async () => {
    const email = uniqueEmail('mailed');
    const reply = await invite(email);
    expect(reply.statusCode).toBe(201);
    const { invite_link, mail } = reply.json<{
      data: { invite_link: string; mail: { sent: boolean; message: string } };
    }>().data;
    expect(mail).toEqual({ sent: true, message: `The invitation was e-mailed to ${email}.` });
    const message = await catcher.waitForMessage({ to: email });
    expect(message.from).toBe('no-reply@portal.test');
    expect(message.subject).toBe('Ada Admin invited you to Skyport Cloud');
    expect(message.text).toContain('Ada Admin (admin@portal.test) invited you');
    expect(message.text).toContain(invite_link);
    expect(message.text).toContain('as Operator of Acme Manufacturing');
    expect(message.html).toContain('Choose your password');
    const audits = await test.db.query<{ detail: Record<string, unknown> }>(
      `select detail from audit_log where action = 'user.invite' and target = $1`,
      [email],
    );
    expect(audits[0]?.detail).toMatchObject({ mail_sent: true, mail: mail.message });
  });

  it('sends the invitation again with a new link, to invited users only', async () => {
    const email = uniqueEmail('resent');
    const first = (await invite(email)).json<{
      data: { user: { id: number }; invite_link: string };
    }>().data;
    await catcher.waitForMessage({ to: email });
    catcher.clear();

    const again = await call('admin', 'POST', `/admin/users/${first.user.id}/invitation`);
    expect(again.statusCode).toBe(200);
    const data = again.json<{
      data: { user: { email: string }; invite_link: string; mail: { sent: boolean } };
    }>().data;
    expect(data.user.email).toBe(email);
    expect(data.mail.sent).toBe(true);
    expect(data.invite_link).not.toBe(first.invite_link);
    expect((await catcher.waitForMessage({ to: email })).text).toContain(data.invite_link);
    const audits = await test.db.query<{ detail: Record<string, unknown> }>(
      `select detail from audit_log where action = 'user.invite-resend' and target = $1`,
      [`user:${first.user.id}`],
    );
    expect(audits[0]?.detail).toMatchObject({ email, mail_sent: true });

    const bad = await call('admin', 'POST', '/admin/users/abc/invitation');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('id');
    expect((await call('admin', 'POST', '/admin/users/987654/invitation')).statusCode).toBe(404);
    const acmeId = (
      await test.db.query<{ id: number }>(`select id from users where email = 'acme@portal.test'`)
    )[0]?.id;
    const active = await call('admin', 'POST', `/admin/users/${acmeId}/invitation`);
    expect(active.statusCode).toBe(409);
    expect(active.json<{ message: string }>().message).toMatch(/has signed in already/);
    expect(
      (await call('acme', 'POST', `/admin/users/${first.user.id}/invitation`)).statusCode,
    ).toBe(403);
    expect((await call(null, 'POST', `/admin/users/${first.user.id}/invitation`)).statusCode).toBe(
      401,
    );
  });

  it('keeps the invitation when the relay refuses, saying the e-mail did not go', async () => {
    const email = uniqueEmail('unmailed');
    const noRelay = await buildApp({
      config: testConfig({ ...FAST, AUTH_PRINCIPAL_CACHE_SECONDS: '0' }),
      db: test.db,
      auth: emulatorVerifier(),
      identityAdmin: emulatorAdmin(),
      runTasks: false,
    });
    try {
      const reply = await noRelay.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: bearer(tokens.admin),
        payload: { email, tenant: 'UZZ100001', role_id: await roleId('Operator') },
      });
      expect(reply.statusCode).toBe(201);
      expect(reply.json<{ data: { mail: unknown } }>().data.mail).toEqual({
        sent: false,
        message:
          'The invitation could not be e-mailed (No mail relay is configured: set SMTP_URL.) Send them the link yourself.',
      });
    } finally {
      await noRelay.close();
    }
  });

  it('creates both halves of an invitation or neither', async () => {
    const bad = await call('admin', 'POST', '/admin/users', {
      email: 'not-an-email',
      tenant: 'UZZ100001',
      role_id: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('email');
    const noTenant = await call('admin', 'POST', '/admin/users', {
      email: uniqueEmail(),
      tenant: 'UZZ123456',
      role_id: 1,
    });
    expect(noTenant.json()).toEqual({
      message: 'tenant: there is no tenant UZZ123456',
      field: 'tenant',
    });

    // The account exists already: refused, and no portal user is left behind.
    const taken = uniqueEmail('taken');
    await emulatorAdmin().createUser({ email: taken, password: 'Whatever-2026' });
    expect((await invite(taken)).statusCode).toBe(409);
    expect(await test.db.query('select 1 from users where email = $1', [taken])).toEqual([]);

    // The link fails after the account was made: the account is deleted again, no row stays.
    const email = uniqueEmail('half');
    failLinks = true;
    try {
      expect((await invite(email)).statusCode).toBe(500);
    } finally {
      failLinks = false;
    }
    expect(await exists(email)).toBe(false);
    expect(await test.db.query('select 1 from users where email = $1', [email])).toEqual([]);
  });

  it('never leaves the portal without a built-in administrator', async () => {
    const [admin] = await test.db.query<{ id: number }>(
      "select id from users where email = 'admin@portal.test'",
    );
    const demote = await call('admin', 'PATCH', `/admin/users/${admin?.id}`, {
      role_id: await roleId('Viewer'),
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      message: 'The portal needs at least one built-in administrator: this is the last one.',
    });
  });

  it('manages custom roles; built-in ones are read-only; a held role is not deleted', async () => {
    const bad = await call('admin', 'POST', '/admin/roles', { name: '', permissions: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('name');
    const badLevel = await call('admin', 'POST', '/admin/roles', {
      name: 'X',
      permissions: { compute: 'all' },
    });
    expect(badLevel.json<{ field: string }>().field).toBe('permissions.compute');

    const created = await call('admin', 'POST', '/admin/roles', {
      name: 'Compute reader',
      permissions: { compute: 'read' },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json<{ data: { id: number; users: number } }>().data;
    expect(role.users).toBe(0);
    const renamed = await call('admin', 'PATCH', `/admin/roles/${role.id}`, {
      name: 'Compute auditors',
      permissions: { compute: 'read', storage: 'manage' },
    });
    expect(renamed.json<{ data: unknown }>().data).toMatchObject({
      name: 'Compute auditors',
      permissions: { compute: 'read', storage: 'manage' },
    });

    // Given to globex: at once globex may read compute but no longer see storage's neighbours.
    const [globex] = await test.db.query<{ id: number }>(
      "select id from users where email = 'globex@portal.test'",
    );
    const viewer = await roleId('Viewer');
    await call('admin', 'PATCH', `/admin/users/${globex?.id}`, { role_id: role.id });
    expect((await call('globex', 'GET', '/services/dseries')).statusCode).toBe(200);
    const detail = await call('admin', 'GET', `/admin/roles/${role.id}`);
    expect(
      detail.json<{ data: { holders: { email: string }[] } }>().data.holders.map((h) => h.email),
    ).toEqual(['globex@portal.test']);
    const held = await call('admin', 'DELETE', `/admin/roles/${role.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      message: 'Compute auditors is held by 1 user; give that user another role first.',
    });
    await call('admin', 'PATCH', `/admin/users/${globex?.id}`, { role_id: viewer });
    expect((await call('admin', 'DELETE', `/admin/roles/${role.id}`)).statusCode).toBe(200);

    const builtin = await call('admin', 'PATCH', `/admin/roles/${await roleId('Administrator')}`, {
      name: 'Boss',
    });
    expect(builtin.statusCode).toBe(409);
    expect((await call('admin', 'GET', '/admin/roles/abc')).json<{ field: string }>().field).toBe(
      'id',
    );
  });

  it('lets an internal user act for a customer tenant, audited with both, and nobody else', async () => {
    const acting = { 'x-acting-tenant': 'UZZ100001' };
    const own = await call(
      'internal',
      'GET',
      '/services/user/internal@portal.test',
      undefined,
      acting,
    );
    expect(own.json()).toMatchObject({
      data: { tenant: { cdb_id: 'UZZ100001' }, home_tenant: { cdb_id: 'UZZ999997' } },
    });
    const tenants = await call('internal', 'GET', '/admin/tenants');
    expect(
      tenants
        .json<{ data: { cdb_id: string }[] }>()
        .data.map((t) => t.cdb_id)
        .sort(),
    ).toEqual(['UZZ000002', 'UZZ100001', 'UZZ100002']);
    // A change made while acting is acme's, audited with both tenants.
    const vms = await call('internal', 'GET', '/services/eseries', undefined, acting);
    const vm = vms.json<{ data: { id: number }[] }>().data[0];
    expect(vm).toBeDefined();
    const refresh = await call(
      'internal',
      'POST',
      `/services/eseries/${vm?.id}`,
      undefined,
      acting,
    );
    expect(refresh.statusCode).toBe(202);
    const log = await call(
      'admin',
      'GET',
      '/admin/log?users=internal@portal.test&tenant=UZZ100001',
    );
    const entries = log.json<{
      data: { tenant: string; acted_for: string; result: string; action: string }[];
    }>().data;
    expect(entries.find((e) => e.action === 'vm.refresh')).toMatchObject({
      tenant: 'UZZ999997',
      acted_for: 'UZZ100001',
      result: 'success',
    });

    expect(
      (
        await call('acme', 'GET', '/services/eseries', undefined, {
          'x-acting-tenant': 'UZZ100002',
        })
      ).json(),
    ).toEqual({
      message: 'Only provider staff may act for another tenant.',
    });
    const provider = await call('internal', 'GET', '/services/eseries', undefined, {
      'x-acting-tenant': 'UZZ999999',
    });
    expect(provider.statusCode).toBe(403);
    expect(provider.json()).toEqual({ message: 'You may act only for a customer tenant.' });
    expect((await call('acme', 'GET', '/admin/tenants')).json()).toEqual({ data: [] });
  });

  /** How many acting ends internal@portal.test has recorded for UZZ100002. */
  const actingEnds = async () =>
    (
      await test.db.query<{ n: number }>(
        `select count(*)::int as n from audit_log
          where actor_email = 'internal@portal.test' and acting_tenant = 'UZZ100002'
            and action = 'tenant.act_end'`,
      )
    )[0]?.n ?? 0;

  it('records one end of acting however often it is ended (the page ends it as it is left)', async () => {
    const before = await actingEnds();
    const acting = { 'x-acting-tenant': 'UZZ100002' };
    const start = await call('internal', 'POST', '/admin/acting', {
      cdb_id: 'UZZ100002',
      reason: 'Ticket 4713: backup quota',
    });
    expect(start.statusCode).toBe(200);
    // "Back", then the page's own end as it unloads, and one more: one end is recorded.
    const end = (headers: Record<string, string> = {}) =>
      call('internal', 'POST', '/admin/acting/end', { cdb_id: 'UZZ100002' }, headers);
    const first = await end(acting);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { cdb_id: 'UZZ100002', ended: true } });
    const again = await Promise.all([end(acting), end()]);
    for (const reply of again) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ data: { cdb_id: 'UZZ100002', ended: false } });
    }
    expect(await actingEnds()).toBe(before + 1);
    // Not even the generic row of an unaudited change.
    const generic = await test.db.query(
      `select 1 from audit_log where actor_email = 'internal@portal.test'
          and action like 'POST %acting%'`,
    );
    expect(generic).toEqual([]);
    // Two ends at once after a new start still record one.
    await call('internal', 'POST', '/admin/acting', {
      cdb_id: 'UZZ100002',
      reason: 'Ticket 4714: backup quota again',
    });
    const both = await Promise.all([end(acting), end(acting)]);
    expect(
      both.map((reply) => reply.json<{ data: { ended: boolean } }>().data.ended).sort(),
    ).toEqual([false, true]);
    expect(await actingEnds()).toBe(before + 2);
  });

  it('ends each tab’s acting on its own: two tabs for one customer record two ends', async () => {
    const before = await actingEnds();
    const start = async (reason: string) => {
      const reply = await call('internal', 'POST', '/admin/acting', {
        cdb_id: 'UZZ100002',
        reason,
      });
      expect(reply.statusCode).toBe(200);
      const { session } = reply.json<{ data: { session: string } }>().data;
      expect(session).toMatch(/^[0-9a-f]{32}$/);
      return session;
    };
    const end = async (session: string) => {
      const reply = await call('internal', 'POST', '/admin/acting/end', {
        cdb_id: 'UZZ100002',
        session,
      });
      expect(reply.statusCode).toBe(200);
      return reply.json<{ data: { ended: boolean } }>().data.ended;
    };
    const first = await start('Ticket 4720: two tabs');
    const second = await start('Ticket 4720: two tabs');
    expect(first).not.toBe(second);
    expect(await end(first)).toBe(true);
    // The second tab is still acting: its end is its own, not the first tab's again.
    expect(await end(second)).toBe(true);
    expect(await end(first)).toBe(false);
    expect(await end(second)).toBe(false);
    expect(await actingEnds()).toBe(before + 2);
    const bad = await call('internal', 'POST', '/admin/acting/end', {
      cdb_id: 'UZZ100002',
      session: 'not-a-session',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/session/);
  });

  describe.each([
    ['POST /admin/acting', '/admin/acting', { reason: 'Ticket 4711: VM will not boot' }],
    ['POST /admin/acting/end', '/admin/acting/end', {}],
  ] as const)('%s', (_name, url, extra) => {
    it('answers a good call and audits it with both tenants', async () => {
      const ending = url.endsWith('end');
      // An end ends a session that was started.
      if (ending)
        await call('internal', 'POST', '/admin/acting', {
          cdb_id: 'UZZ100001',
          reason: 'Ticket 4712: disk full',
        });
      const reply = await call('internal', 'POST', url, { cdb_id: 'UZZ100001', ...extra });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({
        data: {
          cdb_id: 'UZZ100001',
          name: 'Acme Manufacturing',
          ...(ending ? { ended: true } : { session: expect.stringMatching(/^[0-9a-f]{32}$/) }),
        },
      });
      const log = await call(
        'admin',
        'GET',
        `/admin/log?users=internal@portal.test&tenant=UZZ100001&action=${url.endsWith('end') ? 'tenant.act_end' : 'tenant.act_start'}`,
      );
      const [entry] = log.json<{
        data: {
          tenant: string;
          acted_for: string;
          target_label: string;
          message: string | null;
          result: string;
        }[];
      }>().data;
      expect(entry).toMatchObject({
        tenant: 'UZZ999997',
        acted_for: 'UZZ100001',
        target_label: 'Acme Manufacturing (UZZ100001)',
        result: 'success',
        message: 'reason' in extra ? `Reason: ${extra.reason}` : null,
      });
    });

    it('refuses a bad input with 400 naming the field', async () => {
      const bad = await call('internal', 'POST', url, { cdb_id: 'acme', ...extra });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'cdb_id' });
      if ('reason' in extra) {
        const blank = await call('internal', 'POST', url, { cdb_id: 'UZZ100001', reason: '  ' });
        expect(blank.statusCode).toBe(400);
        expect(blank.json()).toMatchObject({ field: 'reason' });
        const none = await call('internal', 'POST', url, { cdb_id: 'UZZ100001' });
        expect(none.json()).toMatchObject({ field: 'reason' });
      }
    });

    it('answers 404 for a tenant that is not a customer', async () => {
      for (const cdb_id of ['UZZ999999', 'ZZZ123456'])
        expect((await call('internal', 'POST', url, { cdb_id, ...extra })).statusCode).toBe(404);
    });

    it('refuses anyone but provider staff with 403', async () => {
      const reply = await call('acme', 'POST', url, { cdb_id: 'UZZ100002', ...extra });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ message: 'Only provider staff may act for another tenant.' });
    });

    it('answers 401 without a token', async () => {
      const reply = await call(null, 'POST', url, { cdb_id: 'UZZ100001', ...extra });
      expect(reply.statusCode).toBe(401);
    });
  });

  it('names what was done to a user by their e-mail, found by searching for it, and exports exactly that', async () => {
    const email = uniqueEmail('target');
    const invited = await invite(email);
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json<{ data: { user: { id: number } } }>().data.user;
    expect((await call('admin', 'POST', `/admin/users/${id}/disable`)).statusCode).toBe(200);
    expect(
      (await call('admin', 'PATCH', `/admin/users/${id}`, { role_id: await roleId('Viewer') }))
        .statusCode,
    ).toBe(200);
    expect((await call('admin', 'POST', `/admin/users/${id}/second-factor-reset`)).statusCode).toBe(
      200,
    );
    // The administrator did these: searching for the user's address finds them all.
    const found = await call('admin', 'GET', `/admin/log?q=${encodeURIComponent(email)}`);
    const rows = found.json<{
      data: { action: string; user: string; target: string; target_label: string | null }[];
      page: { total: number };
    }>();
    expect(rows.data.map((row) => row.action).sort()).toEqual([
      'user.change',
      'user.disable',
      'user.invite',
      'user.second_factor_reset',
    ]);
    const disabled = rows.data.find((row) => row.action === 'user.disable');
    expect(disabled).toMatchObject({
      user: 'admin@portal.test',
      target: `user:${id}`,
      target_label: email,
    });
    // The export of that search has exactly those rows, each naming the user.
    const csv = await call('admin', 'GET', `/admin/log.csv?q=${encodeURIComponent(email)}`);
    const lines = csv.body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(rows.page.total);
    expect(lines.every((line) => line.includes(`,${email},`))).toBe(true);
  });

  it('names a VM in the log by its name, not only "vm:3"', async () => {
    const vms = await call('acme', 'GET', '/services/eseries');
    const vm = vms.json<{ data: { id: number; display_name: string }[] }>().data[0];
    expect(vm).toBeDefined();
    expect((await call('acme', 'POST', `/services/eseries/${vm?.id}`)).statusCode).toBe(202);
    const log = await call(
      'admin',
      'GET',
      `/admin/log?action=vm.refresh&q=${encodeURIComponent(vm?.display_name ?? '')}`,
    );
    expect(log.json<{ data: { target: string; target_label: string }[] }>().data[0]).toMatchObject({
      target: `vm:${vm?.id}`,
      target_label: vm?.display_name,
    });
  });

  it('reads the log newest first in pages, filtered, and exports exactly the filtered rows', async () => {
    for (let i = 0; i < 4; i++) await call('internal', 'GET', '/admin/roles');
    // Refusals are written once answered: read up to a time after they are all in.
    const filter = `area=admin&to=${new Date(Date.now() + 50).toISOString()}`;
    await expect
      .poll(
        async () =>
          (await call('admin', 'GET', `/admin/log?${filter}`)).json<{ page: { total: number } }>()
            .page.total,
      )
      .toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const first = await call('admin', 'GET', `/admin/log?limit=3&${filter}`);
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      data: { id: number; at: string; area: string }[];
      page: { next_cursor: string; total: number };
    }>();
    expect(body.data).toHaveLength(3);
    expect(body.data.every((e) => e.area === 'admin')).toBe(true);
    const second = await call(
      'admin',
      'GET',
      `/admin/log?limit=3&${filter}&cursor=${body.page.next_cursor}`,
    );
    const ids = [...body.data, ...second.json<{ data: { id: number }[] }>().data].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);

    const csv = await call('admin', 'GET', `/admin/log.csv?${filter}`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Time,User,Tenant,Acted for,Area,Action,Target,Target id,Result,Message,Address',
    );
    expect(lines).toHaveLength(body.page.total + 1);

    expect(
      (await call('admin', 'GET', '/admin/log?cursor=abc')).json<{ field: string }>().field,
    ).toBe('cursor');
    expect(
      (await call('admin', 'GET', '/admin/log?users=nope')).json<{ field: string }>().field,
    ).toBe('users');
    expect(
      (await call('admin', 'GET', '/admin/log?from=yesterday')).json<{ field: string }>().field,
    ).toBe('from');
    // Sign-ins are there too.
    const signIns = await call(
      'admin',
      'GET',
      '/admin/log?action=auth.sign_in&users=admin@portal.test',
    );
    expect(signIns.json<{ data: { area: string }[] }>().data[0]?.area).toBe('account');
  });
});
