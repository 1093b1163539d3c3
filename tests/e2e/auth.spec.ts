import type { Request } from '@playwright/test';
import { DEMO_PASSWORD, expect, openSignedIn, signIn, test } from './fixtures.ts';

test.describe('signing in and out', () => {
  test('a customer signs in, sees their tenant, and signs out', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await axe();

    await signIn(page, 'acme@portal.test');
    await expect(page).toHaveURL(/\/compute$/);
    await expect(page.getByText('acme@portal.test')).toBeVisible();
    await expect(page.getByText(/Acme Manufacturing/)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Virtual machines', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await axe();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await page.goto('/compute');
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fcompute/);
  });

  test('a wrong password is explained in a sentence', async ({ page }) => {
    await page.goto('/auth/signin');
    await signIn(page, 'acme@portal.test', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText(/password is not correct/);
    await expect(page).toHaveURL(/\/auth\/signin/);
  });

  test('empty fields are named before anything is sent', async ({ page }) => {
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
  });

  test('an unauthenticated visit returns to the page asked for after signing in', async ({
    page,
  }) => {
    await page.goto('/compute/5');
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fcompute%2F5$/);
    await signIn(page, 'acme@portal.test');
    await expect(page).toHaveURL(/\/compute\/5$/);
    // the page of VM 5 (a demo VM of acme's, whatever its name)
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  });
});

test.describe('a page that opens signed in', () => {
  const SDK_CHUNK = /\/assets\/firebase-[^/]+\.js$/;
  const authorizedCall = (request: Request) =>
    new URL(request.url()).pathname.startsWith('/api/') &&
    (request.headers().authorization ?? '').startsWith('Bearer ');

  test('calls the server with the stored session before the identity SDK loads, then signs out with it', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme@portal.test', '/backup');
    const order: string[] = [];
    page.on('request', (request) => {
      if (SDK_CHUNK.test(request.url())) order.push('sdk');
      else if (authorizedCall(request)) order.push('call');
    });
    const sdkLoaded = page.waitForRequest(SDK_CHUNK);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Backup tenants' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // The SDK still loads, behind the page: it renews the token and signs out.
    await sdkLoaded;
    expect(order[0]).toBe('call');
    expect(order).toContain('sdk');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await page.goto('/backup');
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fbackup/);
  });

  test('a sign-out in another tab signs this one out too', async ({ page, context }) => {
    await openSignedIn(page, 'acme@portal.test', '/backup');
    const other = await context.newPage();
    await other.goto('/storage');
    await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other).toHaveURL(/\/auth\/signin/);
    // The first tab's SDK, loaded behind its page, sees the stored user go.
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fbackup/, { timeout: 15_000 });
  });

  test('an expired stored token is renewed by the SDK before the first call', async ({ page }) => {
    await openSignedIn(page, 'acme@portal.test', '/backup');
    // The token the SDK stored expires now (as after an hour away). Changed from a page of the
    // portal's origin that runs no portal code: a running SDK would notice and renew it.
    await page.goto('/api/health');
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('firebaseLocalStorageDb');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result
              .transaction('firebaseLocalStorage', 'readwrite')
              .objectStore('firebaseLocalStorage');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const record of all.result as {
                value: { stsTokenManager: { expirationTime: number } };
              }[]) {
                record.value.stsTokenManager.expirationTime = Date.now();
                store.put(record);
              }
              store.transaction.oncomplete = () => resolve();
            };
          };
        }),
    );
    const order: string[] = [];
    page.on('request', (request) => {
      if (SDK_CHUNK.test(request.url())) order.push('sdk');
      else if (authorizedCall(request)) order.push('call');
    });
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (authorizedCall(response.request())) statuses.push(response.status());
    });
    await page.goto('/backup');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(order[0]).toBe('sdk');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 401)).toEqual([]);
  });
});

test.describe('password reset', () => {
  test('forgot password → code from the emulator → new password → sign in with it', async ({
    page,
    request,
  }) => {
    // An identity of its own: changing a shared demo account's password would break the tests
    // that sign in with it meanwhile. Without a portal user it still signs in (and is told so).
    const emulator = process.env.E2E_AUTH_EMULATOR_URL;
    const email = `reset-${Date.now()}-${Math.floor(Math.random() * 1e6)}@portal.test`;
    // Created as an administrator would (`Bearer owner` in the emulator): with a verified address,
    // which the server asks for.
    const created = await request.post(
      `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        headers: { authorization: 'Bearer owner' },
        data: { email, password: DEMO_PASSWORD, emailVerified: true, returnSecureToken: false },
      },
    );
    expect(created.ok(), 'the emulator created the account').toBe(true);
    const newPassword = 'Fresh-pass-42';
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The reset page's code loads on the click: until it shows, the sign-in page (with its own
    // "E-mail address") is still the one on screen.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

    const codes = (await (
      await request.get(`${emulator}/emulator/v1/projects/demo-portal/oobCodes`)
    ).json()) as {
      oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
    };
    const code = codes.oobCodes
      .filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')
      .at(-1);
    expect(code, 'the emulator recorded a reset code').toBeDefined();

    await page.goto(`/auth/action?mode=resetPassword&oobCode=${code?.oobCode}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For ${email}`)).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // The code works once.
    await page.goto(`/auth/action?mode=resetPassword&oobCode=${code?.oobCode}`);
    await expect(page.getByRole('alert')).toContainText(/invalid or has already been used|expired/);

    await page.goto('/auth/signin');
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toContainText(/password is not correct/);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByTestId('account-email')).toHaveText(email);
  });
});

test.describe('guards', () => {
  test('a non-administrator on /user lands on /', async ({ page }) => {
    await openSignedIn(page, 'provider@portal.test', '/user');
    await expect(page).toHaveURL(/\/compute$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'You do not have access to that page.' }),
    ).toBeVisible();
  });

  test('a non-super-tenant user on /monitoring/create lands on /', async ({ page }) => {
    await openSignedIn(page, 'internal@portal.test', '/monitoring/create');
    await expect(page).toHaveURL(/\/compute$/);
  });

  test('the super-tenant user may open /monitoring/create', async ({ page }) => {
    await openSignedIn(page, 'provider@portal.test', '/monitoring/create');
    await expect(page).toHaveURL(/\/monitoring\/create$/);
  });

  test('the built-in administrator sees administration and opens /user', async ({ page }) => {
    await openSignedIn(page, 'admin@portal.test', '/user');
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('link', { name: 'Audit log' })).toBeVisible();
  });

  test('invalid console ids land on /', async ({ page }) => {
    await openSignedIn(page, 'acme@portal.test', '/compute/abc/console');
    await expect(page).toHaveURL(/\/compute$/);
    await page.goto('/vwseries/12345/1/console');
    await expect(page).toHaveURL(/\/compute$/);
  });

  test('a proof-of-concept user sees the marker', async ({ page }) => {
    await openSignedIn(page, 'poc@portal.test');
    // The marker in the app bar, and the banner with the trial's limits (it loads a moment later).
    await expect(page.getByTitle('Trial limits apply')).toHaveText('Proof of concept');
    await expect(page.getByText(/This trial allows \d+ virtual machines/)).toBeVisible();
  });
});

test.describe('remembered choices', () => {
  test('dark mode and the drawer survive a reload', async ({ page }) => {
    await openSignedIn(page, 'acme@portal.test');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();

    await page.reload();
    // The theme is set before the app runs: no flash of the light theme.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
