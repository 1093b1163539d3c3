import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOnAllAreas, type Gateway, type PublicAddress } from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { session } from '../../services.ts';
import { tasks } from '../../state/tasks.ts';
import { renderPages } from '../../test-pages.tsx';
import { AddressesSection, GatewaysSection } from './NetworkingListPage.tsx';

const GATEWAYS: Gateway[] = [
  {
    id: 1,
    name: 'ams1-edge',
    location: 'AMS1',
    external_address: '203.0.113.1',
    snat: true,
    state: 'active',
    network_count: 2,
    created_at: '2026-11-24T03:00:00.000Z',
  },
];

const address = (over: Partial<PublicAddress>): PublicAddress => ({
  id: 5,
  address: '203.0.113.50',
  global_ipaddress_id: 500,
  location: 'AMS1',
  gateway_id: 1,
  state: 'allocated',
  managed: true,
  nat: null,
  created_at: '2026-11-24T03:00:00.000Z',
  ...over,
});

const ADDRESSES: PublicAddress[] = [
  address({}),
  address({
    id: 6,
    address: '203.0.113.51',
    global_ipaddress_id: 501,
    nat: { id: 70, vm_id: 7, display_name: 'web-01', private_ip: '10.100.0.7' },
  }),
];

const TOPOLOGY = {
  gateways: GATEWAYS,
  networks: [],
  vms: [
    { id: 7, display_name: 'web-01', location: 'AMS1', power_state: 'poweredOn', ports: [] },
    { id: 8, display_name: 'tokyo-01', location: 'TYO1', power_state: 'poweredOn', ports: [] },
  ],
};

// Only what the gateway dialog reads of the compute catalogue: the sites' locations.
const CATALOGUE = {
  regions: [
    { id: 'eu', name: 'Europe', sites: [{ location: 'AMS1' }, { location: 'FRA1' }] },
    { id: 'ap', name: 'Asia', sites: [{ location: 'TYO1' }] },
  ],
};

function setup(
  permission: 'manage' | 'read' = 'manage',
  post = vi.fn(),
  patch = vi.fn(),
  section: 'gateways' | 'addresses' = 'gateways',
  remove = vi.fn(),
) {
  session.user = {
    email: 'acme@portal.test',
    tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
    role: { name: 'Someone', builtin: false, permissions: permissionsOnAllAreas(permission) },
  };
  const get = vi.fn(async (path: string) => {
    if (path === '/services/networking/gateways') return GATEWAYS;
    if (path === '/services/eseries/catalogue') return CATALOGUE;
    if (path === '/services/networking/addresses') return ADDRESSES;
    if (path === '/services/networking/topology') return TOPOLOGY;
    if (path.startsWith('/services/task/')) return { state: 'RUNNING', message: '' };
    throw new Error(`unexpected GET ${path}`);
  });
  const element = section === 'gateways' ? <GatewaysSection /> : <AddressesSection />;
  renderPages([{ path: '/networking', element }], '/networking', {
    api: { get, post, patch, delete: remove },
  });
  return { get, post, user: userEvent.setup() };
}

describe('gateways', () => {
  afterEach(() => tasks.stopAll());

  it('creates a gateway at a site of the catalogue', async () => {
    const post = vi.fn(async () => ({ task_id: 40, id: 9 }));
    const { user } = setup('manage', post);
    await user.click(await screen.findByRole('button', { name: 'Create gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a gateway' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' fra1-edge ');
    await user.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'AMS1',
      'FRA1',
      'TYO1',
    ]);
    await user.click(screen.getByRole('option', { name: 'FRA1' }));
    await user.click(within(dialog).getByRole('switch', { name: /Source NAT/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create gateway' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/networking/gateways', {
        name: 'fra1-edge',
        location: 'FRA1',
        snat: false,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the fields left out and sends nothing', async () => {
    const { post, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a gateway' });
    await user.click(within(dialog).getByRole('button', { name: 'Create gateway' }));
    expect(await within(dialog).findByText('Choose a location.')).toBeTruthy();
    expect(within(dialog).getByText(/^Enter a name/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal at its field and keeps the dialog open', async () => {
    const post = vi.fn(async () => {
      const message = 'location: is not a site (AMS1, FRA1)';
      throw new ApiError(message, 400, { message, field: 'location' }, 'location');
    });
    const { user } = setup('manage', post);
    await user.click(await screen.findByRole('button', { name: 'Create gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a gateway' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'edge');
    await user.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await user.click(screen.getByRole('option', { name: 'TYO1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create gateway' }));
    expect(await within(dialog).findByText('Is not a site (AMS1, FRA1).')).toBeTruthy();
    const location = within(dialog).getByRole('combobox', { name: /Location/ });
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Create a gateway' })).toBeTruthy();
  });

  it('turns source NAT off from the row menu', async () => {
    const patch = vi.fn(async () => ({ task_id: 41 }));
    const { user } = setup('manage', vi.fn(), patch);
    await user.click(await screen.findByRole('button', { name: 'Actions for ams1-edge' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn source NAT off' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/networking/gateways/1', { snat: false }),
    );
  });

  it('tells a role that may only look why it cannot create one', async () => {
    setup('read');
    const create = await screen.findByRole('button', { name: 'Create gateway' });
    expect(create.getAttribute('aria-disabled') === 'true' || create.hasAttribute('disabled')).toBe(
      true,
    );
  });
});

describe('public addresses', () => {
  afterEach(() => tasks.stopAll());

  it('allocates an address from a gateway chosen in the dialog', async () => {
    const post = vi.fn(async () => ({ task_id: 50, id: 9 }));
    const { user } = setup('manage', post, vi.fn(), 'addresses');
    await user.click(await screen.findByRole('button', { name: 'Allocate address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate a public address' });
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    expect(await within(dialog).findByText('Choose a gateway.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('combobox', { name: /Gateway/ }));
    await user.click(screen.getByRole('option', { name: 'ams1-edge (AMS1)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/networking/addresses', { gateway_id: 1 }),
    );
  });

  it('assigns a free address to a machine at its site with the NAT call', async () => {
    const post = vi.fn(async () => ({ task_id: 51 }));
    const { user } = setup('manage', post, vi.fn(), 'addresses');
    await user.click(await screen.findByRole('button', { name: 'Actions for 203.0.113.50' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign to a virtual machine…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign 203.0.113.50' });
    await user.click(within(dialog).getByRole('combobox', { name: /Virtual machine/ }));
    // Only the machines at the address's site.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['web-01']);
    await user.click(screen.getByRole('option', { name: 'web-01' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/eseries/7/nat', {
        operation: 'create',
        data: { gateway_id: 1, global_ipaddress_id: 500 },
      }),
    );
  });

  it('releases a free address only after confirmation, and offers no release while assigned', async () => {
    const remove = vi.fn(async () => ({ task_id: 52 }));
    const { user } = setup('manage', vi.fn(), vi.fn(), 'addresses', remove);
    await user.click(await screen.findByRole('button', { name: 'Actions for 203.0.113.51' }));
    expect(screen.queryByRole('menuitem', { name: 'Release' })).toBeNull();
    expect(await screen.findByRole('menuitem', { name: 'Cancel NAT entry' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Actions for 203.0.113.50' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Release' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release 203.0.113.50?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/services/networking/addresses/5'));
  });
});
