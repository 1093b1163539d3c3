// Account security on the real stack: a phone second factor enrolled, used to sign in and
// withdrawn; a tenant that requires a second factor sends a user without one to enrolment, and
// the API refuses their password-only token. The SMS codes are read from the Auth emulator.
// Both tests use the proof-of-concept tenant's user, whom no other flow signs in as, one after
// the other.
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, openSignedIn, signIn, test } from './fixtures.ts';

const EMULATOR = process.env.E2E_AUTH_EMULATOR_URL ?? '';
const USER = 'poc@portal.test';
const TENANT = 'UZZ000002';

test.describe.configure({ mode: 'serial' });

interface Code {
  phoneNumber: string;
  sessionInfo: string;
  code: string;
}

/** The codes the emulator "sent" so far. */
async function sentCodes(): Promise<Code[]> {
  const reply = await fetch(`${EMULATOR}/emulator/v1/projects/demo-portal/verificationCodes`);
  return ((await reply.json()) as { verificationCodes?: Code[] }).verificationCodes ?? [];
}

/** Waits for a new code to `phoneNumber` (after `before` codes were known), and returns it. */
async function nextCode(phoneNumber: string, before: number): Promise<string> {
  let codes: Code[] = [];
  await expect
    .poll(async () => {
      codes = await sentCodes();
      return codes.length;
    })
    .toBeGreaterThan(before);
  const latest = codes.filter((entry) => entry.phoneNumber === phoneNumber).at(-1);
  if (!latest) throw new Error(`no code was sent to ${phoneNumber}`);
  return latest.code;
}

/** An ID token of a password-only sign-in, as any client could get one. */
async function passwordOnlyToken(email: string) {
  const reply = await fetch(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  return ((await reply.json()) as { idToken?: string }).idToken ?? '';
}

/** Adds a phone in the open enrolment form, with the code read from the emulator. */
async function enrolPhone(page: Page, phoneNumber: string, name: string) {
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phoneNumber);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const before = (await sentCodes()).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await nextCode(phoneNumber.replace(/\s/g, ''), before);
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await page.getByRole('button', { name: 'Add phone' }).click();
}

/**
 * Removes the user's second factor from the account page. Where the tenant requires one, the
 * portal goes straight on to enrolment (`required`), so the empty list may never show.
 */
async function withdraw(page: Page, label: RegExp, { required = false } = {}) {
  await page.goto('/account');
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  if (required) await expect(page).toHaveURL(/\/account\/second-factor/);
  else await expect(page.getByText('No second factor yet')).toBeVisible();
}

test('a phone second factor is enrolled, asked for at sign-in and withdrawn', async ({
  page,
  axe,
}) => {
  await openSignedIn(page, USER, '/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(
    page.locator('#main').getByText('Trial Labs (proof of concept) · UZZ000002'),
  ).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Add a phone' }).click();
  await enrolPhone(page, '+1 555 555 0142', 'Test phone');
  await expect(page.getByText('Test phone was added as a second factor.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your second factors' })).toContainText(
    'Test phone (+15555550142)',
  );

  // Signing in again asks for the code after the password, and sends it at once.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const before = (await sentCodes()).length;
  await signIn(page, USER);
  await expect(page.getByRole('heading', { name: 'Second sign-in step' })).toBeVisible();
  const code = await nextCode('+15555550142', before);
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not correct. Check it and try again.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await withdraw(page, /Remove Test phone/);
});

test('a tenant that requires a second factor sends a user without one to enrolment', async ({
  browser,
  page,
}) => {
  // The administrator requires it for the tenant.
  await openSignedIn(page, 'admin@portal.test', '/account');
  const policy = page.getByRole('switch', { name: `Trial Labs (proof of concept) (${TENANT})` });
  await policy.click();
  await expect(page.getByText(/must now sign in with a second factor/)).toBeVisible();
  await expect(policy).toBeChecked();

  try {
    // A password-only token is refused with a sentence…
    const token = await passwordOnlyToken(USER);
    const refused = await page.request.get('/api/services/eseries', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(/requires a second sign-in step/);

    // …and signing in leads to enrolment, then on to the page.
    const context = await browser.newContext();
    const user = await context.newPage();
    await openSignedInToEnrolment(user);
    await enrolPhone(user, '+1 555 555 0143', 'Policy phone');
    await expect(user).toHaveURL(/\/compute$/);
    await expect(user.getByRole('heading', { name: 'Virtual machines' })).toBeVisible();
    // Without a second factor again, the user is sent back to enrolment.
    await withdraw(user, /Remove Policy phone/, { required: true });
    await context.close();
  } finally {
    await policy.click();
    await expect(policy).not.toBeChecked();
  }
});

async function openSignedInToEnrolment(page: Page) {
  await page.goto('/compute');
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/account\/second-factor\?redirect=%2Fcompute/);
  await expect(page.getByRole('heading', { name: 'Add a second sign-in step' })).toBeVisible();
}
