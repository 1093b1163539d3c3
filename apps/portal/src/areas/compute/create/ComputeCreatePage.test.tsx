import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser, TaskStatus, Vm } from '@portal/api/contract';
import { ApiError, type ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { createQueryClient } from '../../../kit/query.ts';
import { provideServices, session, type Services } from '../../../services.ts';
import { appState } from '../../../state/app.ts';
import { tasks } from '../../../state/tasks.ts';
import { resourceBusy } from '../../../kit/useTaskAction.ts';
import { makeVm } from '../../../kit/vm/vm.fixture.ts';
import { CATALOGUE } from './catalogue.fixture.ts';
import { ComputeCreatePage } from './ComputeCreatePage.tsx';
import { memoryRouter } from '../../../test-router.tsx';

const USER: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: { compute: 'manage' } },
};

const POC_USER: CurrentUser = { ...USER, tenant: { cdb_id: 'UZZ000002', name: 'Trial Co' } };

function setup(
  post: ReturnType<typeof vi.fn>,
  { who = USER, vms = [makeVm()], statuses = [] as TaskStatus[] } = {},
) {
  const get = vi.fn(async (path: string) => {
    if (path === '/services/eseries/catalogue') return CATALOGUE;
    if (path === '/services/eseries') return vms;
    if (path.startsWith('/services/eseries/task_status/'))
      return statuses.shift() ?? { state: 'RUNNING', message: '' };
    if (path.startsWith('/services/task')) return { items: [], total: 0 };
    throw new Error(`unexpected GET ${path}`);
  });
  session.user = who;
  provideServices({
    identity: {} as IdentityService,
    api: { get, post } as unknown as ApiClient,
    currentUser: { load: async () => who } as unknown as Services['currentUser'],
  });
  const { element, router } = memoryRouter(
    [
      { path: '/compute/create', element: <ComputeCreatePage /> },
      { path: '/compute/:id', element: <p>VM page</p> },
      { path: '/compute', element: <p>List</p> },
    ],
    '/compute/create',
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>{element}</ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, get, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
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
  screen.findByRole('heading', { name: `Step ${n} of 4: ${label}` });

async function fillEverything(user: UserEvent) {
  await stepHeading(1, 'Name and location');
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'web-01');
  await pick(user, 'Region', 'Europe');
  await pick(user, 'Site', 'Amsterdam 1');
  await user.click(screen.getByRole('radio', { name: /Zone B/ }));
  await next(user);
  await stepHeading(2, 'Plan and image');
  await user.click(screen.getByRole('radio', { name: /Standard 2/ }));
  await pick(user, 'Image', 'Ubuntu');
  await pick(user, 'Version', '24.04 LTS');
  await user.type(screen.getByRole('spinbutton', { name: /Custom disk size/ }), '120{Tab}');
  await next(user);
  await stepHeading(3, 'Network and options');
  await pick(user, 'First adapter', 'ams1-frontend (VLAN 100)');
  await pick(user, 'Second adapter', 'ams1-backend (VLAN 200)');
  await next(user);
  await stepHeading(4, 'Summary');
}

const BODY = {
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
    os: { name: 'Ubuntu', version: '24.04 LTS', guest_full_name: 'Ubuntu Linux 24.04 (64-bit)' },
    adapters: [
      { portgroup: 'ams1-frontend', vlan_id: 100 },
      { portgroup: 'ams1-backend', vlan_id: 200 },
    ],
    disk_size_gb: 120,
  },
};

describe('the creation wizard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    appState.snackbar = { message: '', color: 'info', show: false };
  });
  afterEach(() => {
    tasks.stopAll();
    session.user = null;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tells a role that may only look why there is no wizard', async () => {
    setup(vi.fn(), {
      who: { ...USER, role: { name: 'Viewer', builtin: false, permissions: { compute: 'read' } } },
    });
    expect(await screen.findByText('You cannot create virtual machines')).toBeTruthy();
    expect(
      screen.getByText(/Your role can view virtual machines but not change them\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('says which field is missing, and why, where the field is, and stays on the step', async () => {
    const { user } = setup(vi.fn());
    await stepHeading(1, 'Name and location');
    await next(user);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(describedBy(name)).toContain('Enter a name for the virtual machine.');
    const region = screen.getByRole('combobox', { name: /^Region/ });
    expect(region.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(region)).toContain('Choose a region.');
    expect(describedBy(screen.getByRole('combobox', { name: /^Site/ }))).toContain(
      'Choose a region first.',
    );
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Name and location' })).toBeTruthy();
    // the plan of the next step is not judged yet
    expect(screen.queryByText('Choose a plan.')).toBeNull();

    await pick(user, 'Region', 'Europe');
    await waitFor(() => expect(region.getAttribute('aria-invalid')).toBeNull());
    expect(describedBy(screen.getByRole('combobox', { name: /^Site/ }))).toContain(
      'Choose a site in this region.',
    );
  });

  it('sends the exact section 3 body, maps a 400 back to its step and field, then opens the new VM at once while the task runs', async () => {
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
    const { router, user } = setup(post, {
      statuses: [{ state: 'SUCCESS', message: '' }],
    });
    await fillEverything(user);
    expect(screen.getByText('Amsterdam 1', { exact: false })).toBeTruthy();
    expect(screen.getByText('ams1-frontend (VLAN 100), ams1-backend (VLAN 200)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create virtual machine' }));

    expect(post).toHaveBeenCalledWith('/services/eseries', BODY);
    await stepHeading(1, 'Name and location');
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(name)).toContain('Is already used by another virtual machine.');
    await waitFor(() => expect(document.activeElement).toBe(name));
    // said at the field only, not again as "Create web-01 failed : …"
    expect(appState.snackbar.message).not.toMatch(/ failed : /);

    await user.clear(name);
    await user.type(name, 'web-02');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    await next(user);
    await next(user);
    await next(user);
    await stepHeading(4, 'Summary');
    await user.click(screen.getByRole('button', { name: 'Create virtual machine' }));
    expect(post).toHaveBeenLastCalledWith('/services/eseries', {
      ...BODY,
      display_name: 'web-02',
    });
    expect(tasks.isTracking(7)).toBe(true);
    // Accepted: the wizard is left at once for the VM's page, where it shows "Building…" until
    // the task ends; the outcome is said by the task tracker.
    await waitFor(() => expect(router.location.pathname).toBe('/compute/42'));
    expect(screen.getByText('VM page')).toBeTruthy();
    expect(resourceBusy['vm:42']?.label).toBe('Building…');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(appState.snackbar.message).toBe('Create web-02 succeeded.'));
    expect(resourceBusy['vm:42']).toBeUndefined();
  }, 30_000);

  it('shows the proof-of-concept limit, and refuses to create beyond it', async () => {
    const post = vi.fn();
    const vms: Vm[] = [makeVm({ id: 1 }), makeVm({ id: 2 }), makeVm({ id: 3 })];
    const { user } = setup(post, { who: POC_USER, vms });
    expect(
      await screen.findByText(
        /A proof-of-concept tenant can have at most 3 virtual machines\. Trial Co has 3: delete one/,
      ),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'web-04');
    await pick(user, 'Region', 'Europe');
    await pick(user, 'Site', 'Amsterdam 1');
    await user.click(screen.getByRole('radio', { name: /Zone A/ }));
    await next(user);
    await user.click(await screen.findByRole('radio', { name: /Standard 2/ }));
    await pick(user, 'Image', 'Ubuntu');
    await pick(user, 'Version', '24.04 LTS');
    await next(user);
    await pick(user, 'First adapter', 'ams1-frontend (VLAN 100)');
    await next(user);
    await stepHeading(4, 'Summary');
    const create = screen.getByRole('button', { name: /Create virtual machine/ });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(create)).toContain('at most 3 virtual machines');
    await user.click(create);
    expect(post).not.toHaveBeenCalled();
  }, 30_000);

  it('tells a proof-of-concept tenant how many it may still create', async () => {
    setup(vi.fn(), { who: POC_USER, vms: [makeVm()] });
    expect(await screen.findByText(/Trial Co has 1, so 2 more can be created\./)).toBeTruthy();
  });
});
