import { request } from 'node:http';
import type { Page } from '@playwright/test';
import { runSubnet } from '../../scripts/lib/lxd-runs.mjs';
import { expect, openSignedIn, test } from './fixtures.ts';

// Networking and storage on the LXD site, in the browser, against the machine's real LXD (the
// second server global-setup starts with LXD=on): a network becomes a bridge, a VM on it shows its
// DHCP lease, a volume attached to it is mounted inside (df in the console), a public address
// assigned to it is a forward in LXD; everything is deleted in order, with the refusals on the
// way, and LXD is left as it was found.
const LXD_URL = process.env.E2E_LXD_URL;
const LXD_SOCKET = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
// Acme's project for the LXD server's installation (ADR 045; global-setup read its prefix).
const PROJECT = `${process.env.E2E_LXD_PREFIX ?? 'portal-'}uzz100001`;
const PREFIX = 'lxdnet-e2e-';
const RUN = Date.now().toString(36).slice(-5);
const NETWORK = `${PREFIX}${RUN}`;
const VM = `lxdnet-vm-${RUN}`;
const VOLUME = `e2e data ${RUN}`;
const GATEWAY = `lxdnet-gw-${RUN}`;
// A retry runs in a new worker with a new RUN; the portal still holds the first try's network, so
// each try takes a VLAN and a range of its own (the portal refuses a VLAN or range in use). The
// range is also the run's own on this machine (its LXD slot, global-setup): another suite's
// bridges share the host's routing table.
const SLOT = Number.parseInt(RUN, 36) % 5;
const VLAN = 3760 + SLOT;
const SUBNET = runSubnet(Number(process.env.E2E_LXD_SLOT ?? 0), 8 + SLOT);
const CIDR = `${SUBNET}.0/24`;
const IN_SUBNET = new RegExp(`${SUBNET.replaceAll('.', '\\.')}\\.\\d+`);

interface LxdNetwork {
  name: string;
  config: Record<string, string>;
}
interface LxdInstance {
  name: string;
  description: string;
  status: string;
  config: Record<string, string>;
  devices: Record<string, Record<string, string>>;
}
interface LxdForward {
  listen_address: string;
  config: Record<string, string>;
}

/** One call to LXD's REST API over its socket; resolves with the reply's metadata. */
function lxd(method: string, path: string, body?: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: LXD_SOCKET, path, method, timeout: 10_000 }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { metadata: unknown }).metadata));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** This installation's bridges of this spec (another run's carry another project). */
const bridges = async () =>
  ((await lxd('GET', '/1.0/networks?recursion=1')) as LxdNetwork[]).filter(
    (network) =>
      (network.config['user.portal.name'] ?? '').startsWith(PREFIX) &&
      network.config['user.portal.project'] === PROJECT,
  );
const ourBridge = async () =>
  (await bridges()).find((network) => network.config['user.portal.name'] === NETWORK);
const instance = async () =>
  ((await lxd('GET', `/1.0/instances?recursion=1&project=${PROJECT}`)) as LxdInstance[]).find(
    (each) => each.description === VM,
  );
const forwardsOn = async (bridge: string) =>
  ((await lxd('GET', `/1.0/networks/${bridge}/forwards?recursion=1`)) as LxdForward[] | null) ?? [];

/** Removes what this spec (or an earlier run of it) left: forwards, instances, volumes, bridges. */
async function cleanUp() {
  for (const bridge of await bridges()) {
    for (const forward of await forwardsOn(bridge.name))
      await lxd('DELETE', `/1.0/networks/${bridge.name}/forwards/${forward.listen_address}`);
    const instances = (await lxd(
      'GET',
      `/1.0/instances?recursion=1&project=${PROJECT}`,
    )) as LxdInstance[];
    for (const each of instances.filter((one) =>
      Object.values(one.devices).some((device) => device['network'] === bridge.name),
    )) {
      await lxd('PUT', `/1.0/instances/${each.name}/state?project=${PROJECT}`, {
        action: 'stop',
        force: true,
      });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await lxd('DELETE', `/1.0/instances/${each.name}?project=${PROJECT}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    await lxd('DELETE', `/1.0/networks/${bridge.name}`);
  }
  const volumes = ((await lxd(
    'GET',
    `/1.0/storage-pools/portal/volumes/custom?recursion=1&project=${PROJECT}`,
  )) ?? []) as { name: string; config: Record<string, string> }[];
  // LXD names a volume after the installation and its id (ADR 034); its mount path has our name.
  for (const volume of volumes.filter((each) =>
    (each.config['user.portal.path'] ?? '').startsWith('/mnt/e2e-data-'),
  ))
    await lxd(
      'DELETE',
      `/1.0/storage-pools/portal/volumes/custom/${volume.name}?project=${PROJECT}`,
    );
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits for the task's message, then dismisses it. */
async function taskSays(page: Page, text: string | RegExp) {
  const message = page.getByRole('status').filter({ hasText: text });
  await expect(message.first()).toBeVisible({ timeout: 90_000 });
  await message
    .first()
    .getByRole('button', { name: 'Dismiss' })
    .click()
    .catch(() => undefined);
}

test.describe('networking and storage on the LXD site', () => {
  test.skip(!LXD_URL, 'No LXD answers on this machine (npm run lxd:setup); CI requires it.');
  test.describe.configure({ mode: 'serial', timeout: 720_000 });
  // One step that cannot happen fails in a minute and a half, not at the end of the 12 minutes.
  test.use({ baseURL: LXD_URL ?? 'http://127.0.0.1:1', actionTimeout: 90_000 });
  test.beforeAll(async () => {
    if (LXD_URL) await cleanUp();
  });
  test.afterAll(async () => {
    if (LXD_URL) await cleanUp();
  });

  test('a network, a VM on it with a volume and a public address, then all of it deleted', async ({
    page,
  }) => {
    // 1. The network: a bridge in LXD with its range.
    await openSignedIn(page, 'acme@portal.test', '/networking/create');
    await page.getByRole('textbox', { name: 'Name' }).fill(NETWORK);
    await choose(page, 'Location', 'LXD1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'VLAN id' }).fill(String(VLAN));
    await page.getByRole('textbox', { name: 'IPv4 network (CIDR)' }).fill(CIDR);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create network' }).click();
    await expect(page).toHaveURL(/\/networking$/);
    await taskSays(page, 'Create network succeeded.');
    const bridge = await ourBridge();
    expect(bridge?.config['ipv4.address']).toBe(`${SUBNET}.1/24`);

    // 2. A VM on it: its address is LXD's DHCP lease from the network's range.
    await page.goto('/compute/create');
    await page.getByRole('textbox', { name: 'Name' }).fill(VM);
    await choose(page, 'Region', 'Local');
    await choose(page, 'Site', /LXD1/);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Standard 1/ }).check();
    await choose(page, 'Image', 'busybox');
    await page.getByRole('combobox', { name: 'Version' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, 'First adapter', `${NETWORK} (VLAN ${VLAN})`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create virtual machine' }).click();
    await expect(page).toHaveURL(/\/compute\/\d+$/, { timeout: 30_000 });
    const vmPath = new URL(page.url()).pathname;
    await taskSays(page, `Create ${VM} succeeded.`);
    expect((await instance())?.devices['eth0']?.['network']).toBe(bridge?.name);
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(IN_SUBNET).first()).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 60_000 });
    const ip = ((await page.getByText(IN_SUBNET).first().textContent()) ?? '').match(
      IN_SUBNET,
    )?.[0];

    // 3. A volume attached to it, mounted inside: df in the console shows it.
    await page.goto('/storage/create');
    await page.getByRole('radio', { name: 'An empty volume' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(VOLUME);
    await choose(page, 'Location', 'LXD1');
    await page.getByRole('spinbutton', { name: 'Size' }).fill('10');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create volume' }).click();
    await expect(page.getByRole('heading', { level: 1, name: VOLUME })).toBeVisible({
      timeout: 30_000,
    });
    const volumePath = new URL(page.url()).pathname;
    await taskSays(page, /succeeded/);
    await page.getByRole('button', { name: 'Attach' }).click();
    const attach = page.getByRole('dialog', { name: `Attach ${VOLUME}` });
    await attach.getByRole('combobox', { name: 'Virtual machine' }).click();
    await page.getByRole('option', { name: VM }).click();
    await attach.getByRole('button', { name: 'Attach' }).click();
    await taskSays(page, /Attach.*succeeded/);
    // Attached, the volume cannot be deleted: the button says why.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      /attached/i,
    );
    await page.goto(vmPath);
    await expect(page.getByRole('button', { name: 'Open console' })).toBeEnabled({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Open console' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('textbox', { name: /terminal input/i }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('df');
    await page.keyboard.press('Enter');
    await expect(page.locator('.xterm-rows')).toContainText(`/mnt/e2e-data-${RUN}`, {
      timeout: 20_000,
    });

    // 4. A gateway and a public address of the site's pool, assigned to the VM: a forward.
    await page.goto('/networking?tab=gateways');
    await page.getByRole('button', { name: 'Create gateway' }).click();
    const gateway = page.getByRole('dialog', { name: 'Create a gateway' });
    await gateway.getByRole('textbox', { name: 'Name' }).fill(GATEWAY);
    await choose(page, 'Location', 'LXD1');
    await gateway.getByRole('button', { name: 'Create gateway' }).click();
    await taskSays(page, `Create gateway ${GATEWAY} succeeded.`);
    await page.goto('/networking?tab=addresses');
    await page.getByRole('button', { name: 'Allocate address' }).click();
    const allocate = page.getByRole('dialog', { name: 'Allocate a public address' });
    await choose(page, 'Gateway', GATEWAY);
    await allocate.getByRole('button', { name: 'Allocate', exact: true }).click();
    await taskSays(page, /succeeded/);
    const grid = page.getByRole('grid', { name: 'Public addresses' });
    const free = grid.getByRole('row').filter({ hasText: 'Not assigned' }).last();
    await expect(free).toContainText('Allocated');
    const address = ((await free.getByRole('gridcell').first().textContent()) ?? '').trim();
    await free.getByRole('button', { name: `Actions for ${address}` }).click();
    await page.getByRole('menuitem', { name: 'Assign to a virtual machine…' }).click();
    const assign = page.getByRole('alertdialog', { name: `Assign ${address}` });
    await choose(page, 'Virtual machine', VM);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await taskSays(page, `Assign ${address} succeeded.`);
    const row = grid.getByRole('row').filter({ hasText: address });
    await expect(row).toContainText(VM);
    const forward = (await forwardsOn(bridge?.name ?? '')).find(
      (each) => each.listen_address === address,
    );
    expect(forward?.config['target_address']).toBe(ip);

    // 5. Delete in order, refused on the way: the network while the VM is on it.
    await page.goto('/networking');
    await page.getByRole('link', { name: NETWORK }).click();
    await expect(
      page.getByText(/cannot be deleted while 1 virtual machine is attached/),
    ).toBeVisible();
    await page.goto('/networking?tab=addresses');
    await row.getByRole('button', { name: `Actions for ${address}` }).click();
    await page.getByRole('menuitem', { name: 'Remove NAT entry' }).click();
    await taskSays(page, `Remove NAT of ${address} succeeded.`);
    await expect.poll(async () => (await forwardsOn(bridge?.name ?? '')).length).toBe(0);
    await row.getByRole('button', { name: `Actions for ${address}` }).click();
    await page.getByRole('menuitem', { name: 'Release' }).click();
    await page
      .getByRole('alertdialog', { name: `Release ${address}?` })
      .getByRole('button', { name: 'Release' })
      .click();
    await taskSays(page, `Release ${address} succeeded.`);

    await page.goto(volumePath);
    await page.getByRole('button', { name: 'Detach' }).click();
    await page
      .getByRole('alertdialog', { name: `Detach ${VOLUME} from ${VM}?` })
      .getByRole('button', { name: 'Detach' })
      .click();
    await taskSays(page, /Detach.*succeeded/);
    await page.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('alertdialog', { name: `Delete volume ${VOLUME}?` });
    await remove.getByRole('textbox').fill(VOLUME);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await taskSays(page, /succeeded/);

    await page.goto(vmPath);
    await page.getByRole('button', { name: `More actions for ${VM}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${VM}?` });
    await confirm.getByRole('textbox', { name: 'VM name' }).fill(VM);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // The portal's task ends after LXD's instance is gone (it then forgets the VM and its port):
    // the network counts the VM until the task has said so.
    await taskSays(page, 'Delete succeeded.');
    await expect.poll(async () => instance(), { timeout: 90_000 }).toBeUndefined();

    await page.goto('/networking');
    await page.getByRole('link', { name: NETWORK }).click();
    await expect(page.getByRole('button', { name: 'Delete network' })).toBeEnabled();
    await page.getByRole('button', { name: 'Delete network' }).click();
    await expect(page).toHaveURL(/\/networking$/);
    await taskSays(page, 'Delete network succeeded.');

    await page.goto('/networking?tab=gateways');
    const gatewayRow = page
      .getByRole('grid', { name: 'Gateways' })
      .getByRole('row')
      .filter({ hasText: GATEWAY });
    await gatewayRow.getByRole('button', { name: `Actions for ${GATEWAY}` }).click();
    await page.getByRole('menuitem', { name: /Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await taskSays(page, /succeeded/);

    // 6. LXD is left clean: no bridge, forward, instance or volume of this run.
    expect(await ourBridge()).toBeUndefined();
    expect(await instance()).toBeUndefined();
  });
});
