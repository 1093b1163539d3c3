import { expect, openSignedIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

// acme@portal.test (UZZ100001) runs two Windows VMs (plant-scada, plant-historian) and has two
// Windows Server Datacenter subscriptions: LIC-100001-01 (4 seats, renews) and LIC-100001-02
// (2 seats, ends in 18 days, does not renew).
const CUSTOMER = 'acme@portal.test';

test('counts a new Windows VM against its licence', async ({ page, axe }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, CUSTOMER, '/license');
  await expect(page.getByRole('heading', { name: 'Licences', level: 1 })).toBeVisible();
  const meter = page.getByRole('meter', { name: 'Windows Server Datacenter' });
  await expect(meter).toBeVisible();
  const before = Number(await meter.getAttribute('aria-valuenow'));
  await axe();

  const name = `lic-win-${Date.now() % 100_000}`;
  const api = await apiAs(CUSTOMER);
  await api.createVm(name, { image: /windows/i });

  await page.reload();
  await expect(meter).toHaveAttribute('aria-valuenow', String(before + 1));
  await expect(page.getByText(`${before + 1} of 6 seats used`)).toBeVisible();
  const table = page.getByRole('grid', { name: 'Licence subscriptions' });
  await expect(table.getByRole('row').filter({ hasText: 'LIC-100001-01' })).toContainText(name);
});

test('warns about seats unassigned before an expiry, and turns renewal on and off', async ({
  page,
}) => {
  await openSignedIn(page, CUSTOMER, '/license');
  await expect(
    page.getByText(
      /Windows Server Datacenter \(LIC-100001-02\) expires in \d+ days with 2 of 2 seats unassigned\./,
    ),
  ).toBeVisible();
  const expiring = page.getByRole('region', { name: 'Expiring within 30 days' });
  await expect(expiring.getByText(/LIC-100001-02.*does not renew/)).toBeVisible();

  await page
    .getByRole('button', { name: 'Actions for Windows Server Datacenter LIC-100001-02' })
    .click();
  await page.getByRole('menuitem', { name: 'Turn on automatic renewal' }).click();
  await expect(page.getByText('LIC-100001-02 now renews automatically.')).toBeVisible();
  await expect(expiring.getByText(/LIC-100001-02.*renews automatically/)).toBeVisible();

  // And off again, as the demo data had it.
  await page
    .getByRole('button', { name: 'Actions for Windows Server Datacenter LIC-100001-02' })
    .click();
  await page.getByRole('menuitem', { name: 'Turn off automatic renewal' }).click();
  await expect(page.getByText('LIC-100001-02 no longer renews automatically.')).toBeVisible();
  await expect(expiring.getByText(/LIC-100001-02.*does not renew/)).toBeVisible();
});
