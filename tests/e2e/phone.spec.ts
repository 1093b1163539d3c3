import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';

// At a phone's width (390 px) no page scrolls sideways: every list, and the detail page its first
// row opens, for a customer and for the administrator (whose header also holds the tenant
// switcher). With PHONE_SHOTS=<dir> each page is also saved as a PNG, light and dark, for a look.

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.PHONE_SHOTS;

const CUSTOMER_LISTS = [
  '/compute',
  '/vwseries',
  '/dseries',
  '/backup',
  '/networking',
  '/storage',
  '/monitoring',
  '/license',
  '/crowdstrike',
  '/phishing-prevention',
];
const ADMIN_LISTS = ['/user', '/role', '/log', '/compute', '/monitoring'];

/** How far the page reaches past the viewport's width, and the widest element doing it. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const excess = root.scrollWidth - root.clientWidth;
    if (excess <= 0) return { excess, culprit: '' };
    let culprit = '';
    let right = root.clientWidth;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && box.width > 0) {
        right = box.right;
        culprit = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)} "${(element.textContent ?? '').slice(0, 40)}"`;
      }
    }
    return { excess, culprit };
  });
}

/** Waits until the page has drawn its data: the heading, and no loading placeholders left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]:not(li)')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

async function check(page: Page, path: string, problems: string[]) {
  await settle(page);
  const { excess, culprit } = await overflow(page);
  if (excess > 0) problems.push(`${path}: ${excess} px too wide (${culprit})`);
  if (SHOTS) {
    const name = path.replace(/\W+/g, '_');
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => {
        document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
      }, theme === 'dark');
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
    }
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  }
}

/** Opens the first row of the list on screen (its card's title), if it has one. */
async function openFirstRow(page: Page, list: string): Promise<boolean> {
  const title = page.locator('main li h3 button').first();
  if ((await title.count()) === 0) return false;
  await title.click();
  await expect(page).not.toHaveURL(new RegExp(`${list}(\\?.*)?$`), { timeout: 10_000 });
  return true;
}

async function visitAll(page: Page, lists: readonly string[]) {
  const problems: string[] = [];
  for (const list of lists) {
    await page.goto(list);
    await check(page, list, problems);
    if (await openFirstRow(page, list)) await check(page, new URL(page.url()).pathname, problems);
  }
  expect(problems).toEqual([]);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });
  test.setTimeout(240_000);

  test('no page of a customer scrolls sideways', async ({ page }) => {
    await openSignedIn(page, 'acme@portal.test', '/compute');
    await visitAll(page, CUSTOMER_LISTS);
  });

  test('no page of the administrator scrolls sideways, and the brand keeps its name', async ({
    page,
  }) => {
    await openSignedIn(page, 'admin@portal.test', '/compute');
    // The brand's text is drawn whole: no box around it clips it (the switcher gives way).
    const clipped = await page.getByText('Skyport Cloud', { exact: true }).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const bounds = box.getBoundingClientRect();
        if (text.right > bounds.right + 0.5 || text.left < bounds.left - 0.5)
          return `${Math.round(text.width)} px of text in ${Math.round(bounds.width)} px`;
      }
      return '';
    });
    expect(clipped, 'the brand is not cut short').toBe('');
    // The tenant switcher moved from the app bar into the drawer, where it has the drawer's width.
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    const switcher = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('combobox', { name: 'Work in tenant' });
    await expect(switcher).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Work in tenant' })).toHaveCount(1);
    expect((await switcher.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await page.keyboard.press('Escape');
    await visitAll(page, ADMIN_LISTS);
  });
});
