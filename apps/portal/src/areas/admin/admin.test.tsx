import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionsOnAllAreas,
  type AdminRole,
  type AdminRoleDetail,
  type AdminUser,
  type AuditLogEntry,
  type TenantSecondFactorPolicy,
  type TenantSummary,
} from '@portal/api/contract';
import { session } from '../../services.ts';
import { appState } from '../../state/app.ts';
import { renderPages } from '../../test-pages.tsx';
import { AuditLogPage } from './AuditLogPage.tsx';
import { RoleDetailPage } from './RoleDetailPage.tsx';
import { RolesPage } from './RolesPage.tsx';
import { UsersPage } from './UsersPage.tsx';

const TENANTS: TenantSummary[] = [
  { cdb_id: 'UZZ999999', name: 'Provider', kind: 'provider' },
  { cdb_id: 'UZZ100001', name: 'Acme', kind: 'customer' },
];

const ROLES: AdminRole[] = [
  {
    id: 1,
    name: 'Administrator',
    builtin: true,
    permissions: permissionsOnAllAreas('manage'),
    users: 1,
  },
  { id: 2, name: 'Operator', builtin: false, permissions: { compute: 'manage' }, users: 2 },
  { id: 5, name: 'Compute reader', builtin: false, permissions: { compute: 'read' }, users: 0 },
];

const adminUser = (over: Partial<AdminUser>): AdminUser => ({
  id: 1,
  email: 'admin@portal.test',
  display_name: 'Admin',
  tenant_cdb_id: 'UZZ999999',
  tenant_name: 'Provider',
  role_id: 1,
  role_name: 'Administrator',
  state: 'active',
  last_sign_in: '2026-11-24T06:00:00.000Z',
  second_factor: true,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const USERS: AdminUser[] = [
  adminUser({}),
  adminUser({
    id: 3,
    email: 'acme@portal.test',
    display_name: 'Acme operator',
    tenant_cdb_id: 'UZZ100001',
    tenant_name: 'Acme',
    role_id: 2,
    role_name: 'Operator',
    second_factor: false,
  }),
  adminUser({
    id: 4,
    email: 'new@portal.test',
    display_name: '',
    tenant_cdb_id: 'UZZ100001',
    tenant_name: 'Acme',
    role_id: 2,
    role_name: 'Operator',
    state: 'invited',
    last_sign_in: null,
    second_factor: false,
  }),
];

const POLICIES: TenantSecondFactorPolicy[] = [
  { cdb_id: 'UZZ100001', name: 'Acme', require_second_factor: true },
];

const LOG: AuditLogEntry[] = [
  {
    id: 12,
    at: '2026-11-24T06:10:00.000Z',
    user: 'staff@portal.test',
    tenant: 'UZZ999997',
    acted_for: 'UZZ100001',
    area: 'compute',
    action: 'vm.power',
    target: 'vm:3',
    target_label: 'plant-scada',
    result: 'success',
    message: 'off',
    address: '127.0.0.1',
  },
  {
    id: 11,
    at: '2026-11-24T06:00:00.000Z',
    user: 'reader@portal.test',
    tenant: 'UZZ100001',
    acted_for: null,
    area: 'compute',
    action: 'vm.power',
    target: 'vm:4',
    target_label: null,
    result: 'denied',
    message: 'This role may only read compute.',
    address: '127.0.0.1',
  },
];

type Params = Record<string, string> | undefined;

function setup(path: string, detail?: AdminRoleDetail) {
  const get = vi.fn(async (url: string) => {
    if (url === '/admin/tenants') return TENANTS;
    if (url === '/admin/roles') return ROLES;
    if (url.startsWith('/admin/roles/')) return detail;
    if (url === '/admin/tenants/second-factor') return POLICIES;
    throw new Error(`unexpected GET ${url}`);
  });
  const page = vi.fn(async (url: string, _options?: { searchParams?: Params }) => {
    const rows = url === '/admin/log' ? LOG : USERS;
    return { data: rows, page: { next_cursor: null, total: rows.length } };
  });
  const blob = vi.fn(
    async (_url: string, _options?: { searchParams?: Params }) => new Blob(['E-mail\r\n']),
  );
  const post = vi.fn(async (url: string, body?: unknown) => {
    if (url === '/admin/users')
      return {
        user: adminUser({ id: 9, email: (body as { email: string }).email, state: 'invited' }),
        invite_link: 'http://localhost/auth/action?mode=resetPassword&oobCode=abc',
        mail: {
          sent: true,
          message: `The invitation was e-mailed to ${(body as { email: string }).email}.`,
        },
      };
    if (url === '/admin/users/4/invitation')
      return {
        user: adminUser({ id: 4, email: 'new@portal.test', state: 'invited' }),
        invite_link: 'http://localhost/auth/action?mode=resetPassword&oobCode=again',
        mail: {
          sent: false,
          message:
            'The invitation could not be e-mailed (No mail relay is configured: set SMTP_URL.) Send them the link yourself.',
        },
      };
    if (url === '/admin/roles') return { ...ROLES[2]!, id: 7, name: 'Auditor' };
    return USERS[1];
  });
  const patch = vi.fn(async (_url: string, _body: unknown) => ROLES[2]);
  const remove = vi.fn(async (_url: string, _options?: unknown) => ({ email: 'x' }));
  session.user = {
    email: 'admin@portal.test',
    tenant: { cdb_id: 'UZZ999999', name: 'Provider' },
    role: { name: 'Administrator', builtin: true, permissions: permissionsOnAllAreas('manage') },
  };
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  const router = renderPages(
    [
      { path: '/user', element: <UsersPage /> },
      { path: '/role', element: <RolesPage /> },
      { path: '/role/:id', element: <RoleDetailPage /> },
      { path: '/log', element: <AuditLogPage /> },
    ],
    path,
    { api: { get, page, blob, post, patch, delete: remove } },
  );
  return { get, page, blob, post, patch, remove, router, user: userEvent.setup() };
}

const lastParams = (spy: { mock: { calls: unknown[][] } }) =>
  (spy.mock.calls.at(-1)?.[1] as { searchParams?: Params } | undefined)?.searchParams;

describe('users page', () => {
  it('lists every user with tenant, role, state, last sign-in and second factor', async () => {
    setup('/user');
    const table = await screen.findByRole('grid', { name: 'Users' });
    const invited = within(table).getByText('new@portal.test').closest('[role="row"]');
    expect(invited).not.toBeNull();
    const cells = within(invited as HTMLElement);
    expect(cells.getByText('Invited')).toBeTruthy();
    expect(cells.getByText('Acme · UZZ100001')).toBeTruthy();
    expect(cells.getByText('Never')).toBeTruthy();
    expect(cells.getByText('None')).toBeTruthy();
    expect(within(table).getAllByText('Enrolled')).toHaveLength(1);
  });

  it('asks the server again when a filter changes', async () => {
    const { page, user } = setup('/user');
    await screen.findByRole('grid', { name: 'Users' });
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(lastParams(page)).toMatchObject({ state: 'disabled' }));
  });

  it('invites a user and shows the link to send them', async () => {
    const { post, user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.type(within(dialog).getByLabelText(/E-mail/), 'reader@portal.test');
    await user.click(within(dialog).getByRole('combobox', { name: /Tenant/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme · UZZ100001' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Compute reader' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/users', {
        email: 'reader@portal.test',
        display_name: undefined,
        tenant: 'UZZ100001',
        role_id: 5,
      }),
    );
    expect(await screen.findByText('reader@portal.test was invited')).toBeTruthy();
    expect(screen.getByText(/The invitation was e-mailed to reader@portal.test\./)).toBeTruthy();
    expect(
      screen.getByText('http://localhost/auth/action?mode=resetPassword&oobCode=abc'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Invitation link' })).toBeTruthy();
  });

  it('resends an invitation from the row menu, showing the new link and whether it was e-mailed', async () => {
    const { post, user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Actions for new@portal.test' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/admin/users/4/invitation'));
    expect(await screen.findByText('new@portal.test was invited')).toBeTruthy();
    expect(screen.getByText(/could not be e-mailed/)).toBeTruthy();
    expect(
      screen.getByText('http://localhost/auth/action?mode=resetPassword&oobCode=again'),
    ).toBeTruthy();
  });

  it('offers to resend an invitation only to users who have not signed in', async () => {
    const { user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Actions for acme@portal.test' }));
    const resend = await screen.findByRole('menuitem', { name: /Resend invitation/ });
    expect(resend.getAttribute('aria-disabled')).toBe('true');
  });

  it('names the field of a bad invitation and sends nothing', async () => {
    const { post, user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.type(within(dialog).getByLabelText(/E-mail/), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(
      await within(dialog).findByText('Enter a valid e-mail address, such as name@example.com.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Choose a tenant.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a role.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('disables a user from the row menu and says so', async () => {
    const { post, user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Actions for acme@portal.test' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/admin/users/3/disable'));
    await waitFor(() => expect(appState.snackbar.message).toBe('acme@portal.test was disabled.'));
  });

  it('offers no second-factor reset to a user without one', async () => {
    const { user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Actions for acme@portal.test' }));
    const reset = await screen.findByRole('menuitem', { name: /Reset second factor/ });
    expect(reset.getAttribute('aria-disabled')).toBe('true');
  });

  it('deletes a user only once their e-mail is typed', async () => {
    const { remove, user } = setup('/user');
    await user.click(await screen.findByRole('button', { name: 'Actions for acme@portal.test' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete acme@portal.test?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(
      confirm.hasAttribute('disabled') || confirm.getAttribute('aria-disabled') === 'true',
    ).toBe(true);
    await user.type(
      within(dialog).getByLabelText('Type acme@portal.test to confirm'),
      'acme@portal.test',
    );
    await user.click(confirm);
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith('/admin/users/3', {
        searchParams: { confirm: 'acme@portal.test' },
      }),
    );
  });

  it('shows the second-factor policy of every tenant', async () => {
    setup('/user');
    const policy = await screen.findByRole('switch', { name: 'Acme (UZZ100001)' });
    expect(policy.getAttribute('aria-checked')).toBe('true');
  });
});

describe('roles pages', () => {
  it('lists built-in and custom roles with their holders', async () => {
    setup('/role');
    const table = await screen.findByRole('grid', { name: 'Roles' });
    const administrator = within(table).getByText('Administrator').closest('[role="row"]');
    expect(within(administrator as HTMLElement).getByText('Built-in')).toBeTruthy();
    const reader = within(table).getByText('Compute reader').closest('[role="row"]');
    expect(within(reader as HTMLElement).getByText('Custom')).toBeTruthy();
    expect(within(reader as HTMLElement).getByText('Read: Compute')).toBeTruthy();
    expect(within(administrator as HTMLElement).getByText('Manage in every area')).toBeTruthy();
  });

  it('creates a role and opens its page', async () => {
    const { post, router, user } = setup('/role', {
      role: { ...ROLES[2]!, id: 7, name: 'Auditor' },
      holders: [],
    });
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a role' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Auditor');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/roles', { name: 'Auditor', permissions: {} }),
    );
    await waitFor(() => expect(router.location.pathname).toBe('/role/7'));
  });

  it('shows a built-in role read-only, with the reason', async () => {
    setup('/role/1', { role: ROLES[0]!, holders: [] });
    expect(
      await screen.findByText('Administrator is a built-in role and cannot be changed.'),
    ).toBeTruthy();
    const compute = screen.getByRole('radiogroup', { name: 'Compute' });
    for (const radio of within(compute).getAllByRole('radio'))
      expect(radio.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves a custom role’s permission per area', async () => {
    const { patch, user } = setup('/role/5', { role: ROLES[2]!, holders: [] });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled') === 'true' || save.hasAttribute('disabled')).toBe(
      true,
    );
    const compute = screen.getByRole('radiogroup', { name: 'Compute' });
    await user.click(within(compute).getByRole('radio', { name: 'Manage' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/admin/roles/5', {
        name: 'Compute reader',
        permissions: { compute: 'manage' },
      }),
    );
  });

  it('refuses to delete a role users hold, and lists them', async () => {
    setup('/role/2', {
      role: ROLES[1]!,
      holders: [{ id: 3, email: 'acme@portal.test', tenant_cdb_id: 'UZZ100001', state: 'active' }],
    });
    const holders = await screen.findByRole('list', { name: 'Users holding this role' });
    expect(within(holders).getByText(/acme@portal.test/)).toBeTruthy();
    const remove = screen.getByRole('button', { name: /Delete role/ });
    expect(remove.getAttribute('aria-disabled') === 'true' || remove.hasAttribute('disabled')).toBe(
      true,
    );
  });
});

describe('audit log page', () => {
  it('shows who, whose tenant, for whom, what and the result, with e-mails', async () => {
    setup('/log');
    const table = await screen.findByRole('grid', { name: 'Audit log' });
    const acted = within(table).getByText('staff@portal.test').closest('[role="row"]');
    const row = within(acted as HTMLElement);
    // The actor's tenant, and under it the customer's name beside its code (the name gives way
    // first when the column is narrow), as in the tenant filter.
    const text = () => (acted?.textContent ?? '').replace(/\s+/g, ' ');
    expect(text()).toContain('UZZ999997');
    await waitFor(() => expect(text()).toContain('for Acme · UZZ100001'));
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Tenant' }));
    expect(await screen.findByRole('option', { name: 'Acme · UZZ100001' })).toBeTruthy();
    expect(row.getByText('plant-scada')).toBeTruthy();
    // Named, not "vm:3"; an older row without a name keeps its id.
    expect(within(table).queryByText('vm:3')).toBeNull();
    expect(within(table).getByText('vm:4')).toBeTruthy();
    expect(within(table).getByText('Denied')).toBeTruthy();
  });

  it('exports exactly the rows the search shows: the search goes to the server and to the CSV', async () => {
    const { blob, page, user } = setup('/log');
    await screen.findByRole('grid', { name: 'Audit log' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search users, actions, targets and messages' }),
      'plant-scada',
    );
    await waitFor(() => expect(lastParams(page)).toMatchObject({ q: 'plant-scada' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(blob).toHaveBeenCalledWith('/admin/log.csv', {
        searchParams: { q: 'plant-scada' },
      }),
    );
  });

  it('filters by result and several users, and exports exactly that', async () => {
    const { blob, page, user } = setup('/log');
    await screen.findByRole('grid', { name: 'Audit log' });
    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Denied' }));
    // Pasted, as a list of e-mails usually arrives: typed, each of its 37 keys renders the log
    // again, which took more than the test's 30 s on a busy machine.
    await user.click(screen.getByLabelText('Users (e-mails, comma-separated)'));
    await user.paste('reader@portal.test,staff@portal.test');
    await waitFor(() =>
      expect(lastParams(page)).toMatchObject({
        result: 'denied',
        users: 'reader@portal.test,staff@portal.test',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(blob).toHaveBeenCalledWith('/admin/log.csv', {
        searchParams: { result: 'denied', users: 'reader@portal.test,staff@portal.test' },
      }),
    );
  });

  it('reads "until" as the whole of that day, in the browser’s time zone', async () => {
    const { page } = setup('/log');
    await screen.findByRole('grid', { name: 'Audit log' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-11-24' } });
    await waitFor(() =>
      expect(lastParams(page)).toMatchObject({
        from: new Date(2026, 10, 20).toISOString(),
        to: new Date(2026, 10, 25).toISOString(),
      }),
    );
  });
});
