import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

// What every area gets from the platform, tried on compute: the task centre, delete with a
// typed name, CSV export of what the search shows, and cards instead of a table on a phone.
const CUSTOMER = 'acme@portal.test';
const RUN = Date.now().toString(36).slice(-5);
// A task's outcome shows after the portal's next 5000 ms poll.
const OUTCOME = { timeout: 20_000 };

const taskCentre = (page: Page) => page.getByRole('button', { name: /^Tasks/ });
const tasksPanel = (page: Page) => page.getByRole('list', { name: 'Tasks, newest first' });

test.describe('the area platform', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the task centre lists a task with its outcome, and still does after a reload', async ({
    page,
  }) => {
    const vm = await (await apiAs(CUSTOMER)).createVm(`e2e-tasks-${RUN}`);
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('button', { name: 'Power', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Power off' }).click();
    await page
      .getByRole('alertdialog', { name: `Power off ${vm.display_name}?` })
      .getByRole('button', { name: 'Power off' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Power off succeeded.' })).toBeVisible(
      OUTCOME,
    );

    await page.reload();
    await taskCentre(page).click();
    const entry = tasksPanel(page).getByRole('listitem').filter({ hasText: vm.display_name });
    await expect(entry.filter({ hasText: 'Power off' }).first()).toBeVisible();
    await expect(entry.filter({ hasText: 'Power off' }).first()).toContainText(
      /Succeeded|SUCCESS/i,
    );
    // The target is a link to the VM.
    await entry.first().getByRole('link', { name: vm.display_name }).click();
    await expect(page).toHaveURL(new RegExp(`/compute/${vm.id}`));
  });

  test('deletes a VM after its name is typed', async ({ page }) => {
    const vm = await (await apiAs(CUSTOMER)).createVm(`e2e-delete-${RUN}`);
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('button', { name: `More actions for ${vm.display_name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${vm.display_name}?` });
    const submit = confirm.getByRole('button', { name: 'Delete' });
    await expect(submit).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'VM name' }).fill(vm.display_name);
    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: 'Delete succeeded.' })).toBeVisible(
      OUTCOME,
    );
    await expect(page).toHaveURL(/\/compute(\?|$)/);
    await page.goto(`/compute?prevSearch=${encodeURIComponent(vm.display_name)}`);
    await expect(page.getByText('No rows match the search and filters.')).toBeVisible();
  });

  test('exports the rows the search shows as CSV', async ({ page }) => {
    await openSignedIn(page, CUSTOMER, '/compute?prevSearch=acme-web');
    const table = page.getByRole('grid', { name: 'Virtual machines' });
    await expect(table.getByRole('row').filter({ hasText: 'acme-web-01' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/Name/);
    expect(lines.slice(1).every((line) => line.includes('acme-web'))).toBe(true);
    expect(csv).not.toContain('acme-db-01');
  });

  test('shows the VM list as cards on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, CUSTOMER, '/compute');
    const cards = page.getByRole('list', { name: 'Virtual machines' });
    await expect(cards.getByRole('listitem').filter({ hasText: 'acme-web-01' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Virtual machines' })).toHaveCount(0);
    // Nothing scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
