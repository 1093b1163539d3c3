import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, openSignedIn, signIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

// Administration end to end: the built-in administrator invites a user and gives them a role that
// may only read compute; the invitee sets a password through the link and signs in; disabled,
// they are refused; the log shows what happened. Provider staff act for a customer.
const EMULATOR = process.env.E2E_AUTH_EMULATOR_URL ?? '';

/** An ID token from the emulator, for the administrator's calls made outside the page. */
async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const reply = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  return ((await reply.json()) as { idToken: string }).idToken;
}

/** The newest password link the emulator holds for this address. */
async function resetCodeOf(request: APIRequestContext, email: string) {
  const reply = await request.get(`${EMULATOR}/emulator/v1/projects/demo-portal/oobCodes`);
  const { oobCodes } = (await reply.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = oobCodes
    .filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')
    .at(-1);
  if (!code) throw new Error(`no password link for ${email}`);
  return code.oobCode;
}

test('invite, a read-only custom role, disable, and the log of it all', async ({
  page,
  request,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const email = `invitee-${stamp}@example.test`;
  const roleName = `Compute readers ${stamp}`;
  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin@portal.test')}` };

  // The administrator creates a role that may only read compute, on its page.
  await openSignedIn(page, 'admin@portal.test', '/role');
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible();
  await page.getByRole('combobox', { name: 'Permission on Compute' }).click();
  await page.getByRole('option', { name: 'Read' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The role ${roleName} was saved`)).toBeVisible();

  // …and invites a user of Acme with it (the role's id from the roles list).
  const roles = (await (await request.get('/api/admin/roles', { headers: admin })).json()) as {
    data: { id: number; name: string }[];
  };
  const roleId = roles.data.find((r) => r.name === roleName)?.id;
  const invited = await request.post('/api/admin/users', {
    headers: admin,
    data: { email, tenant: 'UZZ100001', role_id: roleId },
  });
  expect(invited.status()).toBe(201);
  const userId = ((await invited.json()) as { data: { user: { id: number } } }).data.user.id;
  await page.goto('/user');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(page.getByRole('grid', { name: 'Users' }).getByText(email)).toBeVisible();

  // The invitee sets a password through the link, signs in, and may only look at compute.
  const invitee = await (
    await browser.newContext({ baseURL: new URL(page.url()).origin })
  ).newPage();
  await invitee.goto(
    `/auth/action?mode=resetPassword&oobCode=${await resetCodeOf(request, email)}`,
  );
  await invitee.getByLabel(/^New password/).fill('Invited-pass-2026');
  await invitee.getByLabel(/^Repeat the new password/).fill('Invited-pass-2026');
  await invitee.getByRole('button', { name: 'Change password' }).click();
  await expect(invitee.getByText('Password changed')).toBeVisible();
  await invitee.goto('/compute');
  await signIn(invitee, email, 'Invited-pass-2026');
  await expect(invitee.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();

  // Disabled: their next call is refused.
  expect(
    (await request.post(`/api/admin/users/${userId}/disable`, { headers: admin })).status(),
  ).toBe(200);
  await invitee.reload();
  await expect(invitee.getByText(/session has ended|Sign in/).first()).toBeVisible();

  // The log, filtered by that user, and its export.
  await page.goto('/log');
  await page.getByRole('textbox', { name: 'Users (e-mails, comma-separated)' }).fill(email);
  await expect(
    page.getByRole('grid', { name: 'Audit log' }).getByText('auth.sign_in'),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('audit-log.csv');
});

test('an internal user acts for a customer, powers a VM off, and the log shows both tenants', async ({
  page,
  request,
}) => {
  await openSignedIn(page, 'internal@portal.test', '/compute');
  await page.getByRole('combobox', { name: 'Work in tenant' }).click();
  await page.getByRole('option', { name: /Acme Manufacturing/ }).click();
  await expect(page.getByText('You are working in Acme Manufacturing (UZZ100001)')).toBeVisible();

  // A VM of its own (other flows expect the demo VMs running), powered off through the API as the
  // page does it: with the same header.
  const own = await (await apiAs('acme@portal.test')).createVm(`acted-${Date.now().toString(36)}`);
  const token = await tokenOf(request, 'internal@portal.test');
  const acting = { authorization: `Bearer ${token}`, 'x-acting-tenant': 'UZZ100001' };
  const off = await request.post(`/api/services/eseries/${own.id}/power_state`, {
    headers: acting,
    data: { power_operation: 'powerOff' },
  });
  expect(off.status()).toBe(202);

  await page.getByRole('button', { name: 'Back to Skyport Internal IT' }).click();
  await expect(page.getByText('You are working in Acme Manufacturing')).toHaveCount(0);

  const admin = { authorization: `Bearer ${await tokenOf(request, 'admin@portal.test')}` };
  const log = (await (
    await request.get('/api/admin/log?users=internal@portal.test&tenant=UZZ100001', {
      headers: admin,
    })
  ).json()) as { data: { tenant: string; acted_for: string; action: string }[] };
  expect(log.data.find((e) => e.action === 'vm.power')).toMatchObject({
    tenant: 'UZZ999997',
    acted_for: 'UZZ100001',
  });
});
