import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'Demo-pass-2026';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL)
  throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');

export const test = base.extend<{ axe: () => Promise<void> }>({
  // Every test reaches the stack that global-setup started.
  baseURL,
  /** Fails the test on any Content Security Policy violation: the portal must work under it. */
  page: async ({ page }, provide) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    // Also the violations Chromium reports only as an event (e.g. a blocked inline style).
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    await provide(page);
    expect(violations, 'Content Security Policy violations').toEqual([]);
  },
  /** Fails on any WCAG 2.1 A/AA violation on the current page. */
  axe: async ({ page }, provide) => {
    await provide(async () => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    });
  },
});
export { expect };

/** Signs in through the form, like a person. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the sign-in page and signs in; waits for the signed-in layout. */
export async function openSignedIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/signin/);
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
