import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, openSignedIn, signIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

// Administration end to end: the built-in administrator invites a user and gives them a role that
// may only read compute; the invitee sets a password through the link and signs in; disabled,
// they are refused; the log shows what happened. Provider staff act for a customer.
const EMULATOR = process.env.E2E_AUTH_EMULATOR_URL ?? '';

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
  // A long flow (role, invitation and its e-mail, the invitee's sign-in, disable, the log).
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const email = `invitee-${stamp}@example.test`;
  const roleName = `Compute readers ${stamp}`;

  // The administrator creates a role that may only read compute, on its page.
  await openSignedIn(page, 'admin@portal.test', '/role');
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: roleName })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Compute' })
    .getByRole('radio', { name: 'Read' })
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The role ${roleName} was saved`)).toBeVisible();

  // …and invites a user of Acme with it.
  await page.goto('/user');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await invite.getByRole('combobox', { name: /Tenant/ }).click();
  await page.getByRole('option', { name: /UZZ100001/ }).click();
  await invite.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: roleName }).click();
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`${email} was invited`)).toBeVisible();
  await expect(page.getByText(`The invitation was e-mailed to ${email}.`)).toBeVisible();
  // The invitation arrived in the stack's mail catcher, with the link shown to the administrator.
  const shownLink = await page
    .getByText(/\/auth\/action\?mode=resetPassword/)
    .first()
    .innerText();
  const mailed = (await (
    await request.get(`${process.env.E2E_MAIL_URL}/api/messages?to=${encodeURIComponent(email)}`)
  ).json()) as { data: Array<{ subject: string; text: string }> };
  expect(mailed.data[0]?.text).toContain(shownLink.trim());

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

  // The administrator disables them; their next call is refused.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await expect(page.getByText(`${email} was disabled.`)).toBeVisible();
  await invitee.reload();
  await expect(invitee.getByText(/session has ended|Sign in/).first()).toBeVisible();

  // The log, filtered by that user, and its export: exactly their rows.
  await page.goto('/log');
  await page.getByRole('textbox', { name: 'Users (e-mails, comma-separated)' }).fill(email);
  const signIns = page
    .getByRole('grid', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'auth.sign_in' });
  await expect(signIns).toHaveCount(1);
  await expect(signIns).toContainText(email);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('audit-log.csv');
  const rows = readFileSync((await (await download).path()) ?? '', 'utf8')
    .trim()
    .split('\r\n')
    .slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toContain(email);
});

test('an internal user acts for a customer, powers a VM off, and the log shows both tenants', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A VM of its own (other flows expect the demo VMs running).
  const own = await (await apiAs('acme@portal.test')).createVm(`acted-${Date.now().toString(36)}`);

  // Switching starts from the storage list, and asks why (the log keeps the reason).
  const ticket = `T-${Date.now().toString(36)}`;
  await openSignedIn(page, 'internal@portal.test', '/storage');
  await page.getByRole('combobox', { name: 'Work in tenant' }).click();
  await page.getByRole('option', { name: /Acme Manufacturing/ }).click();
  const why = page.getByRole('dialog', { name: 'Work in Acme Manufacturing (UZZ100001)?' });
  await why.getByRole('button', { name: 'Switch' }).click();
  await expect(why.getByText(/reason/i).first()).toBeVisible();
  await why.getByRole('textbox', { name: /^Reason/ }).fill(`${ticket}: a VM to power off`);
  await why.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByText('You are working in Acme Manufacturing (UZZ100001)')).toBeVisible();

  await page.goto(`/compute/${own.id}`);
  await expect(page.getByRole('heading', { level: 1, name: own.display_name })).toBeVisible();
  await page.getByRole('button', { name: 'Power', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Power off' }).click();
  await page
    .getByRole('alertdialog', { name: `Power off ${own.display_name}?` })
    .getByRole('button', { name: 'Power off' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Power off succeeded.' })).toBeVisible({
    timeout: 20_000,
  });

  // Back returns to the page where acting started.
  await page.getByRole('button', { name: 'Back to Skyport Internal IT' }).click();
  await expect(page.getByText('You are working in Acme Manufacturing')).toHaveCount(0);
  await expect(page).toHaveURL(/\/storage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();

  // The administrator reads it in the log: who, their own tenant, and the tenant acted for.
  const admin = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await openSignedIn(admin, 'admin@portal.test', '/log');
  await admin
    .getByRole('textbox', { name: 'Users (e-mails, comma-separated)' })
    .fill('internal@portal.test');
  await admin
    .getByRole('searchbox', { name: 'Search users, actions, targets and messages' })
    .fill(own.display_name);
  const row = admin
    .getByRole('grid', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'vm.power' })
    .first();
  await expect(row).toContainText('UZZ999997');
  await expect(row).toContainText('UZZ100001');
  // The target is the VM's name, not "vm:3".
  await expect(row).toContainText(own.display_name);

  // The start, with the reason, and the end are in the log with both tenants.
  const search = admin.getByRole('searchbox', {
    name: 'Search users, actions, targets and messages',
  });
  // The reason is the entry's message: the search finds it (the message column may drop to fit).
  await search.fill(ticket);
  const grid = admin.getByRole('grid', { name: 'Audit log' });
  // A full page load ends acting and starts it again with the same reason (both audited), so
  // the first start is not the only one.
  const started = grid.getByRole('row').filter({ hasText: 'tenant.act_start' }).first();
  await expect(started).toContainText('UZZ999997');
  await expect(started).toContainText('UZZ100001');
  await search.fill('tenant.act_end');
  await expect(grid.getByRole('row').filter({ hasText: 'tenant.act_end' }).first()).toContainText(
    'Acme Manufacturing (UZZ100001)',
  );
});
