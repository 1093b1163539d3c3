import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@portal/api/contract';
import { ApiError, type ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@portal/ui';
import { createQueryClient } from '../../../kit/query.ts';
import { provideServices, session, type Services } from '../../../services.ts';
import { tasks } from '../../../state/tasks.ts';
import { CATALOGUE } from './catalogue.fixture.ts';
import { ComputeCreatePage } from './ComputeCreatePage.tsx';

const USER: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: { compute: 'manage' } },
};

function setup(post: ReturnType<typeof vi.fn>, who: CurrentUser = USER) {
  const get = vi.fn(async (path: string) => {
    if (path === '/services/eseries/catalogue') return CATALOGUE;
    throw new Error(`unexpected GET ${path}`);
  });
  session.user = who;
  provideServices({
    identity: {} as IdentityService,
    api: { get, post } as unknown as ApiClient,
    currentUser: { load: async () => USER } as unknown as Services['currentUser'],
  });
  const router = createMemoryRouter(
    [
      { path: '/compute/create', element: <ComputeCreatePage /> },
      { path: '/compute/:id', element: <p>VM page</p> },
      { path: '/compute', element: <p>List</p> },
    ],
    { initialEntries: ['/compute/create'] },
  );
  render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, user: userEvent.setup() };
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function pick(user: UserEvent, field: string, option: string) {
  screen.getByRole('combobox', { name: new RegExp(`^${field}`) }).focus();
  await user.keyboard('{ArrowDown}');
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (n: number, label: string) =>
  screen.findByRole('heading', { name: `Step ${n} of 7: ${label}` });

async function fillEverything(user: UserEvent) {
  await stepHeading(1, 'Location');
  await pick(user, 'Region', 'Europe');
  await pick(user, 'Site', 'Amsterdam 1');
  await next(user);
  await stepHeading(2, 'Zone');
  await user.click(screen.getByRole('radio', { name: /Zone B/ }));
  await next(user);
  await user.click(await screen.findByRole('radio', { name: /Standard 2/ }));
  await next(user);
  await stepHeading(4, 'Image');
  await pick(user, 'Image', 'Ubuntu');
  await pick(user, 'Version', '24.04 LTS');
  await next(user);
  await stepHeading(5, 'Network');
  await pick(user, 'First adapter', 'ams1-frontend (VLAN 100)');
  await pick(user, 'Second adapter', 'ams1-backend (VLAN 200)');
  await next(user);
  await stepHeading(6, 'Disk');
  await user.type(screen.getByRole('spinbutton', { name: /Custom disk size/ }), '120{Tab}');
  await next(user);
  await stepHeading(7, 'Name');
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'web-01');
}

describe('the creation wizard', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    tasks.stopAll();
    session.user = null;
    vi.restoreAllMocks();
  });

  it('tells a role that may only look why there is no wizard', async () => {
    setup(vi.fn(), {
      ...USER,
      role: { name: 'Viewer', builtin: false, permissions: { compute: 'read' } },
    });
    expect(await screen.findByText('You cannot create virtual machines')).toBeTruthy();
    expect(
      screen.getByText(/Your role can view virtual machines but not change them\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('says which field is missing, and why, where the field is', async () => {
    const { user } = setup(vi.fn());
    await stepHeading(1, 'Location');
    await next(user);
    const region = screen.getByRole('combobox', { name: /^Region/ });
    expect(region.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(region)).toContain('Choose a region.');
    expect(describedBy(screen.getByRole('combobox', { name: /^Site/ }))).toContain(
      'Choose a region first.',
    );
    // It stays on the step until the fields are fixed.
    expect(screen.getByRole('heading', { name: 'Step 1 of 7: Location' })).toBeTruthy();
    await pick(user, 'Region', 'Europe');
    expect(region.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends section 3 body, maps a server 400 to its field, then lands on the new VM', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(
          'display_name: is already used by another virtual machine',
          400,
          { message: 'display_name: is already used by another virtual machine' },
          'display_name',
        ),
      )
      .mockResolvedValueOnce({ task_id: 7, vm_id: 42 });
    const { router, user } = setup(post);
    await fillEverything(user);
    await user.click(screen.getByRole('button', { name: 'Create virtual machine' }));

    const name = await screen.findByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(name)).toContain('Is already used by another virtual machine.');
    expect(post).toHaveBeenCalledWith('/services/eseries', {
      location: 'AMS1',
      status: 'trial',
      tenant_id: 'UZZ100001',
      display_name: 'web-01',
      vsnap: false,
      monitoring: false,
      vm_params: {
        vcpus: 2,
        memory: 4096,
        cluster_name: 'AMS1-CL02',
        os: {
          name: 'Ubuntu',
          version: '24.04 LTS',
          guest_full_name: 'Ubuntu Linux 24.04 (64-bit)',
        },
        adapters: [
          { portgroup: 'ams1-frontend', vlan_id: 100 },
          { portgroup: 'ams1-backend', vlan_id: 200 },
        ],
        disk_size_gb: 120,
      },
    });

    await user.clear(name);
    await user.type(name, 'web-02');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create virtual machine' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compute/42'));
    expect(tasks.isTracking(7)).toBe(true);
  }, 30_000);
});
