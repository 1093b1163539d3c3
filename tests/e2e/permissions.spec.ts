import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';

// globex@portal.test has the demo role Viewer: it may read every area and change nothing. Its
// demo VMs are globex-shop (powered on) and globex-pos-sync. Nothing here changes a VM.
const VIEWER = 'globex@portal.test';
const REASON = 'Your role can view virtual machines but not change them.';

const vmTable = (page: Page) => page.getByRole('grid', { name: 'Virtual machines' });

test('a role that may only look sees compute actions disabled, and why', async ({ page }) => {
  await openSignedIn(page, VIEWER, '/compute');

  // The list: Create is there but disabled, and the page says why.
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(REASON);
  await expect(page.getByRole('paragraph').filter({ hasText: REASON })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create', exact: true })).toHaveCount(0);

  // A VM of the tenant, found through the list like a person would.
  await vmTable(page).getByRole('link', { name: 'globex-shop' }).click();
  await expect(page).toHaveURL(/\/compute\/\d+(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'globex-shop' })).toBeVisible();
  const shutDown = page.getByRole('button', { name: 'Shut down' });
  await expect(shutDown).toBeDisabled();
  // The reason stays reachable: the button keeps its focus and is described by it.
  await expect(shutDown).toHaveAccessibleDescription(REASON);
  await expect(page.getByRole('button', { name: 'Power', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Open console' })).toBeDisabled();
  await expect(page.getByRole('note')).toHaveText(REASON);

  // The console needs manage too: its page says so instead of a refused session.
  const detailPath = new URL(page.url()).pathname;
  await page.goto(`${detailPath}/console`);
  await expect(page.getByText('You cannot open the console')).toBeVisible();

  // The creation page tells the truth instead of offering a wizard bound to fail.
  await page.goto('/compute/create');
  await expect(page.getByText('You cannot create virtual machines')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
});
