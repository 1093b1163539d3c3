import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import { actingTenant, pageLoad, session } from '../services.ts';
import { renderPages } from '../test-pages.tsx';
import { ActingBanner, TenantSwitcher } from './TenantBar.tsx';

const HOME = { cdb_id: 'UZZ999997', name: 'Skyport Internal IT' };
const ACME = { cdb_id: 'UZZ100001', name: 'Acme Manufacturing' };
const SESSION = 'ab'.repeat(16);
const STAFF: CurrentUser = {
  email: 'internal@portal.test',
  tenant: HOME,
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};

function setup(user: CurrentUser) {
  const get = vi.fn(async (url: string) => {
    if (url === '/admin/tenants') return [{ ...ACME, kind: 'customer' }];
    throw new Error(`unexpected GET ${url}`);
  });
  const post = vi.fn(async (url: string, body: { cdb_id: string }) => ({
    cdb_id: body.cdb_id,
    name: ACME.name,
    ...(url === '/admin/acting' ? { session: SESSION } : {}),
  }));
  const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
  session.user = user;
  renderPages(
    [
      {
        path: '*',
        element: (
          <>
            <TenantSwitcher user={user} />
            <ActingBanner user={user} />
          </>
        ),
      },
    ],
    '/storage?q=data',
    { api: { get, post } },
  );
  return { post, assign, user: userEvent.setup() };
}

describe('acting for a customer', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    session.user = null;
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('asks why before switching, and audits the start with the reason', async () => {
    window.history.replaceState(null, '', '/storage?q=data');
    const { post, assign, user } = setup(STAFF);
    await user.click(await screen.findByRole('combobox', { name: 'Work in tenant' }));
    await user.click(await screen.findByRole('option', { name: /Acme Manufacturing/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Work in Acme Manufacturing (UZZ100001)?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(post).not.toHaveBeenCalled();
    expect(actingTenant()).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), ' Ticket 4711 ');
    await user.click(within(dialog).getByRole('button', { name: 'Switch' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/acting', {
        cdb_id: 'UZZ100001',
        reason: 'Ticket 4711',
      }),
    );
    expect(actingTenant()).toBe('UZZ100001');
    // This tab's session: its end names it, so another tab acting for Acme keeps its own.
    expect(sessionStorage.getItem('actingSession')).toBe(SESSION);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('"Back" audits the end and returns to the page where acting started', async () => {
    sessionStorage.setItem('actingTenant', 'UZZ100001');
    sessionStorage.setItem('actingReturn', '/storage?q=data');
    sessionStorage.setItem('actingSession', SESSION);
    const { post, assign, user } = setup({ ...STAFF, tenant: ACME, home_tenant: HOME });
    await user.click(await screen.findByRole('button', { name: 'Back to Skyport Internal IT' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/storage?q=data'));
    expect(post).toHaveBeenCalledWith('/admin/acting/end', {
      cdb_id: 'UZZ100001',
      session: SESSION,
    });
    expect(actingTenant()).toBeNull();
    expect(sessionStorage.getItem('actingSession')).toBeNull();
  });
});
