import { readFileSync } from 'node:fs';
import { expect, openSignedIn, test } from './fixtures.ts';

// acme@portal.test (UZZ100001) has the recipient group "All staff" (24 people) and demo
// campaigns: three finished ones (Q1 to Q3), one running and one draft. No e-mail leaves the
// machine: the simulator decides what each recipient does, at SIMULATOR_SPEED 50 within seconds.
const CUSTOMER = 'acme@portal.test';

test('creates a recipient group from a CSV file, with the one bad row reported', async ({
  page,
  axe,
}) => {
  await openSignedIn(page, CUSTOMER, '/phishing-prevention');
  await expect(page.getByRole('heading', { name: 'Phishing prevention', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Click rate', exact: true })).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Import recipients' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import recipients' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'finance-team.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'email,first_name,last_name,department',
        'mia.finance@acme.example,Mia,Fischer,Finance',
        'noah.finance@acme.example,Noah,Meyer,Finance',
        'not-an-address,Olga,Wolf,Finance',
        'pia.finance@acme.example,Pia,Koch,Finance',
      ].join('\n'),
    ),
  });
  const rows = dialog.getByRole('grid', { name: 'Rows of the file' });
  await expect(rows.getByRole('row').filter({ hasText: 'not-an-address' })).toContainText(
    'not-an-address is not an e-mail address.',
  );
  await expect(
    dialog.getByText('3 rows can be imported; 1 row has a problem and is skipped.'),
  ).toBeVisible();
  await expect(dialog.getByLabel(/Group name/)).toHaveValue('finance-team');
  await axe();
  await dialog.getByRole('button', { name: 'Import 3 recipients' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Group finance-team was created with 3 recipients; 1 row was skipped.'),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recipient groups' }).getByRole('listitem').filter({
      hasText: 'finance-team',
    }),
  ).toContainText('3 recipients');
});

test('launches a campaign and watches its results arrive', async ({ page, axe }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, CUSTOMER, '/phishing-prevention');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel(/^Name/).fill('Gift card (e2e)');
  await dialog.getByRole('combobox', { name: 'Recipient group' }).click();
  await page.getByRole('option', { name: 'All staff (24)' }).click();
  await dialog.getByRole('combobox', { name: 'E-mail template' }).click();
  await page.getByRole('option', { name: 'Shared document (built-in)' }).click();
  await dialog.getByRole('combobox', { name: 'Landing page' }).click();
  await page.getByRole('option', { name: 'Sign-in page (built-in)' }).click();
  await dialog.getByRole('button', { name: 'Create draft' }).click();

  await expect(page).toHaveURL(/\/phishing-prevention\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Gift card (e2e)', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Launch', exact: true }).click();
  // Launching asks first, saying to how many and when.
  const launch = page.getByRole('alertdialog', { name: 'Launch Gift card (e2e)?' });
  await expect(launch).toContainText('The message goes to 24 recipients in All staff, from now');
  await launch.getByRole('button', { name: 'Launch to 24' }).click();
  await expect(page.getByText('Launch succeeded.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Running', { exact: true })).toBeVisible();

  // Results arrive as the simulated recipients act: first the messages, then opens.
  const table = page.getByRole('grid', { name: 'Recipients' });
  await expect(table.getByRole('row').filter({ hasText: 'ana.berg@acme.example' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sent', exact: true })).toContainText('24 of 24', {
    timeout: 20_000,
  });
  const activity = page.getByRole('list', { name: 'Latest activity' });
  await expect(activity).toContainText(/opened|clicked|reported/, { timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Opened', exact: true })).not.toContainText(
    /^Opened0 %/,
  );
  await axe();
});

test('exports the results of a campaign as CSV', async ({ page }) => {
  await openSignedIn(page, CUSTOMER, '/phishing-prevention');
  await page
    .getByRole('grid', { name: 'Campaigns' })
    .getByRole('row')
    .filter({ hasText: 'Password expiry (Q1)' })
    .click();
  await expect(page.getByRole('heading', { name: 'Password expiry (Q1)', level: 1 })).toBeVisible();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Recipients' });
  await expect(table.getByRole('row').filter({ hasText: 'ana.berg@acme.example' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^phishing-campaign-\d+-results\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('E-mail');
  expect(lines[0]).toContain('Reported');
  expect(lines).toHaveLength(25);
  expect(lines.some((line) => line.includes('ana.berg@acme.example'))).toBe(true);

  // The message as recipients saw it: in a sandboxed frame, under the portal's security policy.
  await page.getByRole('tab', { name: 'Message' }).click();
  const preview = page.frameLocator('iframe[title="Preview of Password expiry notice"]');
  await expect(preview.getByRole('link', { name: 'Keep my password' })).toBeVisible();
  await expect(page.locator('iframe[title="Preview of Password expiry notice"]')).toHaveAttribute(
    'sandbox',
    '',
  );
});
