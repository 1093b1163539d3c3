import { request } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';

// The LXD site, in the browser, against the machine's real LXD (`npm run lxd:setup`): global-setup
// starts a second server with LXD=on beside the demo stack. A customer creates a real instance,
// powers it, snapshots and reverts it, types in its console, reads its metrics and deletes it;
// each step is checked in LXD itself, in the tenant's own project.
const LXD_URL = process.env.E2E_LXD_URL;
const LXD_SOCKET = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
// Acme's project for the LXD server's installation (ADR 045; global-setup read its prefix).
const PROJECT = `${process.env.E2E_LXD_PREFIX ?? 'portal-'}uzz100001`;
const NAME = `lxd-e2e-${Date.now().toString(36).slice(-5)}`;

interface LxdInstance {
  name: string;
  description: string;
  status: string;
}

/** The tenant's instance named like the VM, as LXD reports it, or undefined. */
function lxdInstance(): Promise<LxdInstance | undefined> {
  return lxd('GET', `/1.0/instances?recursion=1&project=${PROJECT}`).then((all) =>
    ((all as LxdInstance[] | null) ?? []).find((each) => each.description === NAME),
  );
}

/** One call to LXD's REST API over its socket; resolves with the reply's metadata. */
function lxd(method: string, path: string, body?: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: LXD_SOCKET, path, method, timeout: 10_000 }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(body) as { metadata: unknown }).metadata));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits for the task's message, then dismisses it. */
async function taskSays(page: Page, text: string | RegExp) {
  const message = page.getByRole('status').filter({ hasText: text });
  await expect(message).toBeVisible({ timeout: 60_000 });
  await message.getByRole('button', { name: 'Dismiss' }).click();
}

test.describe('a VM on the LXD site', () => {
  test.skip(!LXD_URL, 'No LXD answers on this machine (npm run lxd:setup); CI requires it.');
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ baseURL: LXD_URL ?? 'http://127.0.0.1:1' });
  // What a failed run leaves in LXD goes with it.
  test.afterAll(async () => {
    const left = LXD_URL ? await lxdInstance() : undefined;
    if (!left) return;
    const path = `/1.0/instances/${left.name}`;
    await lxd('PUT', `${path}/state?project=${PROJECT}`, { action: 'stop', force: true });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await lxd('DELETE', `${path}?project=${PROJECT}`);
  });

  test('creates, powers, snapshots, reverts, opens the console of, charts and deletes a real instance', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme@portal.test', '/compute/create');

    // 1. Create on the LXD site: the wizard offers LXD's own images and networks.
    await page.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await choose(page, 'Region', 'Local');
    await choose(page, 'Site', /LXD1/);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Standard 1/ }).check();
    await choose(page, 'Image', 'busybox');
    await page.getByRole('combobox', { name: 'Version' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, 'First adapter', /portalbr0/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Step 4 of 4: Summary' })).toBeVisible();
    await page.getByRole('button', { name: 'Create virtual machine' }).click();
    await expect(page).toHaveURL(/\/compute\/\d+$/, { timeout: 20_000 });
    await taskSays(page, `Create ${NAME} succeeded.`);
    await expect
      .poll(async () => (await lxdInstance())?.status, { timeout: 30_000 })
      .toBe('Running');
    // The address is LXD's own DHCP lease on the setup's bridge, shown once LXD has it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/10\.211\.0\.\d+/).first()).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });

    // 2. Power off and on.
    await page.getByRole('button', { name: 'Power', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Power off' }).click();
    await page
      .getByRole('alertdialog', { name: `Power off ${NAME}?` })
      .getByRole('button', { name: 'Power off' })
      .click();
    await expect(page.getByRole('button', { name: 'Power on' })).toBeEnabled({ timeout: 60_000 });
    expect((await lxdInstance())?.status).toBe('Stopped');
    await page.getByRole('button', { name: 'Power on' }).click();
    await expect(page.getByRole('button', { name: 'Shut down' })).toBeEnabled({ timeout: 60_000 });
    expect((await lxdInstance())?.status).toBe('Running');

    // 3. A snapshot, and a revert to it.
    await page.getByRole('tab', { name: 'Snapshots' }).click();
    await page.getByRole('button', { name: 'Create snapshot' }).click();
    const create = page.getByRole('dialog', { name: /Create a snapshot/ });
    await create.getByRole('textbox', { name: 'Name' }).fill('before change');
    await create.getByRole('button', { name: 'Create' }).click();
    const tree = page.getByRole('tree', { name: `Snapshots of ${NAME}` });
    await expect(tree.getByRole('treeitem', { name: /before change/ })).toBeVisible({
      timeout: 60_000,
    });
    await tree.getByRole('treeitem', { name: /before change/ }).click();
    await page.getByRole('button', { name: 'Revert' }).click();
    await page
      .getByRole('alertdialog', { name: /Revert .* to before change\?/ })
      .getByRole('button', { name: 'Revert' })
      .click();
    await taskSays(page, /Revert.*succeeded/);
    // A snapshot without memory comes back powered off (§3), on LXD as on the simulator.
    await expect(page.getByRole('button', { name: 'Power on' })).toBeEnabled({ timeout: 30_000 });
    expect((await lxdInstance())?.status).toBe('Stopped');
    await page.getByRole('button', { name: 'Power on' }).click();

    // 4. The console: busybox's shell answers a typed command.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('button', { name: 'Open console' })).toBeEnabled({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Open console' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('textbox', { name: /terminal input/i }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('echo hello-$((6*7))');
    await page.keyboard.press('Enter');
    // The shell worked the sum out: the output is not our own typing echoed back.
    await expect(page.locator('.xterm-rows')).toContainText('hello-42', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Virtual machine' }).click();

    // 5. Metrics sampled from the instance.
    await page.getByRole('tab', { name: 'Metrics' }).click();
    await expect(async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Metrics' }).click();
      await expect(page.getByRole('img', { name: /Memory usage/ })).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 90_000 });

    // 6. Delete, with the name typed; the instance is gone from LXD.
    await page.getByRole('button', { name: `More actions for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${NAME}?` });
    await confirm.getByRole('textbox', { name: 'VM name' }).fill(NAME);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => lxdInstance(), { timeout: 60_000 }).toBeUndefined();
  });
});
