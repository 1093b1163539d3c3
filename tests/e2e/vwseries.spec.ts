import { expect, openSignedIn, test } from './fixtures.ts';

// acme@portal.test (UZZ100001) has the vwseries service VWS100001 "Acme plant floor" with the VMs
// plant-scada and plant-historian, and the dseries servers acme-erp-metal and acme-backup-metal.
const CUSTOMER = 'acme@portal.test';
const SERVICE = 'VWS100001';

test('shows each service with its usage and backup, and refreshes it', async ({ page, axe }) => {
  await openSignedIn(page, CUSTOMER, '/vwseries');
  await expect(page.getByRole('heading', { name: 'VW series', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme plant floor' })).toBeVisible();
  const usage = page.getByRole('region', { name: `Usage of ${SERVICE}` });
  await expect(usage.getByText(/of 16 vCPU/)).toBeVisible();
  await expect(usage.getByRole('meter', { name: 'Memory used' })).toBeVisible();
  const backup = page.getByRole('region', { name: `Backup of ${SERVICE}` });
  await expect(backup.getByText('Nightly at 02:00 UTC')).toBeVisible();
  await axe();

  await page.getByRole('button', { name: `Refresh ${SERVICE}` }).click();
  await expect(page.getByText(`Refresh ${SERVICE} succeeded.`)).toBeVisible({ timeout: 20_000 });
});

test('lists the VMs of a service, with power actions and console links', async ({ page, axe }) => {
  test.setTimeout(60_000);
  await openSignedIn(page, CUSTOMER, '/vwseries');
  await page.getByRole('link', { name: `Open ${SERVICE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/vwseries/${SERVICE}$`));
  await expect(
    page.getByRole('heading', { name: `VW series service ${SERVICE}`, level: 1 }),
  ).toBeVisible();
  const table = page.getByRole('grid', { name: `Virtual machines of ${SERVICE}` });
  await expect(table.getByRole('row').filter({ hasText: 'plant-scada' })).toBeVisible();
  const historian = table.getByRole('row').filter({ hasText: 'plant-historian' });
  await expect(historian).toBeVisible();
  await expect(
    historian.getByRole('link', { name: 'Open the console of plant-historian' }),
  ).toHaveAttribute('href', new RegExp(`^/vwseries/${SERVICE}/\\d+/console$`));
  await axe();

  // A restart leaves the VM as it was for everyone else: on.
  await table.getByRole('checkbox', { name: 'Select plant-historian' }).check();
  await page
    .getByLabel('Selected rows', { exact: true })
    .getByRole('button', { name: 'Restart' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Restart 1 virtual machine?' });
  await expect(dialog.getByRole('listitem')).toHaveText(['plant-historian']);
  await dialog.getByRole('button', { name: 'Restart' }).click();
  await expect(dialog).toBeHidden();
  // One summary for the whole bulk action, however many VMs it had.
  await expect(page.getByText('1 of 1 VM restarted.')).toBeVisible({
    timeout: 20_000,
  });
});

test('lists the dedicated servers (dseries)', async ({ page, axe }) => {
  await openSignedIn(page, CUSTOMER, '/dseries');
  const table = page.getByRole('grid', { name: 'D series servers' });
  await expect(table.getByRole('row').filter({ hasText: 'acme-erp-metal' })).toContainText(
    'Running',
  );
  await expect(table.getByRole('row').filter({ hasText: 'acme-backup-metal' })).toContainText(
    'Maintenance',
  );
  await axe();
});
