import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionsOnAllAreas,
  type CurrentUser,
  type Incident,
  type Monitor,
  type SlaReport,
} from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { session } from '../../services.ts';
import { appState } from '../../state/app.ts';
import { tasks } from '../../state/tasks.ts';
import { MonitoringCreatePage } from './MonitoringCreatePage.tsx';
import { MonitoringListPage } from './MonitoringListPage.tsx';
import { MonitoringDetailPage } from './MonitoringDetailPage.tsx';
import { contactsOf, monitorCreateBody, EMPTY_MONITOR_FORM } from './monitorCreateBody.ts';
import { MaintenanceDialog, maintenanceBody } from './MaintenanceDialog.tsx';
import { periodOf } from './SlaReportPanel.tsx';
import { renderPages } from '../../test-pages.tsx';

const monitor = (id: number, patch: Partial<Monitor> = {}): Monitor => ({
  id,
  name: `monitor-${id}`,
  tenant: 'UZZ100001',
  tenant_name: 'Acme',
  type: 'ping',
  target_kind: 'vm',
  vm_id: 7,
  target: 'erp-01',
  port: null,
  expected_status: null,
  keyword: null,
  dns_record_type: null,
  tls_days_threshold: null,
  interval_seconds: 60,
  timeout_seconds: 10,
  retries: 1,
  state: 'up',
  in_maintenance: false,
  uptime_24h: 100,
  uptime_7d: 99.5,
  uptime_30d: 98.25,
  last_check_at: new Date().toISOString(),
  last_response_ms: 14,
  last_message: 'Reply from erp-01',
  response_times: [12, 14, 13, 18],
  contacts: [{ kind: 'email', address: 'ops@acme.example' }],
  created_at: '2026-10-01T00:00:00.000Z',
  ...patch,
});

const user = (cdbId: string, manage = true): CurrentUser => ({
  email: 'someone@portal.test',
  tenant: { cdb_id: cdbId, name: cdbId },
  role: {
    name: 'Operator',
    builtin: false,
    permissions: permissionsOnAllAreas(manage ? 'manage' : 'read'),
  },
});

const INCIDENT: Incident = {
  id: 1,
  monitor_id: 1,
  started_at: '2026-11-20T10:00:00.000Z',
  ended_at: '2026-11-20T10:05:00.000Z',
  message: 'Request timed out: no reply from erp-01',
};

const figures = {
  incidents: 0,
  downtime_minutes: 0,
  maintenance_minutes: 0,
};
const SLA: SlaReport = {
  from: '2026-10-01T00:00:00.000Z',
  to: '2026-10-31T00:00:00.000Z',
  rows: [
    {
      monitor_id: 1,
      name: 'monitor-1',
      tenant: 'UZZ100001',
      availability: 99.5,
      ...figures,
      no_data_minutes: 0,
    },
    // Made on the last day, not checked yet.
    {
      monitor_id: 2,
      name: 'monitor-2',
      tenant: 'UZZ100001',
      availability: null,
      ...figures,
      no_data_minutes: 30,
    },
  ],
  total: { availability: 99.5, ...figures, no_data_minutes: 30 },
};

function setup(
  path: string,
  who: CurrentUser,
  monitors: Monitor[],
  remove: (url: string) => Promise<unknown> = async () => ({ task_id: 300 }),
) {
  const get = vi.fn(async (url: string) => {
    if (url === '/services/monitoring') return monitors;
    if (url.endsWith('/incidents')) return [INCIDENT];
    if (url.endsWith('/results')) return [];
    if (url === '/services/monitoring/sla') return SLA;
    if (/\/services\/monitoring\/\d+$/.test(url)) return monitors[0];
    return [];
  });
  const post = vi.fn(async (_url: string, body: { operation?: string }) => ({
    ...monitors[0],
    state: body.operation === 'pause' ? 'paused' : 'pending',
  }));
  const del = vi.fn(remove);
  session.user = who;
  const router = renderPages(
    [
      { path: '/monitoring', element: <MonitoringListPage /> },
      { path: '/monitoring/:id', element: <MonitoringDetailPage /> },
    ],
    path,
    {
      api: {
        get,
        post,
        delete: del,
        page: async () => ({ data: monitors, page: { next_cursor: null, total: monitors.length } }),
      },
    },
  );
  return { get, post, del, router, user: userEvent.setup() };
}

describe('monitoring pages', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    tasks.stopAll();
    session.user = null;
    vi.restoreAllMocks();
  });

  it('lists every tenant for the super-tenant user, with state, uptime and a response-time line', async () => {
    setup('/monitoring', user('UZZ999999'), [
      monitor(1),
      monitor(2, { tenant: 'UZZ100002', tenant_name: 'Globex', state: 'down' }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Monitors' });
    await waitFor(() => expect(within(grid).getAllByRole('link')).toHaveLength(2));
    // The customer's name beside the code, in the column and in its filter.
    expect(within(grid).getByText('Globex · UZZ100002')).toBeTruthy();
    expect(within(grid).getByText('Down')).toBeTruthy();
    expect(within(grid).getAllByText('99.50 %')).toHaveLength(2);
    expect(within(grid).getAllByRole('img', { name: /Response time of monitor-1/ })).toHaveLength(
      1,
    );
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe(
      '/monitoring/create',
    );
  });

  it('shows a customer its own monitors without a tenant column or Create', async () => {
    setup('/monitoring', user('UZZ100001'), [monitor(1)]);
    const grid = await screen.findByRole('grid', { name: 'Monitors' });
    await waitFor(() => expect(within(grid).getAllByRole('link')).toHaveLength(1));
    expect(within(grid).queryByRole('columnheader', { name: /Tenant/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });

  it('opens the SLA report from the header, above the table, with no data shown as such', async () => {
    const { user: person } = setup('/monitoring', user('UZZ100001'), [monitor(1), monitor(2)]);
    const button = await screen.findByRole('button', { name: 'SLA report' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await person.click(button);
    const table = await screen.findByRole('grid', { name: 'SLA per monitor' });
    await waitFor(() => expect(within(table).getByText('No data')).toBeTruthy());
    expect(within(table).getByText('99.50 %')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'No data' }).textContent).toContain('30 min');
    // Above the monitors, not folded under them.
    const monitors = screen.getByRole('grid', { name: 'Monitors' });
    expect(table.compareDocumentPosition(monitors) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Hide SLA report' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('shows the incident timeline and pauses a monitor', async () => {
    const { post, user: person } = setup('/monitoring/1?tab=incidents', user('UZZ100001'), [
      monitor(1, { state: 'down' }),
    ]);
    expect(await screen.findByText(/Down from .* to .* \(5 min/)).toBeTruthy();
    expect(screen.getByText('Request timed out: no reply from erp-01')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/monitoring/1', { operation: 'pause' }),
    );
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
  });

  it('lets a viewer look but neither pause nor delete', async () => {
    setup('/monitoring/1', user('UZZ100002', false), [monitor(1)]);
    const pause = await screen.findByRole('button', { name: /Pause/ });
    expect(pause.getAttribute('aria-disabled') ?? pause.hasAttribute('disabled')).toBeTruthy();
    const remove = screen.getByRole('button', { name: /Delete/ });
    expect(remove.getAttribute('aria-disabled') ?? remove.hasAttribute('disabled')).toBeTruthy();
  });

  it('deletes a monitor from its page once its name is typed, then goes back to the list', async () => {
    const { del, router, user: person } = setup('/monitoring/1', user('UZZ100001'), [monitor(1)]);
    await person.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete monitor-1?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    await person.type(within(dialog).getByRole('textbox', { name: /Type monitor-1/ }), 'monitor-1');
    await person.click(confirm);
    await waitFor(() => expect(del).toHaveBeenCalledWith('/services/monitoring/1'));
    expect(tasks.isTracking(300)).toBe(true);
    await waitFor(() => expect(router.location.pathname).toBe('/monitoring'));
  });

  it("keeps the list's delete dialog open with the server's sentence when it refuses", async () => {
    const refusal = 'monitor-2 is still being created; delete it once it is active.';
    const { del, user: person } = setup(
      '/monitoring',
      user('UZZ100001'),
      [monitor(1), monitor(2)],
      async () => {
        throw new ApiError(refusal, 409, { message: refusal });
      },
    );
    const grid = await screen.findByRole('grid', { name: 'Monitors' });
    await waitFor(() => expect(within(grid).getAllByRole('link')).toHaveLength(2));
    await person.click(screen.getByRole('button', { name: 'Actions for monitor-2' }));
    await person.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete monitor-2?' });
    await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
    await person.type(within(dialog).getByRole('textbox'), 'monitor-2');
    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(del).toHaveBeenCalledWith('/services/monitoring/2');
    expect(screen.getByRole('alertdialog', { name: 'Delete monitor-2?' })).toBeTruthy();
  });
});

describe('adding a maintenance window', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the window and closes the dialog once', async () => {
    const onClose = vi.fn();
    const post = vi.fn(async () => ({}));
    renderPages(
      [{ path: '/m', element: <MaintenanceDialog monitorId={4} onClose={onClose} /> }],
      '/m',
      { api: { post } },
    );
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: /Name/ }), 'Patch night');
    await person.click(screen.getByRole('button', { name: 'Add window' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      expect.stringContaining('/services/monitoring/4'),
      expect.objectContaining({ name: 'Patch night' }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('creating a monitor', () => {
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

  it('opens the new monitor "Pending" with its webhook secret as soon as the server accepts, the outcome following', async () => {
    const created = monitor(9, {
      name: 'shop',
      target_kind: 'address',
      vm_id: null,
      target: 'shop.example.com',
      state: 'pending',
      uptime_24h: null,
      uptime_7d: null,
      uptime_30d: null,
      last_check_at: null,
      last_response_ms: null,
      last_message: '',
      response_times: [],
      contacts: [{ kind: 'webhook', address: 'https://hooks.example/alert' }],
    });
    const statuses = [{ state: 'SUCCESS', message: '' }];
    const get = vi.fn(async (url: string) => {
      if (url === '/services/monitoring/targets')
        return [{ cdb_id: 'UZZ100001', name: 'Acme', vms: [] }];
      if (url === '/services/task/301')
        return statuses.shift() ?? { state: 'RUNNING', message: '' };
      if (url === '/services/monitoring/9')
        return statuses.length > 0 ? created : { ...created, state: 'up' };
      if (url.startsWith('/services/task')) return { data: [] };
      return [];
    });
    const post = vi.fn(async () => ({ task_id: 301, id: 9, webhook_secret: 'whsec-shown-once' }));
    session.user = user('UZZ999999');
    const router = renderPages(
      [
        { path: '/monitoring/create', element: <MonitoringCreatePage /> },
        { path: '/monitoring/:id', element: <MonitoringDetailPage /> },
      ],
      '/monitoring/create',
      { api: { get, post } },
    );
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const tenant = await screen.findByRole('combobox', { name: /^Customer tenant/ });
    tenant.focus();
    await events.keyboard('{ArrowDown}');
    await events.click(await screen.findByRole('option', { name: 'UZZ100001 · Acme' }));
    await events.click(screen.getByRole('radio', { name: 'An address' }));
    await events.type(
      await screen.findByRole('textbox', { name: /^Host name or IP address/ }),
      'shop.example.com',
    );
    await events.click(screen.getByRole('button', { name: 'Next' }));
    await events.type(await screen.findByRole('textbox', { name: /^Name/ }), 'shop');
    await events.click(screen.getByRole('button', { name: 'Next' }));
    await events.type(
      await screen.findByRole('textbox', { name: /^Alert contacts/ }),
      'https://hooks.example/alert',
    );
    await events.click(screen.getByRole('button', { name: 'Next' }));
    await events.click(await screen.findByRole('button', { name: 'Create monitor' }));

    expect(post).toHaveBeenCalledWith(
      '/services/monitoring',
      expect.objectContaining({ name: 'shop', target: 'shop.example.com', tenant: 'UZZ100001' }),
    );
    // Accepted: the monitor's page at once, pending, with the secret this once.
    await waitFor(() => expect(router.location.pathname).toBe('/monitoring/9'));
    expect(await screen.findByRole('heading', { name: /^shop/, level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(screen.getByText('whsec-shown-once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the webhook signing secret' })).toBeTruthy();
    await waitFor(() => expect(router.location.state).toBeNull());
    expect(appState.snackbar.message).not.toBe('Monitoring has been created');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(appState.snackbar.message).toBe('Monitoring has been created'));
  }, 30_000);
});

describe('monitoring bodies', () => {
  it('builds a create body from the form: a VM ping, contacts split by kind', () => {
    expect(contactsOf('ops@acme.example, https://hooks.example/x')).toEqual([
      { kind: 'email', address: 'ops@acme.example' },
      { kind: 'webhook', address: 'https://hooks.example/x' },
    ]);
    const body = monitorCreateBody({
      ...EMPTY_MONITOR_FORM,
      tenant: 'UZZ100001',
      vm_id: '7',
      name: ' ERP ',
      contacts: 'ops@acme.example',
    });
    expect(body).toMatchObject({ name: 'ERP', vm_id: 7, target: null, port: null, type: 'ping' });
  });

  it('builds maintenance bodies and SLA periods', () => {
    expect(
      maintenanceBody({
        name: 'Patch',
        kind: 'weekly',
        starts_at: '',
        ends_at: '',
        days: 'weekend',
        start_time: '02:00',
        duration_minutes: 60,
      }),
    ).toEqual({
      name: 'Patch',
      kind: 'weekly',
      days: [0, 6],
      start_time: '02:00',
      duration_minutes: 60,
    });
    expect(periodOf('2026-11-01', '2026-11-01')).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
    });
    expect(periodOf('2026-11-02', '2026-11-01')).toBeNull();
  });
});
