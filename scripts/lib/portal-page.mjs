// What the browser scripts (benchmarks, screenshots) do on the portal's own pages.

/**
 * Fills in and sends the sign-in form already on screen, then waits for the signed-in shell.
 * @param {import('playwright').Page} page
 * @param {string} email
 * @param {string} password
 */
export async function signIn(page, email, password) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
