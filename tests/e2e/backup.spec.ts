import { expect, openSignedIn, test } from './fixtures.ts';

// acme@portal.test (UZZ100001) operates backups; the flow creates its own backup tenant so that
// it runs the same on a fresh or a reused stack.
const CUSTOMER = 'acme@portal.test';

test('creates a backup tenant, changes its quota, and a job over the quota fails', async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const name = `e2e-${Date.now().toString(36)}`;
  await openSignedIn(page, CUSTOMER, '/backup');
  await expect(page.getByRole('heading', { name: 'Backup tenants', level: 1 })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Storage used by acme-production' })).toBeVisible();
  await axe();

  await page.getByRole('link', { name: 'Create' }).first().click();
  await expect(page).toHaveURL(/\/backup\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('spinbutton', { name: /Quota \(hard limit\)/ })).toHaveValue('500');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create backup tenant' }).click();
  // Accepted: the new tenant's page at once, with the agent's secret this once and a copy button;
  // the task's outcome follows.
  await expect(page.getByRole('heading', { name: new RegExp(`^${name}`), level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy the agent secret' })).toBeVisible();
  await expect(page.getByText('Backup Tenant has been created').first()).toBeVisible({
    timeout: 30_000,
  });
  await axe();
  await page.getByRole('button', { name: 'Run job now' }).click();
  await expect(page.getByText(`Run job of ${name} succeeded.`)).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Edit quota' }).click();
  const dialog = page.getByRole('dialog', { name: `Quota of ${name}` });
  const quota = dialog.getByRole('spinbutton', { name: /Quota \(hard limit\)/ });
  await quota.fill('10');
  await dialog.getByRole('button', { name: 'Save quota' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The quota of ${name} was saved.`)).toBeVisible();
  await expect(page.getByText('Over quota').first()).toBeVisible();

  await page.getByRole('button', { name: 'Run job now' }).click();
  // A backup task's failure is the server's message itself, announced in the error colour.
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: /^The job needs [\d.]+ GB but only 0 GB of the 10 GB hard quota is free/ });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toHaveAttribute('data-color', 'error');
  await expect(page.getByText(/failed : /)).toHaveCount(0);
});
