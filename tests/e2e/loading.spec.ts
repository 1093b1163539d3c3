import { expect, test } from './fixtures.ts';

test('the sign-in page downloads no area code but its own', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const areas = scripts
    .filter((path) => path.includes('/area-'))
    .map((path) => path.replace(/^.*\/area-([\w-]+?)-[\w-]{8,}\.js$/, '$1'));
  expect(areas).toEqual(['auth']);
});

test('a dark-mode reload paints dark before the app runs', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.evaluate(() => localStorage.setItem('portal.darkmode', 'true'));
  // With the app's modules blocked, only the inline boot script can set the theme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // ...and the stylesheet alone paints the page dark.
  const background = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
  const [r = 255, g = 255, b = 255] = background.match(/\d+/g)?.map(Number) ?? [];
  expect(r + g + b, `html background ${background}`).toBeLessThan(150);
});
