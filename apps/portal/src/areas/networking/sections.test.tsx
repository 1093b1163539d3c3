import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOnAllAreas, type Gateway, type PublicAddress } from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { session } from '../../services.ts';
import { tasks } from '../../state/tasks.ts';
import { clearTaskMarks } from '../../kit/useTaskAction.ts';
import { renderPages } from '../../test-pages.tsx';
import { AddressesSection } from './AddressesSection.tsx';
import { GatewaysSection } from './GatewaysSection.tsx';

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
  gateways: Gateway[] = GATEWAYS,
) {
  session.user = {
    email: 'acme@portal.test',
    tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
    role: { name: 'Someone', builtin: false, permissions: permissionsOnAllAreas(permission) },
  };
  const get = vi.fn(async (path: string) => {
    if (path === '/services/networking/gateways') return gateways;
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
  return { get, post, remove, user: userEvent.setup() };
}

const SPARE: Gateway = {
  ...GATEWAYS[0]!,
  id: 2,
  name: 'fra1-spare',
  location: 'FRA1',
  external_address: '203.0.113.3',
  network_count: 0,
};

describe('gateways', () => {
  afterEach(() => {
    tasks.stopAll();
    clearTaskMarks();
  });

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

  it('deletes a gateway no network uses once confirmed, and offers no delete for one in use', async () => {
    const remove = vi.fn(async () => ({ task_id: 42 }));
    const { user } = setup('manage', vi.fn(), vi.fn(), 'gateways', remove, [...GATEWAYS, SPARE]);
    await user.click(await screen.findByRole('button', { name: 'Actions for ams1-edge' }));
    const inUse = await screen.findByRole('menuitem', { name: /Delete/ });
    expect(inUse.getAttribute('aria-disabled')).toBe('true');
    expect(document.body.textContent).toContain(
      'The gateway ams1-edge cannot be deleted while 2 networks use it',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for fra1-spare' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete gateway fra1-spare?' });
    await waitFor(() => expect(dialog.style.pointerEvents).not.toBe('none'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/services/networking/gateways/2'));
    expect(tasks.isTracking(42)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the delete dialog open with the server’s sentence when it refuses', async () => {
    const refusal =
      'The gateway fra1-spare cannot be deleted while it holds 1 public address; release it first.';
    const remove = vi.fn(async () => {
      throw new ApiError(refusal, 409, { message: refusal });
    });
    const { user } = setup('manage', vi.fn(), vi.fn(), 'gateways', remove, [SPARE]);
    await user.click(await screen.findByRole('button', { name: 'Actions for fra1-spare' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete gateway fra1-spare?' });
    await waitFor(() => expect(dialog.style.pointerEvents).not.toBe('none'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
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
  afterEach(() => {
    tasks.stopAll();
    clearTaskMarks();
  });

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
    // Assigning harms nothing: its button is the primary one, not red.
    expect(
      within(dialog).getByRole('button', { name: 'Assign' }).getAttribute('data-variant'),
    ).toBe('primary');
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
    expect(await screen.findByRole('menuitem', { name: 'Remove NAT entry' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Actions for 203.0.113.50' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Release' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release 203.0.113.50?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/services/networking/addresses/5'));
  });
});

describe('feedback on every click', () => {
  afterEach(() => {
    tasks.stopAll();
    clearTaskMarks();
  });

  /** The lists as the server has them now: a creation adds its row in its transitional state. */
  function live(post: (path: string) => Promise<unknown>, patch = vi.fn()) {
    const state = { addresses: [...ADDRESSES], gateways: [...GATEWAYS] };
    session.user = {
      email: 'acme@portal.test',
      tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
      role: { name: 'Someone', builtin: false, permissions: permissionsOnAllAreas('manage') },
    };
    const get = vi.fn(async (path: string) => {
      if (path === '/services/networking/gateways') return state.gateways;
      if (path === '/services/eseries/catalogue') return CATALOGUE;
      if (path === '/services/networking/addresses') return state.addresses;
      if (path === '/services/networking/topology') return TOPOLOGY;
      if (path.startsWith('/services/task')) return { state: 'RUNNING', message: '' };
      throw new Error(`unexpected GET ${path}`);
    });
    // The NAT entry's removal is the specification's PUT with status cancel.
    const api = { get, post: vi.fn(post), put: vi.fn(post), patch, delete: vi.fn() };
    return { state, get, api };
  }

  const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]');

  it('shows an allocation at once: a placeholder while the request is on its way, then the new row busy', async () => {
    let accept: (value: unknown) => void = () => undefined;
    const { state, api } = live(() => new Promise((resolve) => (accept = resolve)));
    renderPages([{ path: '/networking', element: <AddressesSection /> }], '/networking', { api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Allocate address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate a public address' });
    await user.click(within(dialog).getByRole('combobox', { name: /Gateway/ }));
    await user.click(screen.getByRole('option', { name: 'ams1-edge (AMS1)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    // Before the server has answered, the list says the address is coming.
    const placeholder = await screen.findByText('Allocate a public address: Allocating…');
    expect(placeholder.closest('[role="status"]')).toBeTruthy();
    // The server records it as allocating; the list reads it at once, not when the task ends.
    state.addresses = [
      ...ADDRESSES,
      address({ id: 9, address: null, global_ipaddress_id: null, state: 'allocating' }),
    ];
    accept({ task_id: 60, id: 9 });
    const row = await screen.findByText('Allocating', {}, { timeout: 4000 });
    expect(row.closest('[role="row"]')?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() =>
      expect(screen.queryByText('Allocate a public address: Allocating…')).toBeNull(),
    );
    expect(tasks.isTracking(60)).toBe(true);
  });

  it('shows an assignment and a NAT removal on the address row as soon as they are asked for', async () => {
    let accept: (value: unknown) => void = () => undefined;
    const { api } = live(() => new Promise((resolve) => (accept = resolve)));
    renderPages([{ path: '/networking', element: <AddressesSection /> }], '/networking', { api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for 203.0.113.51' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove NAT entry' }));
    await waitFor(() => expect(rowOf('203.0.113.51')?.getAttribute('aria-busy')).toBe('true'));
    // A second click has nothing to start: the entry's actions wait for the task.
    await user.click(screen.getByRole('button', { name: 'Actions for 203.0.113.51' }));
    const again = await screen.findByRole('menuitem', { name: 'Remove NAT entry' });
    expect(again.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    expect(api.put).toHaveBeenCalledTimes(1);
    accept({ task_id: 61 });
    expect(rowOf('203.0.113.50')?.getAttribute('aria-busy')).toBeNull();
    // Assigning the free one marks its row too, before the server answers.
    await user.click(screen.getByRole('button', { name: 'Actions for 203.0.113.50' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign to a virtual machine…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Assign 203.0.113.50' });
    await user.click(within(dialog).getByRole('combobox', { name: /Virtual machine/ }));
    await user.click(screen.getByRole('option', { name: 'web-01' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(rowOf('203.0.113.50')?.getAttribute('aria-busy')).toBe('true'));
  });

  it('shows a new gateway at once beside its button, then busy in its row', async () => {
    let accept: (value: unknown) => void = () => undefined;
    const { state, api } = live(() => new Promise((resolve) => (accept = resolve)));
    renderPages([{ path: '/networking', element: <GatewaysSection /> }], '/networking', { api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a gateway' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'fra1-edge');
    await user.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await user.click(screen.getByRole('option', { name: 'FRA1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create gateway' }));
    expect(await screen.findByText('Create gateway fra1-edge: Creating…')).toBeTruthy();
    state.gateways = [
      ...GATEWAYS,
      { ...SPARE, id: 9, name: 'fra1-edge', external_address: '', state: 'creating' },
    ];
    accept({ task_id: 62, id: 9 });
    const name = await screen.findByText('fra1-edge', {}, { timeout: 4000 });
    expect(name.closest('[role="row"]')?.getAttribute('aria-busy')).toBe('true');
  });
});
