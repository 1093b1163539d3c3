import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionsOnAllAreas,
  type CurrentUser,
  type LicenseSubscription,
  type LicenseSummary,
} from '@portal/api/contract';
import { session } from '../../services.ts';
import { appState } from '../../state/app.ts';
import { LicenseListPage } from './LicenseListPage.tsx';
import { renderPages } from '../../test-pages.tsx';
import { formatDay } from '../../lib/format.ts';

const subscription = (over: Partial<LicenseSubscription>): LicenseSubscription => ({
  id: 1,
  product: 'windows-server-datacenter',
  product_name: 'Windows Server Datacenter',
  reference: 'LIC-100001-01',
  seats_contracted: 4,
  seats_in_force: 4,
  seats_used: 2,
  seats_available: 2,
  seats_over: 0,
  term_start: '2026-06-01',
  term_end: '2027-05-31',
  days_left: 188,
  auto_renew: true,
  state: 'active',
  assignments: [
    { kind: 'vm', id: '11', name: 'plant-scada', pinned: false },
    { kind: 'vm', id: '12', name: 'plant-historian', pinned: true },
  ],
  ...over,
});

const SUBSCRIPTIONS = [
  subscription({}),
  subscription({
    id: 2,
    reference: 'LIC-100001-02',
    seats_contracted: 2,
    seats_in_force: 2,
    seats_used: 0,
    seats_available: 2,
    term_end: '2026-12-12',
    days_left: 18,
    auto_renew: false,
    state: 'expiring',
    assignments: [],
  }),
  subscription({
    id: 3,
    product: 'rhel',
    product_name: 'Red Hat Enterprise Linux',
    reference: 'LIC-100001-04',
    seats_contracted: 1,
    seats_in_force: 1,
    seats_used: 3,
    seats_available: 0,
    seats_over: 2,
    state: 'active',
    assignments: [],
  }),
  subscription({
    id: 4,
    product: 'sql-server-standard',
    product_name: 'SQL Server Standard',
    reference: 'LIC-100001-05',
    seats_contracted: 5,
    seats_in_force: 0,
    seats_used: 0,
    seats_available: 0,
    term_start: '2025-11-15',
    term_end: '2026-11-14',
    days_left: -10,
    auto_renew: false,
    state: 'expired',
    assignments: [],
  }),
];

const SUMMARY: LicenseSummary = {
  products: [
    {
      product: 'windows-server-datacenter',
      product_name: 'Windows Server Datacenter',
      seats_contracted: 6,
      seats_ended: 0,
      seats_used: 2,
      seats_over: 0,
      holders: [
        { kind: 'vm', id: '11', name: 'plant-scada' },
        { kind: 'vm', id: '12', name: 'plant-historian' },
      ],
    },
    {
      product: 'rhel',
      product_name: 'Red Hat Enterprise Linux',
      seats_contracted: 1,
      seats_ended: 0,
      seats_used: 3,
      seats_over: 2,
      holders: [],
    },
    {
      product: 'sql-server-standard',
      product_name: 'SQL Server Standard',
      seats_contracted: 0,
      seats_ended: 5,
      seats_used: 0,
      seats_over: 0,
      holders: [],
    },
  ],
  expiring: [
    {
      id: 2,
      product_name: 'Windows Server Datacenter',
      reference: 'LIC-100001-02',
      term_end: '2026-12-12',
      days_left: 18,
      auto_renew: false,
      seats_contracted: 2,
      seats_available: 2,
    },
  ],
  as_of: '2026-11-24T03:00:00.000Z',
};

const user = (permission: 'manage' | 'read'): CurrentUser => ({
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Someone', builtin: false, permissions: permissionsOnAllAreas(permission) },
});

function setup(permission: 'manage' | 'read' = 'manage') {
  const get = vi.fn(async (path: string) => (path.endsWith('/summary') ? SUMMARY : SUBSCRIPTIONS));
  const patch = vi.fn(async (_path: string, _body: unknown) => SUBSCRIPTIONS[1]);
  const post = vi.fn(async (_path: string, _body: unknown) => SUBSCRIPTIONS[1]);
  const remove = vi.fn(async (_path: string) => SUBSCRIPTIONS[0]);
  session.user = user(permission);
  renderPages([{ path: '/license', element: <LicenseListPage /> }], '/license', {
    api: { get, patch, post, delete: remove },
  });
  return { get, patch, post, remove, user: userEvent.setup() };
}

describe('LicenseListPage', () => {
  it('shows the seats used per product as meters, over-use included', async () => {
    setup();
    const windows = await screen.findByRole('meter', { name: 'Windows Server Datacenter' });
    expect(windows.getAttribute('aria-valuenow')).toBe('2');
    expect(windows.getAttribute('aria-valuemax')).toBe('6');
    expect(screen.getByText('2 of 6 seats used')).toBeTruthy();
    expect(screen.getByText('3 of 1 seat used')).toBeTruthy();
    expect(screen.getByText(/Over-used: 2 seats more than contracted/)).toBeTruthy();
  });

  it('warns about a subscription that expires soon with seats unassigned', async () => {
    setup();
    const alert = await screen.findByText(
      'Windows Server Datacenter (LIC-100001-02) expires in 18 days with 2 of 2 seats unassigned.',
    );
    expect(alert).toBeTruthy();
    const expiring = screen.getByRole('region', { name: 'Expiring within 30 days' });
    expect(
      within(expiring).getByText(`ends ${formatDay('2026-12-12')}, in 18 days; does not renew`, {
        exact: false,
      }),
    ).toBeTruthy();
  });

  it('lists the subscriptions with their seats, state and holders', async () => {
    setup();
    const table = await screen.findByRole('grid', { name: 'Licence subscriptions' });
    expect(within(table).getByText('Expires in 18 days')).toBeTruthy();
    expect(within(table).getByText('3 of 1 (2 over)')).toBeTruthy();
    expect(within(table).getByText('plant-scada, plant-historian (pinned)')).toBeTruthy();
  });

  it('writes the seats of an expired subscription the same in the summary and the table', async () => {
    setup();
    const table = await screen.findByRole('grid', { name: 'Licence subscriptions' });
    // Its seats are no longer in force: never "0 of 5" beside a summary of "0 of 0".
    expect(within(table).getByText('0 of 0 (5 ended)')).toBeTruthy();
    expect(within(table).queryByText('0 of 5')).toBeNull();
    expect(screen.getByText('0 of 0 seats used (5 ended)')).toBeTruthy();
  });

  it('turns automatic renewal on from the row menu and says so', async () => {
    const { patch, user: actor } = setup();
    await actor.click(
      await screen.findByRole('button', {
        name: 'Actions for Windows Server Datacenter LIC-100001-02',
      }),
    );
    await actor.click(await screen.findByRole('menuitem', { name: 'Turn on automatic renewal' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/license/2', { auto_renew: true }),
    );
    await waitFor(() =>
      expect(appState.snackbar.message).toBe('LIC-100001-02 now renews automatically.'),
    );
  });

  it('releases a pinned seat', async () => {
    const { remove, user: actor } = setup();
    await actor.click(
      await screen.findByRole('button', {
        name: 'Actions for Windows Server Datacenter LIC-100001-01',
      }),
    );
    await actor.click(
      await screen.findByRole('menuitem', { name: 'Release the seat pinned to plant-historian' }),
    );
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith('/services/license/1/assignments/vm/12'),
    );
  });

  it('pins a seat to a chosen machine', async () => {
    const { post, user: actor } = setup();
    await actor.click(
      await screen.findByRole('button', {
        name: 'Actions for Windows Server Datacenter LIC-100001-02',
      }),
    );
    await actor.click(await screen.findByRole('menuitem', { name: 'Pin a seat to a machine…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pin a seat of LIC-100001-02' });
    await actor.click(within(dialog).getByRole('combobox', { name: /Machine/ }));
    await actor.click(await screen.findByRole('option', { name: 'plant-scada' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Pin seat' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/license/2/assignments', {
        kind: 'vm',
        holder_id: '11',
      }),
    );
  });

  it('tells a role that may only look why it cannot change anything', async () => {
    const { user: actor } = setup('read');
    expect(
      await screen.findByText('Your role can view licences but not change them.'),
    ).toBeTruthy();
    await actor.click(
      await screen.findByRole('button', {
        name: 'Actions for Windows Server Datacenter LIC-100001-02',
      }),
    );
    const item = await screen.findByRole('menuitem', { name: /Turn on automatic renewal/ });
    expect(item.getAttribute('aria-disabled')).toBe('true');
  });
});
