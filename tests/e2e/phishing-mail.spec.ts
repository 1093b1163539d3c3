import { expect, openSignedIn, test } from './fixtures.ts';

// A campaign sent for real: the e2e stack's server sends through its mail catcher (SMTP_URL), so
// the message is read from the catcher's API and its link clicked like a recipient would. Acme
// stays simulated (PHISHING_SIMULATED_TENANTS, global-setup.ts); this runs as the internal user.
const OPERATOR = 'internal@portal.test';
const LINK = /http:\/\/127\.0\.0\.1:\d+\/t\/[\w-]+\/[\w-]+/;

test('a launched campaign e-mails its link; the click and the submission count, nothing typed is kept', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const address = `mail-${stamp}@internal.example`;
  const group = `mail-e2e-${stamp}`;

  await openSignedIn(page, OPERATOR, '/phishing-prevention');
  await page.getByRole('button', { name: 'Import recipients' }).click();
  const importing = page.getByRole('dialog', { name: 'Import recipients' });
  await importing.getByLabel('CSV file').setInputFiles({
    name: `${group}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,first_name,last_name,department\n${address},Mia,Mail,IT\n`),
  });
  await importing.getByRole('button', { name: /^Import 1 recipient/ }).click();
  await expect(importing).toBeHidden();

  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel(/^Name/).fill(`Real mail ${stamp}`);
  await dialog.getByRole('combobox', { name: 'Recipient group' }).click();
  await page.getByRole('option', { name: `${group} (1)` }).click();
  await dialog.getByRole('combobox', { name: 'E-mail template' }).click();
  await page.getByRole('option', { name: 'Password expiry notice (built-in)' }).click();
  await dialog.getByRole('combobox', { name: 'Landing page' }).click();
  await page.getByRole('option', { name: 'Sign-in page (built-in)' }).click();
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/phishing-prevention\/\d+$/);
  const campaignUrl = page.url();
  // The list stays on screen while the campaign's page loads, and its "Launched" column header is
  // a button too: wait for the campaign's page, then press its Launch button by its exact name.
  await expect(page.getByRole('heading', { name: `Real mail ${stamp}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Launch', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: `Launch Real mail ${stamp}?` })
    .getByRole('button', { name: 'Launch to 1' })
    .click();
  await expect(page.getByText('Launch succeeded.')).toBeVisible({ timeout: 20_000 });

  // The message, as the catcher received it.
  let text = '';
  await expect
    .poll(
      async () => {
        const reply = await request.get(
          `${process.env.E2E_MAIL_URL}/api/messages?to=${encodeURIComponent(address)}`,
        );
        const messages = (
          (await reply.json()) as { data: Array<{ subject: string; text: string }> }
        ).data;
        text = messages[0]?.text ?? '';
        return messages[0]?.subject;
      },
      { timeout: 30_000 },
    )
    .toBe('Your password expires today');
  expect(text).toContain('Hello Mia,');
  const link = LINK.exec(text)?.[0];
  expect(link).toBeTruthy();

  // The recipient clicks and types into the landing page.
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(address);
  await page.getByLabel('Password').fill('typed-by-the-recipient');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'This was a phishing simulation' })).toBeVisible();
  await expect(page.getByText('Nothing you typed was kept.')).toBeVisible();

  // One load of the campaign page shows the click and the submission.
  await page.goto(campaignUrl);
  await expect(page.getByRole('group', { name: 'Sent', exact: true })).toContainText('1 of 1');
  await expect(page.getByRole('group', { name: 'Clicked', exact: true })).toContainText('100');
  await expect(page.getByRole('group', { name: 'Submitted data', exact: true })).toContainText(
    '100',
  );
  await expect(page.getByRole('list', { name: 'Latest activity' })).toContainText(/submitted/i);
});
