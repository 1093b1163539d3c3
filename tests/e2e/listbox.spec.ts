import { expect, openSignedIn, test } from './fixtures.ts';

// An open listbox hides the page behind it from assistive technology and keeps it out of the
// focus order too (axe: aria-hidden-focus), in both themes; once closed the page is back.
for (const theme of ['light', 'dark'] as const) {
  test(`the Region listbox of the VM wizard passes axe while open (${theme})`, async ({
    page,
    axe,
  }) => {
    await page.addInitScript((dark) => {
      localStorage.setItem('portal.darkmode', String(dark));
    }, theme === 'dark');
    await openSignedIn(page, 'acme@portal.test', '/compute/create');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const region = page.getByRole('combobox', { name: 'Region' });
    await region.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    await axe();
    await page.getByRole('option', { name: 'Europe', exact: true }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(region).toBeFocused();
    await expect(region).toContainText('Europe');
  });
}
