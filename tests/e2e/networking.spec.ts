import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

// acme@portal.test (UZZ100001) has demo networks for its VMs' VLANs, the gateway ams1-edge and
// one spare public address. This test makes its own network and VM, named for this run.
const CUSTOMER = 'acme@portal.test';
const RUN = Date.now().toString(36).slice(-5);
const VLAN = 700 + (Date.now() % 300);
const NETWORK = `e2e-net-${RUN}`;
const VM = `e2e-vm-${RUN}`;
const CIDR = `172.16.${VLAN % 256}.0/24`;

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

const succeeded = (page: Page, text: string) =>
  expect(page.getByText(`${text} succeeded.`).first()).toBeVisible({ timeout: 30_000 });

test('a network from creation to deletion, with a VM on it and a public address', async ({
  page,
  axe,
}) => {
  test.setTimeout(240_000);
  await openSignedIn(page, CUSTOMER, '/networking');
  await expect(page.getByRole('heading', { name: 'Networking', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Create network' }).click();
  await expect(page).toHaveURL(/\/networking\/create$/);

  await page.getByRole('textbox', { name: 'Name' }).fill(NETWORK);
  await choose(page, 'Location', 'AMS1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'VLAN id' }).fill(String(VLAN));
  await page.getByRole('textbox', { name: 'IPv4 network (CIDR)' }).fill(CIDR);
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'Gateway', /^ams1-edge/);
  await page.getByRole('button', { name: 'Next' }).click();
  // The summary names what will be made, the gateway address and the resolvers included.
  const summary = page.locator('dl').filter({ hasText: 'Gateway address' });
  await expect(summary).toContainText(NETWORK);
  await expect(summary).toContainText(CIDR);
  await expect(summary).toContainText(String(VLAN));
  await expect(summary).toContainText(`172.16.${VLAN % 256}.1`);
  await expect(summary).toContainText('1.1.1.1, 9.9.9.9');
  await axe();
  await page.getByRole('button', { name: 'Create network' }).click();
  await expect(page).toHaveURL(/\/networking$/);
  await succeeded(page, 'Create network');

  // The new network is a portgroup of the VM wizard at once.
  await page.goto('/compute/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(VM);
  await choose(page, 'Region', 'Europe');
  await choose(page, 'Site', 'Amsterdam 1');
  await page.getByRole('radio', { name: /Zone A/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Standard 1/ }).check();
  await choose(page, 'Image', 'Ubuntu');
  await choose(page, 'Version', '24.04 LTS');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'First adapter', `${NETWORK} (VLAN ${VLAN})`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create virtual machine' }).click();
  await expect(page).toHaveURL(/\/compute\/\d+$/, { timeout: 20_000 });
  const vmPath = new URL(page.url()).pathname;
  await succeeded(page, `Create ${VM}`);

  // Both in the topology graph; zoom; open the VM from the graph.
  await page.goto('/networking?tab=topology');
  const graph = page.getByRole('region', { name: 'Network topology' });
  await expect(graph.getByRole('button', { name: new RegExp(`^${NETWORK}, `) })).toBeVisible();
  // In, then out again: with many machines the graph opens at its least zoom, where Zoom Out
  // is disabled.
  await page.getByRole('button', { name: 'Zoom In' }).click();
  await page.getByRole('button', { name: 'Zoom In' }).click();
  await page.getByRole('button', { name: 'Zoom Out' }).click();
  await graph.getByRole('button', { name: new RegExp(`^${VM}, 172\\.16\\.`) }).click();
  await expect(page).toHaveURL(new RegExp(`${vmPath}$`));

  // A public address: allocate, assign with NAT, cancel the NAT entry, release.
  await page.goto('/networking?tab=addresses');
  await page.getByRole('button', { name: 'Allocate address' }).click();
  const allocate = page.getByRole('dialog', { name: 'Allocate a public address' });
  await choose(page, 'Gateway', /^ams1-edge/);
  await allocate.getByRole('button', { name: 'Allocate', exact: true }).click();
  await succeeded(page, 'Allocate a public address');
  // The newest address is the last row, free for a machine.
  const grid = page.getByRole('grid', { name: 'Public addresses' });
  const free = grid.getByRole('row').filter({ hasText: 'Not assigned' }).last();
  await expect(free).toContainText('Allocated');
  const address = ((await free.getByRole('gridcell').first().textContent()) ?? '').trim();
  await free.getByRole('button', { name: `Actions for ${address}` }).click();
  await page.getByRole('menuitem', { name: 'Assign to a virtual machine…' }).click();
  const assign = page.getByRole('alertdialog', { name: `Assign ${address}` });
  await choose(page, 'Virtual machine', VM);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await succeeded(page, `Assign ${address}`);
  const row = grid.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText(VM);
  await row.getByRole('button', { name: `Actions for ${address}` }).click();
  await page.getByRole('menuitem', { name: 'Remove NAT entry' }).click();
  await succeeded(page, `Remove NAT of ${address}`);
  await expect(row).toContainText('Not assigned');
  await row.getByRole('button', { name: `Actions for ${address}` }).click();
  await page.getByRole('menuitem', { name: 'Release' }).click();
  await page
    .getByRole('alertdialog', { name: `Release ${address}?` })
    .getByRole('button', { name: 'Release' })
    .click();
  await succeeded(page, `Release ${address}`);
  await expect(grid.getByRole('row').filter({ hasText: address })).toHaveCount(0);

  // Delete is refused while the VM is attached; move the VM off, then delete.
  await page.goto('/networking');
  await page.getByRole('link', { name: NETWORK }).click();
  await expect(
    page.getByText(/cannot be deleted while 1 virtual machine is attached/),
  ).toBeVisible();
  await page.goto(`${vmPath}?tab=network`);
  await page.getByRole('button', { name: 'Change VLAN of adapter 1' }).click();
  await choose(page, 'Network', 'ams1-frontend (VLAN 100)');
  await page.getByRole('dialog').getByRole('button', { name: 'Change VLAN' }).click();
  await succeeded(page, 'Change VLAN');
  await page.goto('/networking');
  await page.getByRole('link', { name: NETWORK }).click();
  await page.getByRole('button', { name: 'Delete network' }).click();
  await expect(page).toHaveURL(/\/networking$/);
  await succeeded(page, 'Delete network');
  await expect(page.getByRole('link', { name: NETWORK })).toHaveCount(0);

  // Leave acme's VMs as they were for the other tests.
  const api = await apiAs(CUSTOMER);
  const vmId = Number(vmPath.split('/').at(-1));
  const removal = await api.call<{ task_id: number }>('DELETE', `/services/eseries/${vmId}`);
  await api.waitForTask(removal.task_id);
});

test('a gateway created at a site, with source NAT off', async ({ page, axe }) => {
  const gateway = `e2e-gw-${RUN}`;
  await openSignedIn(page, CUSTOMER, '/networking?tab=gateways');
  await page.getByRole('button', { name: 'Create gateway' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a gateway' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(gateway);
  await choose(page, 'Location', 'TYO1');
  await dialog.getByRole('switch', { name: 'Source NAT' }).click();
  await axe();
  await dialog.getByRole('button', { name: 'Create gateway' }).click();
  await succeeded(page, `Create gateway ${gateway}`);
  const row = page
    .getByRole('grid', { name: 'Gateways' })
    .getByRole('row')
    .filter({ hasText: gateway });
  await expect(row).toContainText('TYO1');
  await expect(row).toContainText('Off');
  await row.getByRole('button', { name: `Actions for ${gateway}` }).click();
  await page.getByRole('menuitem', { name: 'Turn source NAT on' }).click();
  await succeeded(page, `Source NAT on ${gateway}`);
  await expect(row).toContainText('On');
});
