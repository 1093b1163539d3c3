import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import { ApiError, NO_RESPONSE, type ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { routes } from './routes.tsx';
import { provideServices, session } from './services.ts';
import { appState } from './state/app.ts';
import { createCurrentUserCache } from './state/currentUser.ts';
import { memoryRouter } from './test-router.tsx';

const ADMIN: CurrentUser = {
  email: 'admin@portal.test',
  tenant: { cdb_id: 'UZZ999999', name: 'Provider' },
  role: { name: 'Administrator', builtin: true, permissions: permissionsOnAllAreas('manage') },
};
const CUSTOMER: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};
// A role named Administrator that is not the built-in one grants nothing.
const FAKE_ADMIN: CurrentUser = {
  ...CUSTOMER,
  role: { name: 'Administrator', builtin: false, permissions: {} },
};
const PROVIDER_STAFF: CurrentUser = {
  ...CUSTOMER,
  tenant: { cdb_id: 'UZZ999999', name: 'Provider' },
};

/** The identity and API boundary, stubbed: the guards and route table are what is tested. */
function signInAs(
  user: unknown,
  policy = { required: false, used: false },
  read: () => Promise<unknown> = async () => {
    if (!user) throw new Error('not signed in');
    return user;
  },
) {
  const fetchUser = vi.fn(read);
  provideServices({
    identity: {
      signOut: vi.fn(),
      // The enrolment page's sign-in settings never arrive here: the route is what is tested.
      accountSecurity: () => new Promise(() => undefined),
    } as unknown as IdentityService,
    // Only GET /account/security answers; the pages' own reads fail, as before.
    api: {
      get: vi.fn(async (path: string) => {
        if (path !== '/account/security') throw new Error(`no stub for ${path}`);
        return {
          second_factor_required: policy.required,
          signed_in_with_second_factor: policy.used ? 'phone' : null,
        };
      }),
    } as unknown as ApiClient,
    currentUser: createCurrentUserCache({ fetchUser, onChange: (u) => (session.user = u) }),
  });
  session.secondFactor = 'unknown';
  session.status = user ? 'signedIn' : 'signedOut';
  session.email = (user as CurrentUser | null)?.email ?? null;
  return fetchUser;
}

async function visit(path: string) {
  const { element, router } = memoryRouter(routes, path);
  render(<ThemeProvider>{element}</ThemeProvider>);
  return router;
}

// Lazy areas and the current-user load take a moment longer when the suite runs beside the
// browser projects: wait up to 5 s for the router to settle.
const settlesAt = async (router: Awaited<ReturnType<typeof visit>>, path: string) =>
  waitFor(() => expect(router.location.pathname + router.location.search).toBe(path), {
    timeout: 5000,
  });

describe('route table and guards', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('sends an unauthenticated visitor to sign-in, remembering the page', async () => {
    signInAs(null);
    const router = await visit('/compute/5');
    await settlesAt(router, '/auth/signin?redirect=%2Fcompute%2F5');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('paints the frame and a skeleton while the session is still being read', async () => {
    signInAs(CUSTOMER);
    session.status = 'unknown';
    await visit('/compute');
    expect(await screen.findByRole('navigation')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Virtual machines/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('sends a user whose tenant requires a second factor they lack to enrol one', async () => {
    signInAs(CUSTOMER, { required: true, used: false });
    const router = await visit('/compute/5');
    await settlesAt(router, '/account/second-factor?redirect=%2Fcompute%2F5');
    expect(await screen.findByRole('heading', { name: 'Add a second sign-in step' })).toBeTruthy();
  });

  it('lets in a user who signed in with the second factor their tenant requires', async () => {
    signInAs(CUSTOMER, { required: true, used: true });
    const router = await visit('/compute/5');
    expect(await screen.findByRole('heading', { name: 'Virtual machine 5' })).toBeTruthy();
    expect(router.location.pathname).toBe('/compute/5');
    expect(session.secondFactor).toBe('met');
  });

  it('redirects / to /compute and /auth to /auth/signin', async () => {
    signInAs(CUSTOMER);
    await settlesAt(await visit('/'), '/compute');
    signInAs(null);
    await settlesAt(await visit('/auth'), '/auth/signin');
  });

  it.each([
    ['/compute/abc', '/compute'],
    ['/compute/abc/console', '/compute'],
    ['/vwseries/12345/1/console', '/compute'],
    ['/vwseries/12345', '/compute'],
    ['/vwseries/VWS123456/x/console', '/compute'],
    ['/no/such/page', '/compute'],
    ['/backup/not-a-uuid', '/backup'],
  ])('sends %s to %s', async (path, expected) => {
    signInAs(CUSTOMER);
    await settlesAt(await visit(path), expected);
  });

  it.each([
    ['/compute/5', 'Virtual machine 5'],
    ['/vwseries/VWS123456', 'VW series service VWS123456'],
    [
      '/backup/3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      'Backup tenant 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    ],
  ])('opens %s when its parameters are valid', async (path, heading) => {
    signInAs(CUSTOMER);
    const router = await visit(path);
    await settlesAt(router, path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('shows console pages outside the main layout', async () => {
    signInAs(CUSTOMER);
    const router = await visit('/compute/7/console');
    await settlesAt(router, '/compute/7/console');
    expect(
      await screen.findByRole('heading', { name: 'Console of virtual machine 7' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /main/i })).toBeNull();
  });

  it.each(['/user', '/role', '/role/3', '/log'])(
    'keeps %s for the built-in administrator',
    async (path) => {
      signInAs(FAKE_ADMIN);
      await settlesAt(await visit(path), '/compute');
      signInAs(ADMIN);
      await settlesAt(await visit(path), path);
    },
  );

  it('keeps /monitoring/create for the super-tenant user', async () => {
    signInAs(CUSTOMER);
    await settlesAt(await visit('/monitoring/create'), '/compute');
    signInAs(PROVIDER_STAFF);
    await settlesAt(await visit('/monitoring/create'), '/monitoring/create');
  });

  it('clears the fetch-required flag before each navigation', async () => {
    signInAs(CUSTOMER);
    const router = await visit('/compute');
    await settlesAt(router, '/compute');
    appState.fetchRequired = true;
    await act(async () => router.navigate('/storage'));
    await settlesAt(router, '/storage');
    // Once the new page shows (its code loads lazily), the flag was cleared before its effects.
    expect(await screen.findByRole('heading', { name: 'Storage', level: 1 })).toBeTruthy();
    expect(appState.fetchRequired).toBe(false);
  });

  it('shows administration entries in the drawer only to the built-in administrator', async () => {
    signInAs(CUSTOMER);
    await visit('/compute');
    expect(await screen.findByRole('link', { name: 'Virtual machines' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it("says 'Invalid user data received' when the user record lacks its role, and shows no page", async () => {
    session.user = null;
    signInAs({ email: CUSTOMER.email, tenant: { cdb_id: 42, name: 'Acme' } });
    await visit('/log');
    expect(
      await screen.findByRole('heading', { name: 'Invalid user data received' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit log', level: 1 })).toBeNull();
    expect(session.user).toBeNull();
  });

  it('asks for the user again when the server does not answer, and shows the page once it does', async () => {
    let calls = 0;
    const fetchUser = signInAs(CUSTOMER, undefined, async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(NO_RESPONSE, 0, undefined);
      return CUSTOMER;
    });
    await visit('/compute/5');
    await waitFor(() => expect(fetchUser.mock.calls.length).toBeGreaterThanOrEqual(2), {
      timeout: 5000,
    });
    expect(await screen.findByRole('heading', { name: 'Virtual machine 5' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /not set up|could not load/ })).toBeNull();
  });

  it('says the server could not be reached, not that the account is missing, and tries again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = false;
      signInAs(CUSTOMER, undefined, async () => {
        if (!answer) throw new ApiError('Bad gateway', 502, 'Bad gateway');
        return CUSTOMER;
      });
      await visit('/compute/5');
      await act(() => vi.advanceTimersByTimeAsync(8_000));
      expect(
        await screen.findByRole('heading', { name: 'The portal could not load your account' }),
      ).toBeTruthy();
      expect(screen.queryByRole('heading', { name: /not set up/ })).toBeNull();
      answer = true;
      act(() => screen.getByRole('button', { name: 'Try again' }).click());
      expect(
        await screen.findByRole('heading', { name: 'Virtual machine 5' }, { timeout: 5000 }),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the account is not set up when the server has no such user', async () => {
    signInAs(CUSTOMER, undefined, async () => {
      throw new ApiError('No user acme@portal.test', 404, { message: 'No user acme@portal.test' });
    });
    await visit('/compute/5');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Your account is not set up in this portal' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
