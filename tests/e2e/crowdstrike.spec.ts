import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';

// acme@portal.test (UZZ100001) has the demo "Acme Managed EDR" subscription: a sensor on each of
// its VMs and a few laptops (LT-…), which the simulated platform keeps online.
const CUSTOMER = 'acme@portal.test';
const SUBSCRIPTION = 'Acme Managed EDR';

async function openMedr(page: Page, tab: 'Overview' | RegExp | 'Detections') {
  await openSignedIn(page, CUSTOMER, '/crowdstrike');
  await page
    .getByRole('grid', { name: 'Endpoint security subscriptions' })
    .getByRole('link', { name: SUBSCRIPTION })
    .click();
  await expect(page.getByRole('heading', { name: SUBSCRIPTION, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

const hostnames = async (page: Page) => {
  const grid = page.getByRole('grid', { name: 'Hosts' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  return (await grid.getByRole('row').all()).slice(1);
};

test('contains a laptop and lifts the containment', async ({ page, axe }) => {
  test.setTimeout(90_000);
  await openMedr(page, /^Hosts/);
  const grid = page.getByRole('grid', { name: 'Hosts' });
  const laptop = grid.getByRole('row').filter({ hasText: /LT-\d{3}-02/ });
  await expect(laptop).toContainText('Online');
  const hostname = (await laptop.getByRole('gridcell').first().innerText()).trim();
  await axe();

  await laptop.getByRole('button', { name: `Actions for ${hostname}` }).click();
  await page.getByRole('menuitem', { name: 'Contain' }).click();
  const contain = page.getByRole('alertdialog', { name: `Contain ${hostname}?` });
  await contain.getByRole('button', { name: 'Contain' }).click();
  await expect(page.getByText('Contain host succeeded.')).toBeVisible({ timeout: 20_000 });
  await expect(laptop).toContainText('Contained');

  await laptop.getByRole('button', { name: `Actions for ${hostname}` }).click();
  await page.getByRole('menuitem', { name: 'Lift containment' }).click();
  const lift = page.getByRole('alertdialog', { name: `Lift containment of ${hostname}?` });
  await lift.getByRole('button', { name: 'Lift containment' }).click();
  await expect(page.getByText('Lift containment succeeded.')).toBeVisible({ timeout: 20_000 });
  await expect(laptop).toContainText('Online');
});

test('closes a detection as a false positive: it leaves the open queue; its page and its host page show it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openMedr(page, 'Detections');
  const grid = page.getByRole('grid', { name: 'Detections' });
  const first = grid.getByRole('row').nth(1);
  const checkbox = first.getByRole('checkbox');
  await expect(checkbox).toBeVisible();
  const label = (await checkbox.getAttribute('aria-label')) ?? '';
  expect(label).toMatch(/^Select /);
  const tactic = (await first.getByRole('link').first().innerText()).trim();
  await checkbox.check();
  await page
    .getByLabel('Selected rows', { exact: true })
    .getByRole('button', { name: 'Change status' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change the detection' });
  // It starts on the detection's own status; closing asks what it was.
  const status = dialog.getByRole('combobox', { name: /^Status/ });
  await expect(status).not.toContainText('Closed');
  await status.click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Benign: the admin ran the tool.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Say what the detection was.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'False positive' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The detection was updated.')).toBeVisible();

  // Closed, it leaves the default (open) view, and shows among the closed ones with what it was.
  const row = grid.getByRole('row').filter({ has: page.getByRole('checkbox', { name: label }) });
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Show/ }).click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await expect(row).toContainText('Closed');
  await expect(row).toContainText('False positive');

  // Its page: the resolution, the comment, and a link to its host's page.
  await row.getByRole('link', { name: tactic }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${tactic} on `) }),
  ).toBeVisible();
  const card = page.getByRole('group', { name: 'Detection' });
  await expect(card).toContainText('False positive');
  await expect(
    page.getByRole('list', { name: 'Comments' }).getByText('Benign: the admin ran the tool.'),
  ).toBeVisible();
  const hostLink = card.getByRole('link');
  const hostname = ((await hostLink.innerText()).split(' (')[0] ?? '').trim();
  await hostLink.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(hostname) })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sensor' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Detections' })).toBeVisible();
});

test('the figures filter the hosts table', async ({ page }) => {
  test.setTimeout(60_000);
  await openMedr(page, 'Overview');
  const figures = page.getByRole('group', { name: `${SUBSCRIPTION} figures` });
  await figures.getByRole('link', { name: 'Show stale hosts' }).click();
  await expect(page.getByRole('tab', { name: /^Hosts/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: /^Show/ })).toContainText('Stale hosts');
  await expect(page).toHaveURL(/hosts=stale/);
});

test('the outdated sensor filter follows a policy change', async ({ page }) => {
  test.setTimeout(90_000);
  await openMedr(page, 'Overview');
  const policy = async (mode: string, pinned?: 'oldest') => {
    await page.getByRole('button', { name: 'Edit policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sensor update policy' });
    await dialog.getByRole('combobox', { name: /^Sensor version/ }).click();
    await page.getByRole('option', { name: mode }).click();
    if (pinned) {
      await dialog.getByRole('combobox', { name: /^Pinned version/ }).click();
      await page.getByRole('option').last().click();
    }
    await dialog.getByRole('button', { name: 'Save policy' }).click();
    await expect(page.getByText('The sensor update policy was saved.').first()).toBeVisible();
  };
  const show = async (choice: 'All hosts' | 'Outdated sensor') => {
    await page.getByRole('combobox', { name: /^Show/ }).click();
    await page.getByRole('option', { name: choice }).click();
  };

  await policy('Latest');
  await page.getByRole('tab', { name: /^Hosts/ }).click();
  const outdated: string[] = [];
  for (const row of await hostnames(page))
    if ((await row.innerText()).includes('Outdated'))
      outdated.push((await row.getByRole('gridcell').first().innerText()).trim());
  expect(outdated.length).toBeGreaterThan(0);

  await show('Outdated sensor');
  const grid = page.getByRole('grid', { name: 'Hosts' });
  // Only outdated sensors, those seen a moment ago among them (hosts keep checking in, and
  // other tests add hosts, so the count may have grown since).
  const hosts = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(hosts.filter({ hasNotText: 'Outdated' })).toHaveCount(0);
  for (const hostname of outdated)
    await expect(grid.getByRole('row').filter({ hasText: hostname })).toHaveCount(1);

  // Pinned to the oldest release, no sensor is older than the policy asks.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await policy('Pinned version', 'oldest');
  await page.getByRole('tab', { name: /^Hosts/ }).click();
  await show('Outdated sensor');
  await expect(page.getByText('No outdated sensors')).toBeVisible();
});
