import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOnAllAreas, type CurrentUser } from '@portal/api/contract';
import { session } from '../../services.ts';
import { appState } from '../../state/app.ts';
import { tasks } from '../../state/tasks.ts';
import { makeBackupTenant } from './backup.fixture.ts';
import { BackupCreatePage } from './BackupCreatePage.tsx';
import { BackupListPage } from './BackupListPage.tsx';
import { BackupTenantPage } from './BackupTenantPage.tsx';
import { renderPages } from '../../test-pages.tsx';

const OPERATOR: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};
const VIEWER: CurrentUser = {
  ...OPERATOR,
  role: { name: 'Viewer', builtin: false, permissions: permissionsOnAllAreas('read') },
};

const TENANT = makeBackupTenant();
const FULL = makeBackupTenant({
  uuid: '9a9a9a9a-1111-4222-8333-444455556666',
  name: 'acme-office',
  state: 'over_quota',
  used_gb: 410,
  quota_gb: 400,
  alerts: [{ kind: 'percent', value: 70, triggered_at: '2026-11-23T02:00:00.000Z' }],
});

interface Api {
  get?: (path: string) => unknown;
  post?: (path: string, body?: unknown) => unknown;
  patch?: (path: string, body?: unknown) => unknown;
  /** A paged read: the path and its query string. */
  page?: (path: string, search: string) => unknown;
}

function setup(path: string, api: Api, who: CurrentUser = OPERATOR) {
  const get = vi.fn(async (p: string) => {
    if (p.startsWith('/services/task?') || p === '/services/task') return { data: [] };
    const answer = api.get?.(p);
    if (answer === undefined) throw new Error(`unexpected GET ${p}`);
    return answer;
  });
  const post = vi.fn(async (p: string, body?: unknown) => api.post?.(p, body));
  const patch = vi.fn(async (p: string, body?: unknown) => api.patch?.(p, body));
  const page = vi.fn(async (p: string, options?: { searchParams?: URLSearchParams }) => {
    const answer = api.page?.(p, String(options?.searchParams ?? ''));
    if (answer === undefined) throw new Error(`unexpected page of ${p}`);
    return answer;
  });
  session.user = who;
  const router = renderPages(
    [
      { path: '/backup', element: <BackupListPage /> },
      { path: '/backup/create', element: <BackupCreatePage /> },
      { path: '/backup/:uuid', element: <BackupTenantPage /> },
    ],
    path,
    { api: { get, post, patch, page }, currentUser: { load: async () => who } },
  );
  return {
    router,
    get,
    post,
    patch,
    page,
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  appState.snackbar = { message: '', color: 'info', show: false };
});
afterEach(() => {
  tasks.stopAll();
  session.user = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the backup list', () => {
  it('shows usage bars, state chips and quota warnings', async () => {
    setup('/backup', { get: (p) => (p === '/services/backup' ? [TENANT, FULL] : undefined) });
    const table = await screen.findByRole('grid', { name: 'Backup tenants' });
    const office = within(table).getByRole('row', { name: /acme-office/ });
    expect(within(office).getByText('Over quota')).toBeTruthy();
    const meter = within(office).getByRole('meter', { name: 'Storage used by acme-office' });
    expect(meter.getAttribute('aria-valuetext')).toContain('410 GB of 400 GB');
    expect(within(office).getByText(/Over the hard quota: 410 GB of 400 GB used/)).toBeTruthy();
    expect(within(office).getByText(/Alert reached: 70 %/)).toBeTruthy();
    // What shows under the bar is a few words that fit its cell (the sentences were cut there);
    // the sentences are read out and in the tooltip.
    const cue = within(office).getByText('Over quota: jobs will fail · 1 more');
    expect(cue.getAttribute('aria-hidden')).toBe('true');
    expect(cue.parentElement?.getAttribute('title')).toMatch(/^Over the hard quota: 410 GB/);
    const production = within(table).getByRole('row', { name: /acme-production/ });
    expect(within(production).getByText('Active')).toBeTruthy();
    expect(within(production).queryByText(/Over the hard quota/)).toBeNull();
  });

  it('reads a long list a page at a time, never the whole list', async () => {
    const rows = Array.from({ length: 100 }, (_, index) =>
      makeBackupTenant({
        uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        name: `bk-${String(index).padStart(4, '0')}`,
      }),
    );
    const { get, page } = setup('/backup', {
      page: () => ({ data: rows, page: { next_cursor: 'next', total: 1200 } }),
    });
    const table = await screen.findByRole('grid', { name: 'Backup tenants' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /bk-0000/ })).toBeTruthy());
    expect(page).toHaveBeenCalledWith('/services/backup', {
      searchParams: new URLSearchParams({ limit: '100', sort: 'name' }),
    });
    // The whole list is never read.
    expect(get).not.toHaveBeenCalledWith('/services/backup');
  });

  it('offers Create to an operator only', async () => {
    setup('/backup', { get: () => [TENANT] }, VIEWER);
    await screen.findByRole('grid', { name: 'Backup tenants' });
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});

describe('creating a backup tenant', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'nightly');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('spinbutton', { name: /Quota \(hard limit\)/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create backup tenant' }));
  };

  it('opens the new tenant "Creating" with the secret as soon as the server accepts, then polls the task every 5000 ms', async () => {
    const NEW = makeBackupTenant({
      uuid: '7c7c7c7c-1111-4222-8333-444455556666',
      name: 'nightly',
      state: 'creating',
      used_gb: 0,
      machines: [],
      last_job: null,
      agent_account: 'uzz100001-bk-7c7c7c7c',
    });
    const statuses = [{ state: 'SUCCESS', message: 'Backup Tenant has been created' }];
    const { user, post, get, router } = setup('/backup/create', {
      post: () => ({
        task_id: 77,
        uuid: NEW.uuid,
        agent_account: NEW.agent_account,
        agent_secret: 'the-secret-shown-once',
      }),
      get: (p) =>
        p === '/services/backup/task_status/77'
          ? (statuses.shift() ?? { state: 'RUNNING', message: '' })
          : p === `/services/backup/${NEW.uuid}`
            ? statuses.length > 0
              ? NEW
              : { ...NEW, state: 'active' }
            : undefined,
    });
    await fill(user);
    expect(post).toHaveBeenCalledWith(
      '/services/backup',
      expect.objectContaining({ name: 'nightly', quota_gb: 500, location: 'TYO1' }),
    );
    // Accepted: the wizard is left for the new tenant's page, "Creating", with the agent's
    // secret this once; nothing waits for the task.
    await waitFor(() => expect(router.location.pathname).toBe(`/backup/${NEW.uuid}`));
    expect(await screen.findByRole('heading', { name: /^nightly/, level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Creating').length).toBeGreaterThan(0);
    expect(screen.getByText('the-secret-shown-once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the agent secret' })).toBeTruthy();
    // Taken out of the history entry: a reload or "back" does not show it again.
    await waitFor(() => expect(router.location.state).toBeNull());
    expect(get).not.toHaveBeenCalledWith('/services/backup/task_status/77');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(appState.snackbar.message).toBe('Backup Tenant has been created'));
    await waitFor(() => expect(screen.queryAllByText('Creating')).toHaveLength(0));
  }, 30_000);

  it("says the server's sentence when the creation fails, after the wizard has been left", async () => {
    const message = 'A backup tenant named nightly already exists in your tenant.';
    const { user, router } = setup('/backup/create', {
      post: () => ({ task_id: 78, uuid: TENANT.uuid, agent_account: 'a', agent_secret: 's' }),
      get: (p) =>
        p === '/services/backup/task_status/78'
          ? { state: 'FAILURE', message }
          : p === `/services/backup/${TENANT.uuid}`
            ? { ...TENANT, state: 'creating' }
            : undefined,
    });
    await fill(user);
    await waitFor(() => expect(router.location.pathname).toBe(`/backup/${TENANT.uuid}`));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    // not a VM task: the server's sentence itself, in the error colour
    await waitFor(() => expect(appState.snackbar.message).toBe(message));
    expect(appState.snackbar.color).toBe('error');
  }, 30_000);
});

describe('a backup tenant', () => {
  it('shows usage, retention and machines, and saves a new quota from its dialog', async () => {
    const { user, patch } = setup(`/backup/${TENANT.uuid}`, {
      get: (p) => (p === `/services/backup/${TENANT.uuid}` ? TENANT : undefined),
      patch: () => ({ ...TENANT, quota_gb: 2000 }),
    });
    expect(await screen.findByRole('heading', { name: /^acme-production/, level: 1 })).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Storage used' })).toBeTruthy();
    expect(screen.getByText('uzz100001-bk-3f2b1c2e')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Protected machines' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit quota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quota of acme-production' });
    const quota = within(dialog).getByRole('spinbutton', { name: /Quota \(hard limit\)/ });
    await user.clear(quota);
    await user.type(quota, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Add alert' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save quota' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`/services/backup/${TENANT.uuid}/quota`, {
        quota_gb: 2000,
        warning_percent: 80,
        alerts: [{ kind: 'percent', value: 90 }],
      }),
    );
    await waitFor(() =>
      expect(appState.snackbar.message).toBe('The quota of acme-production was saved.'),
    );
  }, 30_000);

  it('says what needs attention under Alerts: an over-quota tenant whose last job failed is not "None"', async () => {
    const failing = makeBackupTenant({
      state: 'over_quota',
      used_gb: 2100,
      quota_gb: 2000,
      alerts: [],
      last_job: {
        result: 'failed',
        at: '2026-11-24T02:00:00.000Z',
        message: 'The job needs 40 GB but only 0 GB is free.',
      },
    });
    setup(`/backup/${failing.uuid}`, {
      get: (p) => (p === `/services/backup/${failing.uuid}` ? failing : undefined),
    });
    const alerts = (await screen.findByText('Alerts', { selector: 'dt' })).nextElementSibling;
    expect(alerts?.textContent).not.toBe('None');
    expect(alerts?.textContent).toContain('Over the hard quota: 2.1 TB of 2 TB used.');
    expect(alerts?.textContent).toContain('The last job failed: The job needs 40 GB');
    expect(
      screen.getByText('Alert rules', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('None set');
    // The quota in the one size system of the chart and the meter: never "2000 GB".
    expect(screen.queryByText(/2000 GB/)).toBeNull();
  });

  it('asks for the name before deleting', async () => {
    const { user } = setup(`/backup/${TENANT.uuid}`, {
      get: (p) => (p === `/services/backup/${TENANT.uuid}` ? TENANT : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete acme-production?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(
      confirm.hasAttribute('disabled') || confirm.getAttribute('aria-disabled') === 'true',
    ).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), 'acme-production');
    expect(confirm.hasAttribute('disabled')).toBe(false);
  }, 30_000);
});
