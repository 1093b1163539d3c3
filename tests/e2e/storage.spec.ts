import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

const CUSTOMER = 'acme@portal.test';
// A task's outcome shows after the portal's next 5000 ms poll.
const OUTCOME = { timeout: 20_000 };

/** Waits for a snackbar message, then dismisses it so the next one shows at once. */
async function expectMessage(page: Page, text: string) {
  const message = page.getByRole('status').filter({ hasText: text });
  await expect(message).toBeVisible(OUTCOME);
  await message.getByRole('button', { name: 'Dismiss' }).click();
}

test.describe('storage volumes', () => {
  // Five tasks, each seen at a 5000 ms poll.
  test.describe.configure({ timeout: 120_000 });

  test('makes a volume from a VM snapshot, attaches, extends, detaches and deletes it', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const api = await apiAs(CUSTOMER);
    const vm = await api.createVm(`vol-host-${suffix}`);
    const snapshot = await api.call<{ task_id: number }>(
      'POST',
      `/services/eseries/${vm.id}/snapshot`,
      { snap_op: 'CreateSnapshot', name: 'golden image', description: '' },
    );
    await api.waitForTask(snapshot.task_id);
    const name = `data-${suffix}`;

    // The VM's snapshot tree opens the creation with that snapshot.
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}?tab=snapshots`);
    const tree = page.getByRole('tree', { name: `Snapshots of ${vm.display_name}` });
    await tree.getByRole('treeitem', { name: /golden image/ }).click();
    await page.getByRole('button', { name: 'Create volume from snapshot' }).click();
    await expect(page).toHaveURL(/\/storage\/create\?vm=\d+&snapshot=\d+$/);
    await expect(
      page.getByRole('radio', { name: /A snapshot of a virtual machine/ }),
    ).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Snapshot' })).toContainText('golden image');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    // The size starts at the VM's disk.
    await expect(page.getByRole('spinbutton', { name: 'Size' })).toHaveValue(
      String(vm.disk_size_gb),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create volume' }).click();
    await expectMessage(page, `Create volume ${name} succeeded.`);
    await expect(page).toHaveURL(/\/storage\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Attach it to that VM.
    await page.getByRole('button', { name: 'Attach' }).click();
    const attach = page.getByRole('dialog', { name: `Attach ${name}` });
    await attach.getByRole('combobox', { name: 'Virtual machine' }).click();
    await page.getByRole('option', { name: vm.display_name }).click();
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expectMessage(page, `Attach ${name} to ${vm.display_name} succeeded.`);
    await expect(page.getByText('In use').first()).toBeVisible();
    // Deleting is refused while attached, with the reason.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      `The volume is attached to ${vm.display_name}; detach it before deleting it.`,
    );

    // Extend: only upward.
    await page.getByRole('button', { name: 'Extend' }).click();
    const extend = page.getByRole('dialog', { name: `Extend ${name}` });
    const size = extend.getByRole('spinbutton', { name: 'New size' });
    await size.fill(String(vm.disk_size_gb - 1));
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect(extend.getByText(/A volume can only grow/)).toBeVisible();
    await size.fill(String(vm.disk_size_gb + 40));
    // the size counts once the field is left; the error goes (the button moves up)
    await size.press('Tab');
    await expect(extend.getByText(/A volume can only grow/)).toBeHidden();
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expectMessage(page, `Extend ${name} succeeded.`);
    await expect(page.getByText(`${vm.disk_size_gb + 40} GB`).first()).toBeVisible();

    // The VM's page lists it.
    await page.getByRole('link', { name: vm.display_name }).click();
    await expect(page.getByRole('region', { name: `Volumes of ${vm.display_name}` })).toContainText(
      name,
    );
    await page.getByRole('link', { name }).click();

    // Detach, then delete with confirmation.
    await page.getByRole('button', { name: 'Detach' }).click();
    await page
      .getByRole('alertdialog', { name: `Detach ${name} from ${vm.display_name}?` })
      .getByRole('button', { name: 'Detach' })
      .click();
    await expectMessage(page, `Detach ${name} succeeded.`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('alertdialog', { name: `Delete volume ${name}?` });
    await remove.getByRole('textbox').fill(name);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expectMessage(page, `Delete ${name} succeeded.`);
    await expect(page).toHaveURL(/\/storage$/);
  });
});
