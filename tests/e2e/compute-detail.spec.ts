import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

const CUSTOMER = 'acme@portal.test';
// A task's outcome shows after the portal's next 5000 ms poll; a queued message waits for the one
// before it to go.
const OUTCOME = { timeout: 20_000 };

/** A VM of the test's own, so parallel tests never share one. */
async function freshVm(name: string) {
  const api = await apiAs(CUSTOMER);
  return { api, vm: await api.createVm(`${name}-${Date.now().toString(36)}`) };
}

/** Waits for a snackbar message, then dismisses it so the next one shows at once. */
async function expectMessage(page: Page, text: string | RegExp) {
  const message = page
    .getByRole(typeof text === 'string' && / failed : /.test(text) ? 'alert' : 'status')
    .filter({ hasText: text });
  await expect(message).toBeVisible(OUTCOME);
  await message.getByRole('button', { name: 'Dismiss' }).click();
}

test.describe('virtual machine detail', () => {
  // Each task costs a 5000 ms poll, and a test runs several.
  test.describe.configure({ timeout: 90_000 });

  test('powers a VM off and on again', async ({ page }) => {
    const { vm } = await freshVm('power');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await expect(page.getByRole('heading', { level: 1, name: vm.display_name })).toBeVisible();

    await page.getByRole('button', { name: 'Power', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Power off' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Power off ${vm.display_name}?` });
    await confirm.getByRole('button', { name: 'Power off' }).click();
    // a running task names itself on the button and holds the other actions
    await expect(page.getByRole('button', { name: 'Stopping…' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Power', exact: true })).toBeDisabled();
    await expectMessage(page, 'Power off succeeded.');
    await expect(page.getByRole('button', { name: 'Power on' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Open console' })).toBeDisabled();

    await page.getByRole('button', { name: 'Power on' }).click();
    await expectMessage(page, 'Power on succeeded.');
    await expect(page.getByRole('button', { name: 'Shut down' })).toBeEnabled();
  });

  test('creates a snapshot, edits it, reverts to it and deletes it', async ({ page }) => {
    const { vm } = await freshVm('snap');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('tab', { name: 'Snapshots' }).click();
    await expect(page.getByText('No snapshots yet')).toBeVisible();

    await page.getByRole('button', { name: 'Create snapshot' }).click();
    const create = page.getByRole('dialog', { name: /Create a snapshot/ });
    // the form says which field is wrong and why
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      /Name is required\./,
    );
    await create.getByRole('textbox', { name: 'Name' }).fill('before upgrade');
    await create.getByRole('textbox', { name: 'Description' }).fill('clean install');
    await create.getByRole('button', { name: 'Create' }).click();
    await expectMessage(page, 'Create snapshot succeeded.');

    const tree = page.getByRole('tree', { name: `Snapshots of ${vm.display_name}` });
    await tree.getByRole('treeitem', { name: /before upgrade/ }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit snapshot before upgrade' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('clean install, patched');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectMessage(page, 'Edit snapshot succeeded.');
    await tree.getByRole('treeitem', { name: /before upgrade/ }).click();
    await expect(page.getByText('clean install, patched')).toBeVisible();

    await page.getByRole('button', { name: 'Revert' }).click();
    await page
      .getByRole('alertdialog', { name: /Revert .* to before upgrade\?/ })
      .getByRole('button', { name: 'Revert' })
      .click();
    await expectMessage(page, 'Revert snapshot succeeded.');

    await tree.getByRole('treeitem', { name: /before upgrade/ }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete snapshot before upgrade?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectMessage(page, 'Delete snapshot succeeded.');
    await expect(page.getByText('No snapshots yet')).toBeVisible();
  });

  test('deletes all snapshots once the VM name is typed', async ({ page }) => {
    const { api, vm } = await freshVm('snapall');
    for (const name of ['one', 'two']) {
      const { task_id: taskId } = await api.call<{ task_id: number }>(
        'POST',
        `/services/eseries/${vm.id}/snapshot`,
        { snap_op: 'CreateSnapshot', name },
      );
      await api.waitForTask(taskId);
    }
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('tab', { name: 'Snapshots' }).click();
    const tree = page.getByRole('tree', { name: `Snapshots of ${vm.display_name}` });
    await expect(tree.getByRole('treeitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete all' }).click();
    const confirm = page.getByRole('alertdialog', { name: /Delete all 2 snapshots/ });
    const button = confirm.getByRole('button', { name: 'Delete all' });
    await expect(button).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'VM name' }).fill(vm.display_name);
    await button.click();
    await expectMessage(page, 'Delete all snapshots succeeded.');
    await expect(page.getByText('No snapshots yet')).toBeVisible();
  });

  test('a resize beyond the plan is refused in place, before any request', async ({ page }) => {
    const { vm } = await freshVm('resize');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('button', { name: 'Resize', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Resize ${vm.display_name}` });
    const vcpus = dialog.getByRole('spinbutton', { name: 'vCPUs' });
    await vcpus.fill(String(vm.plan.max_vcpus * 2));
    await vcpus.press('Tab');
    await dialog.getByRole('button', { name: 'Resize' }).click();
    await expect(vcpus).toHaveAccessibleDescription(
      new RegExp(`The plan ${vm.plan.name} allows at most ${vm.plan.max_vcpus} vCPUs\\.`),
    );
    // nothing was started: cancelling leaves the actions as they were
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Resize', exact: true })).toBeEnabled();
  });

  test('creates and cancels a NAT', async ({ page }) => {
    const { vm } = await freshVm('nat');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByRole('button', { name: 'Create NAT' }).click();
    const dialog = page.getByRole('dialog', { name: /Create a NAT/ });
    await expect(dialog.getByRole('combobox', { name: 'Gateway' })).toContainText(/gateway/i);
    await dialog.getByRole('button', { name: 'Create NAT' }).click();
    await expectMessage(page, 'Create NAT succeeded.');

    const table = page.getByRole('grid', { name: `NAT entries of ${vm.display_name}` });
    const cancel = table.getByRole('button', { name: /^Remove NAT / });
    await expect(table.getByText('Active')).toBeVisible();
    await cancel.click();
    await page
      .getByRole('alertdialog', { name: /Remove the NAT of/ })
      .getByRole('button', { name: 'Remove NAT' })
      .click();
    await expectMessage(page, 'Remove NAT succeeded.');
    await expect(table.getByText('Removed')).toBeVisible();
  });

  test('adds and deletes a firewall rule', async ({ page }) => {
    const { vm } = await freshVm('fw');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: /Add a firewall rule/ });
    // Nothing is chosen for the person: direction, protocol and action are theirs to pick.
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await dialog.getByRole('radio', { name: /Incoming/ }).check();
    await dialog.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('option', { name: 'TCP', exact: true }).click();
    await dialog.getByRole('radio', { name: /Allow/ }).check();
    await dialog.getByRole('textbox', { name: 'Ports' }).fill('70000');
    // A rule open to the whole internet says so.
    await dialog.getByRole('textbox', { name: 'Source' }).fill('0.0.0.0/0');
    await expect(
      dialog.getByText('This rule applies to every address on the internet.'),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Source' }).fill('203.0.113.0/24');
    await dialog.getByRole('textbox', { name: 'Destination' }).fill('10.100.0.5/32');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('https from the office');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Ports' })).toHaveAccessibleDescription(
      /from 1 to 65535/,
    );
    await dialog.getByRole('textbox', { name: 'Ports' }).fill('443');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expectMessage(page, 'Add firewall rule succeeded.');

    const table = page.getByRole('grid', { name: `Firewall rules of ${vm.display_name}` });
    const row = table.getByRole('row').filter({ hasText: 'https from the office' });
    await expect(row).toContainText('203.0.113.0/24');
    await row.getByRole('button', { name: /^Delete firewall rule/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this firewall rule?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectMessage(page, 'Delete firewall rule succeeded.');
    await expect(row).toHaveCount(0);
  });

  test('renames, moves an adapter to another VLAN and boots from a CD-ROM', async ({ page }) => {
    const { vm } = await freshVm('misc');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);

    await page.getByRole('button', { name: `More actions for ${vm.display_name}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${vm.display_name}` });
    await rename.getByRole('textbox', { name: 'Name' }).fill('web/01');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      /letters, digits, spaces, dots, dashes and underscores/,
    );
    const renamed = `${vm.display_name}-renamed`;
    await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expectMessage(page, 'Rename succeeded.');
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await page.getByRole('tab', { name: 'Network' }).click();
    await page.getByRole('button', { name: 'Change VLAN of adapter 1' }).click();
    const vlan = page.getByRole('dialog', { name: 'Change the VLAN of adapter 1' });
    await vlan.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: /VLAN 200/ }).click();
    await vlan.getByRole('button', { name: 'Change VLAN' }).click();
    await expectMessage(page, 'Change VLAN succeeded.');
    await expect(page.getByRole('region', { name: 'Adapter 1' })).toContainText('200');

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Attach', exact: true }).click();
    const attach = page.getByRole('dialog', { name: /Attach a CD-ROM/ });
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expect(attach.getByRole('combobox', { name: 'Medium' })).toHaveAccessibleDescription(
      /Choose the image to attach from the media library\./,
    );
    await attach.getByRole('combobox', { name: 'Medium' }).click();
    await page.getByRole('option').first().click();
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expectMessage(page, 'Attach CD-ROM succeeded.');
    await page.getByRole('button', { name: 'Detach' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Detach' }).click();
    await expectMessage(page, 'Detach CD-ROM succeeded.');
    await expect(page.getByRole('button', { name: 'Attach', exact: true })).toBeVisible();
  });

  test('has no accessibility violations', async ({ page, axe }) => {
    const { vm } = await freshVm('a11y');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}`);
    await expect(page.getByRole('heading', { level: 1, name: vm.display_name })).toBeVisible();
    await axe();
    for (const tab of ['Snapshots', 'Network', 'Metrics']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await axe();
    }
  });

  test('the back button returns to the list with its search', async ({ page }) => {
    const { vm } = await freshVm('back');
    await openSignedIn(page, CUSTOMER, `/compute/${vm.id}?prevSearch=x`);
    await page.getByRole('main').getByRole('link', { name: 'Virtual machines' }).click();
    await expect(page).toHaveURL(/\/compute\?prevSearch=x$/);
  });

  test('a search survives list → detail → back', async ({ page }) => {
    const { vm } = await freshVm('xbox');
    await openSignedIn(page, CUSTOMER, '/compute?prevSearch=x');
    await page.getByRole('link', { name: vm.display_name }).click();
    await expect(page).toHaveURL(new RegExp(`/compute/${vm.id}\\?prevSearch=x$`));
    await page.getByRole('main').getByRole('link', { name: 'Virtual machines' }).click();
    await expect(page).toHaveURL(/\/compute\?prevSearch=x$/);
    await expect(
      page
        .getByRole('searchbox')
        .or(page.getByRole('textbox', { name: /search/i }))
        .first(),
    ).toHaveValue('x');
  });
});
