import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';

// acme@portal.test is a customer operator (UZZ100001) whose demo VMs are acme-web-01,
// acme-db-01 and acme-build. Tests that change VMs create their own, named for this run, so that
// parallel tests (and the demo data) stay untouched.
const CUSTOMER = 'acme@portal.test';
const RUN = Date.now().toString(36).slice(-5);

const vmTable = (page: Page) => page.getByRole('grid', { name: 'Virtual machines' });
const rowOf = (page: Page, name: string) =>
  vmTable(page).getByRole('row').filter({ hasText: name });

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Goes through the wizard like a person; ends on the new VM's page. */
async function createThroughWizard(page: Page, name: string, axe?: () => Promise<void>) {
  await page.goto('/compute');
  await page.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/compute\/create$/);
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Name and location' })).toBeVisible();

  // Next without a choice: the fields say what is missing, where they are.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Choose a region.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  // A name the server would refuse is caught in place.
  await page.getByRole('textbox', { name: 'Name' }).fill('bad/name');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText(/only letters, digits, spaces, dots, dashes and underscores \(not \/\)/),
  ).toBeVisible();
  if (axe) await axe();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, 'Region', 'Europe');
  await choose(page, 'Site', 'Amsterdam 1');
  await page.getByRole('radio', { name: /Zone A/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Plan and image' })).toBeVisible();
  await page.getByRole('radio', { name: /Standard 1/ }).check();
  await choose(page, 'Image', 'Ubuntu');
  await choose(page, 'Version', '24.04 LTS');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'First adapter', 'ams1-frontend (VLAN 100)');
  await page.getByRole('button', { name: 'Next' }).click();
  // The summary says what will be created before anything is sent.
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Summary' })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  if (axe) await axe();
  await page.getByRole('button', { name: 'Create virtual machine' }).click();
  await expect(page).toHaveURL(/\/compute\/\d+$/, { timeout: 20_000 });
}

/** Reads the list again until the VM's row shows the power state (tasks take seconds). */
async function expectPower(page: Page, name: string, power: string) {
  await expect(async () => {
    await page.goto(`/compute?prevSearch=${encodeURIComponent(name)}`);
    // A busy machine takes seconds to load the list: each look waits for it.
    await expect(rowOf(page, name).getByText(power, { exact: true })).toBeVisible({
      timeout: 10_000,
    });
  }).toPass({ timeout: 60_000 });
}

test('lists the VMs, keeps the search in the URL and carries it to the detail page and back', async ({
  page,
  axe,
}) => {
  await openSignedIn(page, CUSTOMER, '/compute');
  await expect(page.getByRole('heading', { name: 'Virtual machines', level: 1 })).toBeVisible();
  await expect(rowOf(page, 'acme-web-01')).toBeVisible();
  await expect(rowOf(page, 'acme-web-01').getByText('Powered on')).toBeVisible();
  await axe();

  await page.getByRole('searchbox', { name: 'Search virtual machines' }).fill('acme-db');
  await expect(page).toHaveURL(/\/compute\?prevSearch=acme-db$/);
  await expect(rowOf(page, 'acme-db-01')).toBeVisible();
  await expect(rowOf(page, 'acme-web-01')).toHaveCount(0);

  await vmTable(page).getByRole('link', { name: 'acme-db-01' }).click();
  await expect(page).toHaveURL(/\/compute\/\d+\?prevSearch=acme-db$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/compute\?prevSearch=acme-db$/);
  await expect(page.getByRole('searchbox', { name: 'Search virtual machines' })).toHaveValue(
    'acme-db',
  );
  await expect(rowOf(page, 'acme-web-01')).toHaveCount(0);

  // Opened straight from a URL, the search applies at once.
  await page.goto('/compute?prevSearch=acme-build');
  await expect(rowOf(page, 'acme-build')).toBeVisible();
  await expect(rowOf(page, 'acme-db-01')).toHaveCount(0);
});

test.describe.serial('VMs made in this run', () => {
  const first = `e2e-${RUN}-a`;
  const second = `e2e-${RUN}-b`;

  test('creates VMs through the wizard and sees them running', async ({ page, axe }) => {
    test.setTimeout(180_000);
    await openSignedIn(page, CUSTOMER, '/compute');
    await createThroughWizard(page, first, axe);
    // The creation task is polled every 5 s; its outcome arrives wherever the person is.
    await expect(page.getByText(`Create ${first} succeeded.`)).toBeVisible({ timeout: 20_000 });
    await createThroughWizard(page, second);
    await expectPower(page, first, 'Powered on');
    await expectPower(page, second, 'Powered on');
    await expect(rowOf(page, second).getByText('Trial')).toBeVisible();
  });

  test('powers off several VMs at once, after a confirmation', async ({ page, axe }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, CUSTOMER, `/compute?prevSearch=e2e-${RUN}-`);
    await expect(vmTable(page).getByText('Powered on')).toHaveCount(2);

    await vmTable(page)
      .getByRole('checkbox', { name: `Select ${first}` })
      .check();
    await vmTable(page)
      .getByRole('checkbox', { name: `Select ${second}` })
      .check();
    const bar = page.getByLabel('Selected rows', { exact: true });
    await expect(bar.getByText('2 selected')).toBeVisible();
    // Both are on: powering on does not apply.
    await expect(bar.getByRole('button', { name: 'Power on' })).toBeDisabled();
    await bar.getByRole('button', { name: 'Power off' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Power off 2 virtual machines?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([first, second]);
    await axe();
    await dialog.getByRole('button', { name: 'Power off' }).click();
    await expect(dialog).toBeHidden();
    // The selection is cleared once the tasks started.
    await expect(page.getByText('2 selected')).toHaveCount(0);

    // One summary once both tasks have ended, not a message per VM.
    await expect(page.getByText('2 of 2 VMs powered off.')).toBeVisible({ timeout: 20_000 });
    await expectPower(page, first, 'Powered off');
    await expectPower(page, second, 'Powered off');
  });
});
