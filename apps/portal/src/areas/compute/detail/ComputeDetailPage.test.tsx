import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '@portal/api/client';
import {
  permissionsOnAllAreas,
  type Catalogue,
  type CurrentUser,
  type Vm,
} from '@portal/api/contract';
import { deleteRefusal } from '@portal/api/domain';
import type { IdentityService } from '@portal/api/identity';
import { QueryClientProvider } from '@tanstack/react-query';
import { LinkProvider, ThemeProvider } from '@portal/ui';
import { createQueryClient } from '../../../kit/query.ts';
import { resourceBusy } from '../../../kit/useTaskAction.ts';
import { provideServices, session } from '../../../services.ts';
import { appState } from '../../../state/app.ts';
import { createCurrentUserCache } from '../../../state/currentUser.ts';
import { tasks } from '../../../state/tasks.ts';
import { makeVm } from '../../../kit/vm/vm.fixture.ts';
import { ComputeDetailPage } from './ComputeDetailPage.tsx';
import { memoryRouter } from '../../../test-router.tsx';

const VM = makeVm({
  id: 5,
  os: { name: 'Ubuntu', version: '24.04', guest_full_name: 'Ubuntu Linux 24.04 (64-bit)' },
  disk_size_gb: 40,
  adapters: [{ portgroup: 'ams1-frontend', vlan_id: 100, ip: '10.100.0.5' }],
  created_at: '2026-11-21T10:00:00Z',
});

/** The API boundary, stubbed: the page's behaviour is what is tested. */
const userWith = (level: 'read' | 'manage'): CurrentUser => ({
  email: level === 'manage' ? 'acme@portal.test' : 'globex@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: {
    name: level === 'manage' ? 'Operator' : 'Viewer',
    builtin: false,
    permissions: permissionsOnAllAreas(level),
  },
});

interface Stubs {
  post?: ApiClient['post'];
  remove?: ApiClient['delete'];
  level?: 'read' | 'manage';
  vm?: Vm;
  /** The state every task status read answers. */
  taskState?: 'RUNNING' | 'SUCCESS' | 'FAILURE';
  /** The monitors in view; none given: the monitors cannot be read. */
  monitors?: { id: number; name: string; vm_id: number | null }[];
  /** The creation catalogue (its sites say what they cannot do). */
  catalogue?: Catalogue;
}

const NO_SITES: Catalogue = {
  regions: [],
  plans: [],
  images: [],
  media: [],
  disk: { min_gb: 10, max_gb: 100 },
};

function withApi(post: ApiClient['post'], level: 'read' | 'manage' = 'manage') {
  withStubs({ post, level });
}

function withStubs({
  post = vi.fn(),
  remove = vi.fn(),
  level = 'manage',
  vm = VM,
  taskState = 'RUNNING',
  monitors,
  catalogue = NO_SITES,
}: Stubs) {
  session.user = userWith(level);
  const api = {
    get: vi.fn(async (path: string) => {
      if (path === '/services/compute/5') return vm;
      if (path === '/services/eseries/5/snapshot') return [];
      if (path.startsWith('/services/eseries/task_status/'))
        return { state: taskState, message: taskState === 'FAILURE' ? 'It broke.' : '' };
      if (path === '/services/monitoring' && monitors) return monitors;
      if (path === '/services/eseries/catalogue') return catalogue;
      throw new Error(`unexpected GET ${path}`);
    }),
    post,
    delete: remove,
  } as unknown as ApiClient;
  provideServices({
    identity: {} as IdentityService,
    api,
    currentUser: createCurrentUserCache({ fetchUser: vi.fn(), onChange: () => undefined }),
  });
}

/** The text a control is described by (its disabled reason). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

function visit(path: string) {
  const { element, router } = memoryRouter(
    [
      { path: '/compute/:id', element: <ComputeDetailPage /> },
      { path: '/compute', element: <p>list</p> },
    ],
    path,
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <LinkProvider navigate={(href) => void router.navigate(href)}>{element}</LinkProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('VM detail page', () => {
  afterEach(() => {
    tasks.stopAll();
    // stopAll ends the polling, not the kit's per-resource holds: each test starts idle
    for (const key of Object.keys(resourceBusy)) delete resourceBusy[key];
    session.user = null;
    vi.useRealTimers();
  });

  it('shows the VM and disables actions while its task runs', async () => {
    const post = vi.fn(async () => ({ task_id: 9 }));
    withApi(post as unknown as ApiClient['post']);
    visit('/compute/5');
    expect(await screen.findByRole('heading', { level: 1, name: /^web-01/ })).toBeTruthy();
    const shutDown = screen.getByRole('button', { name: 'Shut down' });
    await userEvent.click(shutDown);
    expect(post).toHaveBeenCalledWith('/services/eseries/5/power_state', {
      power_operation: 'shutdownGuest',
    });
    await waitFor(() => expect(appState.taskIsRunning).toBe(true));
    expect(tasks.isTracking(9)).toBe(true);
    // refused but still focusable, saying what runs; focus stayed on it
    const running = screen.getByRole('button', { name: 'Shutting down…' });
    expect(running.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(running);
    expect(screen.getByRole('button', { name: 'Resize' })).toHaveProperty('disabled', true);
  });

  it('says Monitoring On, naming the monitor, when one watches the VM (not the creation flag)', async () => {
    withStubs({
      vm: { ...VM, monitoring: false },
      monitors: [
        { id: 3, name: 'web ping', vm_id: 5 },
        { id: 4, name: 'other', vm_id: 9 },
      ],
    });
    visit('/compute/5');
    const link = await screen.findByRole('link', { name: 'On: web ping' });
    expect(link.getAttribute('href')).toBe('/monitoring/3');
  });

  it('says Monitoring Off when no monitor watches the VM', async () => {
    withStubs({ vm: { ...VM, monitoring: true }, monitors: [{ id: 4, name: 'other', vm_id: 9 }] });
    visit('/compute/5');
    await screen.findByRole('heading', { name: 'Details' });
    await waitFor(() =>
      expect(screen.getByText('Monitoring').nextSibling?.textContent).toBe('Off'),
    );
  });

  it("offers what the VM's site cannot do disabled, with the site's reason", async () => {
    const site = {
      id: 'lxd1',
      name: 'Local LXD',
      location: 'AMS1',
      zones: [],
      portgroups: [],
      gateways: [],
      backend: 'lxd' as const,
      unavailable: {
        console: 'This site has no console for now.',
        cdrom: 'LXD containers have no CD-ROM drive.',
      },
    };
    withStubs({
      catalogue: { ...NO_SITES, regions: [{ id: 'local', name: 'Local', sites: [site] }] },
    });
    visit('/compute/5');
    const consoleButton = await screen.findByRole('button', { name: 'Open console' });
    await waitFor(() => expect(consoleButton.getAttribute('aria-disabled')).toBe('true'));
    expect(descriptionOf(consoleButton)).toContain('This site has no console for now.');
    const attach = screen.getByRole('button', { name: 'Attach' });
    await waitFor(() => expect(descriptionOf(attach)).toContain('no CD-ROM drive'));
    expect(attach.getAttribute('aria-disabled')).toBe('true');
  });

  it('goes back to the list with the search it came with', async () => {
    withApi(vi.fn() as unknown as ApiClient['post']);
    const router = visit('/compute/5?prevSearch=web%201');
    const back = await screen.findByRole('link', { name: 'Virtual machines' });
    expect(back.getAttribute('href')).toBe('/compute?prevSearch=web+1');
    await userEvent.click(back);
    await waitFor(() =>
      expect(router.location.pathname + router.location.search).toBe('/compute?prevSearch=web+1'),
    );
  });

  it('shows a role that may only look the power actions disabled, and why', async () => {
    const post = vi.fn();
    withApi(post as unknown as ApiClient['post'], 'read');
    visit('/compute/5');
    expect(await screen.findByRole('heading', { level: 1, name: /^web-01/ })).toBeTruthy();
    const reason = 'Your role can view virtual machines but not change them.';
    const shutDown = screen.getByRole('button', { name: 'Shut down' });
    expect(shutDown.getAttribute('aria-disabled')).toBe('true');
    expect(descriptionOf(shutDown)).toBe(reason);
    expect(screen.getByRole('button', { name: 'Power' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Open console' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Resize' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('note').textContent).toBe(reason);
    await userEvent.click(shutDown);
    expect(post).not.toHaveBeenCalled();
  });

  it('returns focus to the power menu button after a confirmation closes', async () => {
    const user = userEvent.setup();
    const post = vi.fn(async () => ({ task_id: 9 }));
    withStubs({ post: post as unknown as ApiClient['post'] });
    visit('/compute/5');
    const power = await screen.findByRole('button', { name: 'Power' });
    await user.click(power);
    await user.click(await screen.findByRole('menuitem', { name: 'Power off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Power off web-01?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Power' })),
    );

    // and after a confirmed operation, though the button now refuses while the task runs
    await user.click(screen.getByRole('button', { name: 'Power' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Power off' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Power off' }),
    );
    expect(post).toHaveBeenCalledWith('/services/eseries/5/power_state', {
      power_operation: 'powerOff',
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Power' });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(document.activeElement).toBe(button);
    });
  });

  it('deletes a VM once its name is typed, then goes back to the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const remove = vi.fn(async () => ({ task_id: 12 }));
    withStubs({ remove: remove as unknown as ApiClient['delete'], taskState: 'SUCCESS' });
    const router = visit('/compute/5?prevSearch=web');
    await user.click(await screen.findByRole('button', { name: 'More actions for web-01' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete web-01?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    const name = within(dialog).getByRole('textbox', { name: 'VM name' });
    await user.type(name, 'web-0');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(name, '1');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    expect(remove).toHaveBeenCalledWith('/services/eseries/5');
    await waitFor(() => expect(tasks.isTracking(12)).toBe(true));
    // the page stays until the task succeeds
    expect(router.location.pathname).toBe('/compute/5');
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() =>
      expect(router.location.pathname + router.location.search).toBe('/compute?prevSearch=web'),
    );
    // and it is gone from the cached list at once
    expect(appState.snackbar.message).toBe('Delete succeeded.');
  });

  it('refuses a delete up front while a task runs on the VM, saying why', async () => {
    const user = userEvent.setup();
    const remove = vi.fn();
    withStubs({ remove: remove as unknown as ApiClient['delete'], vm: { ...VM, task_id: 3 } });
    visit('/compute/5');
    await user.click(await screen.findByRole('button', { name: 'More actions for web-01' }));
    const item = await screen.findByRole('menuitem', { name: 'Delete' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(descriptionOf(item)).toBe(deleteRefusal({ task_id: 3 }));
    await user.click(item);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('adds a firewall rule only with explicit choices, and warns about 0.0.0.0/0', async () => {
    const user = userEvent.setup();
    const post = vi.fn();
    withStubs({ post: post as unknown as ApiClient['post'] });
    visit('/compute/5?tab=network');
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a firewall rule to web-01' });
    for (const name of ['Incoming (ingress)', 'Outgoing (egress)', 'Allow', 'Deny'])
      expect(
        within(dialog)
          .getByRole('radio', { name: new RegExp(name.replace(/[()]/g, '.')) })
          .getAttribute('aria-checked'),
      ).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(post).not.toHaveBeenCalled();
    expect(
      within(dialog).getByText('Choose whether the rule allows or denies the traffic.'),
    ).toBeTruthy();
    expect(
      within(dialog).queryByText('This rule applies to every address on the internet.'),
    ).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Source/ }), '0.0.0.0/0');
    expect(
      within(dialog).getByText('This rule applies to every address on the internet.'),
    ).toBeTruthy();
  });
});
