import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './fixtures.ts';
import { apiAs } from './vm-api.ts';

const PROVIDER = 'provider@portal.test';
const CUSTOMER = 'acme@portal.test';
// The creation's outcome shows after the portal's next 5000 ms poll.
const OUTCOME = { timeout: 20_000 };

/** A VM of the test's own, so parallel tests never share one. */
async function freshVm(name: string) {
  const api = await apiAs(CUSTOMER);
  return { api, vm: await api.createVm(`${name}-${Date.now().toString(36)}`) };
}

/** The provider sets up a ping monitor on the VM (the create flow is the first test's). */
async function pingMonitor(vmId: number, name: string): Promise<number> {
  const provider = await apiAs(PROVIDER);
  const accepted = await provider.call<{ task_id: number; id: number }>(
    'POST',
    '/services/monitoring',
    {
      name,
      tenant: 'UZZ100001',
      type: 'ping',
      target_kind: 'vm',
      vm_id: vmId,
      interval_seconds: 20,
      timeout_seconds: 5,
      retries: 0,
      contacts: [{ kind: 'email', address: 'ops@acme.example' }],
    },
  );
  await provider.waitForTask(accepted.task_id);
  return accepted.id;
}

async function powerOff(api: Awaited<ReturnType<typeof apiAs>>, vmId: number) {
  const accepted = await api.call<{ task_id: number }>(
    'POST',
    `/services/eseries/${vmId}/power_state`,
    { power_operation: 'powerOff' },
  );
  await api.waitForTask(accepted.task_id);
}

/** Reloads the monitor's page until its state chip says `state`. */
async function expectState(page: Page, state: string, timeout = 30_000) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(state, { exact: true }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout });
}

/** A shop on loopback for a real monitor; it can be stopped and started again on its port. */
async function loopbackShop() {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<h1>Shop</h1><p>All systems operational.</p>');
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    start: () => listen(port),
  };
}

test.describe('monitoring', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the provider creates a monitor for a customer VM, and the customer sees it', async ({
    page,
    browser,
  }) => {
    const { vm } = await freshVm('watched');
    const name = `ping ${vm.display_name}`;
    await openSignedIn(page, PROVIDER, '/monitoring/create');
    await page.getByRole('combobox', { name: 'Customer tenant' }).click();
    await page.getByRole('option', { name: /UZZ100001/ }).click();
    await page.getByRole('combobox', { name: 'VM' }).click();
    await page.getByRole('option', { name: new RegExp(vm.display_name) }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Alert contacts' }).fill('ops@acme.example');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Monitoring has been created' }),
    ).toBeVisible(OUTCOME);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const customer = await browser.newPage();
    await openSignedIn(customer, CUSTOMER, '/monitoring');
    await expect(customer.getByRole('link', { name })).toBeVisible();
    await customer.close();
  });

  test('powering the VM off turns its monitor down and opens an incident', async ({ page }) => {
    const { api, vm } = await freshVm('falls');
    const id = await pingMonitor(vm.id, `ping ${vm.display_name}`);
    await openSignedIn(page, CUSTOMER, `/monitoring/${id}`);
    await expectState(page, 'Up');
    await powerOff(api, vm.id);
    await expectState(page, 'Down');
    await page.getByRole('tab', { name: 'Incidents' }).click();
    await expect(page.getByText(/Down since .* \(ongoing\)/)).toBeVisible();
    await expect(page.getByText(/no reply from/)).toBeVisible();
  });

  test('a maintenance window keeps the SLA report at 100 %', async ({ page }) => {
    const { api, vm } = await freshVm('patched');
    const id = await pingMonitor(vm.id, `ping ${vm.display_name}`);
    await openSignedIn(page, CUSTOMER, `/monitoring/${id}?tab=maintenance`);
    // Checked up before the window: without checked time outside it there is no figure at all.
    await expectState(page, 'Up');
    await page.getByRole('button', { name: 'Add maintenance window' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a maintenance window' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Patching');
    await dialog.getByRole('button', { name: 'Add window' }).click();
    await expect(page.getByRole('list', { name: 'Maintenance windows' })).toContainText('Patching');
    await powerOff(api, vm.id);
    await expectState(page, 'Down');
    await page.getByRole('tab', { name: 'Incidents' }).click();
    await expect(page.getByText(/No incidents/)).toBeVisible();
    await page.getByRole('tab', { name: 'SLA' }).click();
    // The window's downtime never counts: 100 % of the checked time outside it, or, with less
    // than a minute checked outside it (as here, at test speed), no figure at all.
    await expect(page.getByRole('group', { name: 'Availability' })).toContainText(/100 %|No data/);
    await expect(page.getByRole('group', { name: 'Incidents' })).toContainText('0');
  });

  test('a real HTTP monitor of a loopback server goes down when it stops, e-mails the alert, and recovers', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const shop = await loopbackShop();
    const stamp = Date.now().toString(36);
    const name = `shop ${stamp}`;
    const contact = `probe-${stamp}@acme.example`;
    try {
      await openSignedIn(page, PROVIDER, '/monitoring/create');
      await page.getByRole('combobox', { name: 'Customer tenant' }).click();
      await page.getByRole('option', { name: /UZZ100001/ }).click();
      await page.getByRole('radio', { name: 'A URL' }).check();
      await page.getByRole('textbox', { name: 'URL' }).fill(shop.url);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('combobox', { name: 'Check' }).click();
      await page.getByRole('option', { name: 'HTTP(S)' }).click();
      await page.getByRole('textbox', { name: 'Keyword (optional)' }).fill('operational');
      await page.getByRole('spinbutton', { name: 'Interval' }).fill('20');
      await page.getByRole('spinbutton', { name: 'Timeout' }).fill('3');
      await page.getByRole('spinbutton', { name: 'Failed checks before down' }).fill('0');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('textbox', { name: 'Alert contacts' }).fill(contact);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Create monitor' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Monitoring has been created' }),
      ).toBeVisible(OUTCOME);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expectState(page, 'Up');
      await expect(page.getByText('HTTP 200 OK').first()).toBeVisible();

      // The shop stops: the next check (one interval later) finds it down.
      await shop.stop();
      await expectState(page, 'Down', 45_000);
      await page.getByRole('tab', { name: 'Incidents' }).click();
      await expect(page.getByText(/Down since .* \(ongoing\)/)).toBeVisible();
      await expect(page.getByText(/Connection to 127\.0\.0\.1:\d+ refused/).first()).toBeVisible();
      // The alert arrives in the catcher, and the alert log says it was sent.
      await expect
        .poll(
          async () => {
            const reply = await request.get(
              `${process.env.E2E_MAIL_URL}/api/messages?to=${encodeURIComponent(contact)}`,
            );
            const messages = ((await reply.json()) as { data: { subject: string }[] }).data;
            return messages.map((message) => message.subject);
          },
          { timeout: 30_000 },
        )
        .toContain(`[Down] ${name}`);
      await page.getByRole('tab', { name: 'Alerts' }).click();
      await expect(page.getByRole('list', { name: 'Alert deliveries' })).toContainText('Sent');

      // The shop is back: the next check finds it up, and the incident ends.
      await shop.start();
      await expectState(page, 'Up', 45_000);
      await page.getByRole('tab', { name: 'Incidents' }).click();
      await expect(page.getByText(/\(ongoing\)/)).toHaveCount(0);
    } finally {
      await shop.stop().catch(() => undefined);
    }
  });
});
