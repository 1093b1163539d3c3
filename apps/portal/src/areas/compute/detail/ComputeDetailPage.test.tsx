import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ApiClient } from '@portal/api/client';
import { permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import type { IdentityService } from '@portal/api/identity';
import { ThemeProvider } from '@portal/ui';
import { provideServices, session } from '../../../services.ts';
import { appState } from '../../../state/app.ts';
import { createCurrentUserCache } from '../../../state/currentUser.ts';
import { tasks } from '../../../state/tasks.ts';
import { makeVm } from '../vm.fixture.ts';
import { ComputeDetailPage } from './ComputeDetailPage.tsx';

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

function withApi(post: ApiClient['post'], level: 'read' | 'manage' = 'manage') {
  session.user = userWith(level);
  const api = {
    get: vi.fn(async (path: string) => {
      if (path === '/services/compute/5') return VM;
      if (path === '/services/eseries/catalogue')
        return { regions: [], plans: [], images: [], media: [], disk: { min_gb: 10, max_gb: 100 } };
      throw new Error(`unexpected GET ${path}`);
    }),
    post,
  } as unknown as ApiClient;
  provideServices({
    identity: {} as IdentityService,
    api,
    currentUser: createCurrentUserCache({ fetchUser: vi.fn(), onChange: () => undefined }),
  });
}

function visit(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/compute/:id', element: <ComputeDetailPage /> },
      { path: '/compute', element: <p>list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

describe('VM detail page', () => {
  afterEach(() => {
    tasks.stopAll();
    session.user = null;
  });

  it('shows the VM and disables actions while its task runs', async () => {
    const post = vi.fn(async () => ({ task_id: 9 }));
    withApi(post as unknown as ApiClient['post']);
    visit('/compute/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'web-01' })).toBeTruthy();
    const shutDown = screen.getByRole('button', { name: 'Shut down' });
    await userEvent.click(shutDown);
    expect(post).toHaveBeenCalledWith('/services/eseries/5/power_state', {
      power_operation: 'shutdownGuest',
    });
    await waitFor(() => expect(appState.taskIsRunning).toBe(true));
    expect(tasks.isTracking(9)).toBe(true);
    expect(screen.getByRole('button', { name: 'Shut down' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Resize' })).toHaveProperty('disabled', true);
  });

  it('goes back to the list with the search it came with', async () => {
    withApi(vi.fn() as unknown as ApiClient['post']);
    const router = visit('/compute/5?prevSearch=web%201');
    const back = await screen.findByRole('link', { name: 'Virtual machines' });
    expect(back.getAttribute('href')).toBe('/compute?prevSearch=web%201');
    await userEvent.click(back);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/compute?prevSearch=web%201',
    );
  });

  it('shows a role that may only look the power actions disabled, and why', async () => {
    const post = vi.fn();
    withApi(post as unknown as ApiClient['post'], 'read');
    visit('/compute/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'web-01' })).toBeTruthy();
    const reason = 'Your role can view virtual machines but not change them.';
    const shutDown = screen.getByRole('button', { name: 'Shut down' });
    expect(shutDown).toHaveProperty('disabled', true);
    expect(shutDown.getAttribute('title')).toBe(reason);
    expect(screen.getByRole('button', { name: 'Power' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Open console' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Resize' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('note').textContent).toBe(reason);
    await userEvent.click(shutDown);
    expect(post).not.toHaveBeenCalled();
  });
});
