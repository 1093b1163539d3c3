import type { Locator } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';

// Tables that fit: at the widths people use, a list keeps its key signal whole, and the columns
// that give way are the least important ones, whatever the rows hold.

/** The texts of a column's cells that are cut (an ellipsis) in the rows shown. */
const cutCells = (grid: Locator, column: string) =>
  grid.evaluate((table, id) => {
    const cut: string[] = [];
    for (const cell of table.querySelectorAll<HTMLElement>(`tbody [data-col="${id}"]`)) {
      const content = cell.querySelector<HTMLElement>('span') ?? cell;
      if (content.scrollWidth > content.clientWidth + 1) cut.push(content.textContent ?? '');
    }
    return cut;
  }, column);

const headers = async (grid: Locator) =>
  (await grid.getByRole('columnheader').allTextContents()).map((text) => text.trim());

test('at 1,440 px the volume list reads every name whole; Created gives way first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, 'acme@portal.test', '/storage');
  const grid = page.getByRole('grid', { name: 'Volumes' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  // The demo's longest name, "acme-web-before-upgrade", was cut while Created stayed.
  await expect(grid).toContainText('acme-web-before-upgrade');
  expect(await cutCells(grid, 'name')).toEqual([]);
  const shown = await headers(grid);
  for (const key of ['Name', 'State', 'Size', 'Attached to']) expect(shown).toContain(key);
  // The table does not scroll sideways.
  expect(
    await grid.evaluate((table) => {
      const scroller = table.parentElement;
      return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
    }),
  ).toBeLessThanOrEqual(1);
});

test('at 1,280 px the audit log keeps time, user, action, result, target and tenant', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, 'admin@portal.test', '/log');
  const grid = page.getByRole('grid', { name: 'Audit log' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  // Which columns show does not depend on how long an address or a name in the rows is: the
  // columns without a priority of their own dropped first when a full run's rows were long.
  await expect
    .poll(() => headers(grid))
    .toEqual(expect.arrayContaining(['Time', 'User', 'Action', 'Result', 'Target', 'Tenant']));
});
