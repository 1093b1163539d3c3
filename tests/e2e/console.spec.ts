import { expect, openSignedIn, test } from './fixtures.ts';
import type { Vm } from '@portal/api/contract';
import { apiAs } from './vm-api.ts';

const CUSTOMER = 'acme@portal.test';

test.describe('serial console', () => {
  test('shows the login prompt and echoes typing', async ({ page, axe }) => {
    const api = await apiAs(CUSTOMER);
    const vm = await api.createVm(`console-${Date.now().toString(36)}`);
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('button', { name: 'Open console' }).click();
    await expect(page).toHaveURL(new RegExp(`/compute/${vm.id}/console$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Console of ${vm.display_name}` }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();

    // What the terminal shows, row by row (xterm renders each row as a line of text).
    const screen = page.locator('.xterm-rows');
    const row = (text: RegExp) => screen.locator(':scope > div', { hasText: text });
    await expect(row(new RegExp(`^${vm.display_name} login:\\s*$`))).toBeVisible();
    await page.getByRole('textbox', { name: /terminal input/i }).focus();
    await page.keyboard.type('operator');
    await expect(screen).toContainText('login: operator');
    await page.keyboard.press('Enter');
    await expect(screen).toContainText('Password:');
    await page.keyboard.type('secret');
    await page.keyboard.press('Enter');
    await page.keyboard.type('echo hello console');
    await page.keyboard.press('Enter');
    await expect(row(/^\s*hello console\s*$/)).toBeVisible();
    await axe();

    // Reconnect opens a new session with a fresh ticket.
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
    await expect(screen).toContainText('reconnected');

    await page.getByRole('link', { name: 'Virtual machine' }).click();
    await expect(page).toHaveURL(new RegExp(`/compute/${vm.id}$`));
  });

  test('says why when the VM is powered off', async ({ page }) => {
    const api = await apiAs(CUSTOMER);
    const vm = await api.createVm(`console-off-${Date.now().toString(36)}`);
    const { task_id: taskId } = await api.call<{ task_id: number }>(
      'POST',
      `/services/eseries/${vm.id}/power_state`,
      { power_operation: 'powerOff' },
    );
    await api.waitForTask(taskId);
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.goto(`/compute/${vm.id}/console`);
    await expect(page.getByRole('status').filter({ hasText: 'Disconnected' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /powered-on/ })).toBeVisible();
  });

  test('opens the console of a vwseries VM', async ({ page }) => {
    const api = await apiAs(CUSTOMER);
    const serviceid = 'VWS100001';
    const vms = await api.call<Vm[]>('GET', `/services/vwseries/${serviceid}/vm`);
    const vm = vms.find((v) => v.power_state === 'poweredOn');
    if (!vm) throw new Error(`the demo service ${serviceid} has no powered-on VM`);
    await openSignedIn(page, CUSTOMER, `/vwseries/${serviceid}`);
    await page.goto(`/vwseries/${serviceid}/${vm.id}/console`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Console of ${vm.display_name}` }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
    await expect(page.locator('.xterm-rows')).toContainText('login:');
    await page.getByRole('link', { name: 'VW series service' }).click();
    await expect(page).toHaveURL(new RegExp(`/vwseries/${serviceid}$`));
  });
});
