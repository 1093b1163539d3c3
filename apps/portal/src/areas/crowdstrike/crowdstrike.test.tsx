import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionsOnAllAreas,
  type CurrentUser,
  type EdrDetection,
  type EdrHost,
  type EdrSubscription,
  type EdrTotals,
  type MedrDetail,
  type MsspDetail,
} from '@portal/api/contract';
import { session } from '../../services.ts';
import { resourceBusy } from '../../kit/useTaskAction.ts';
import { tasks } from '../../state/tasks.ts';
import { CrowdstrikeListPage } from './CrowdstrikeListPage.tsx';
import { MedrDetailPage } from './MedrDetailPage.tsx';
import { MsspDetailPage } from './MsspDetailPage.tsx';
import { EdrDetectionPage } from './EdrDetectionPage.tsx';
import { EdrHostPage } from './EdrHostPage.tsx';
import { renderPages } from '../../test-pages.tsx';

const totals = (hosts: number, outdated: number, critical: number): EdrTotals => ({
  hosts,
  online: hosts - 1,
  contained: 0,
  outdated,
  stale: 1,
  open_detections: { critical, high: 1, medium: 0, low: 2 },
});

const SUBSCRIPTIONS: EdrSubscription[] = [
  {
    id: 1,
    kind: 'medr',
    name: 'Acme Managed EDR',
    state: 'active',
    tenant_name: 'Acme',
    totals: totals(8, 3, 1),
    children: null,
  },
  {
    id: 3,
    kind: 'mssp',
    name: 'Skyport MSSP',
    state: 'active',
    tenant_name: 'Skyport',
    totals: totals(14, 5, 2),
    children: 2,
  },
];

const MEDR: MedrDetail = {
  id: 1,
  kind: 'medr',
  name: 'Acme Managed EDR',
  state: 'active',
  tenant_name: 'Acme',
  policy: { mode: 'n-1', pinned_version: null, uninstall_protection: true },
  target_version: '7.14.18062',
  releases: [
    { version: '7.15.18193', released_at: '2026-11-20T00:00:00.000Z' },
    { version: '7.14.18062', released_at: '2026-11-06T00:00:00.000Z' },
  ],
  totals: totals(8, 3, 1),
};

const host = (id: number, hostname: string, status: EdrHost['status']): EdrHost => ({
  id,
  hostname,
  os: 'Ubuntu 24.04',
  kind: 'vm',
  sensor_version: '7.14.18062',
  outdated: false,
  stale: false,
  status,
  last_seen: new Date().toISOString(),
});

const HOSTS = [host(11, 'acme-web-01', 'online'), host(12, 'acme-db-01', 'contained')];

const DETECTION: EdrDetection = {
  id: 21,
  host_id: 11,
  hostname: 'acme-web-01',
  severity: 'critical',
  tactic: 'Credential Access',
  technique: 'OS Credential Dumping (T1003)',
  description: 'A process read the memory of lsass.exe.',
  detected_at: '2026-11-24T01:00:00.000Z',
  status: 'new',
  resolution: null,
  closed_at: null,
  assignee: null,
  comments: [],
};

/** The queue as the server may send it: in no useful order, one closed. */
const QUEUE: EdrDetection[] = [
  {
    ...DETECTION,
    id: 22,
    severity: 'low',
    tactic: 'Discovery',
    description: 'A script listed the domain admins.',
    detected_at: '2026-11-24T05:00:00.000Z',
  },
  DETECTION,
  {
    ...DETECTION,
    id: 23,
    severity: 'critical',
    tactic: 'Execution',
    description: 'PowerShell ran an encoded command.',
    detected_at: '2026-11-24T03:00:00.000Z',
    status: 'in_progress',
    assignee: 'ben@acme.example',
  },
  {
    ...DETECTION,
    id: 24,
    severity: 'high',
    tactic: 'Persistence',
    description: 'A new service was installed.',
    detected_at: '2026-11-24T02:00:00.000Z',
    status: 'closed',
    resolution: 'false_positive',
    closed_at: '2026-11-24T04:00:00.000Z',
  },
];

const ASSIGNEES = [
  { email: 'acme@portal.test', name: 'acme@portal.test', tenant_name: 'Acme' },
  { email: 'ben@acme.example', name: 'Ben Ortiz', tenant_name: 'Acme' },
];

const MSSP: MsspDetail = {
  id: 3,
  kind: 'mssp',
  name: 'Skyport MSSP',
  state: 'active',
  tenant_name: 'Skyport',
  totals: totals(14, 5, 2),
  children: [
    {
      tenant_name: 'Acme',
      cdb_id: 'UZZ100001',
      name: 'Acme Managed EDR',
      medr_id: 1,
      totals: totals(8, 3, 1),
    },
    {
      tenant_name: 'Globex',
      cdb_id: 'UZZ100002',
      name: 'Globex Managed EDR',
      medr_id: null,
      totals: totals(6, 2, 1),
    },
  ],
};

const OPERATOR: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};

function setup(path: string) {
  const get = vi.fn(async (url: string, options?: { searchParams?: URLSearchParams }) => {
    if (url === '/services/crowdstrike') return SUBSCRIPTIONS;
    if (url.endsWith('/hosts'))
      return options?.searchParams?.get('filter') === 'outdated' ? [HOSTS[0]] : HOSTS;
    if (url.endsWith('/detections')) return QUEUE;
    if (url.endsWith('/assignees')) return ASSIGNEES;
    if (url.endsWith('/hosts/11'))
      return {
        host: HOSTS[0],
        subscription_name: 'Acme Managed EDR',
        detections: QUEUE.filter((d) => d.host_id === 11),
      };
    if (url.endsWith('/detections/24'))
      return { detection: QUEUE[3], host: HOSTS[0], subscription_name: 'Acme Managed EDR' };
    if (url.startsWith('/services/crowdstrike/mssp/')) return MSSP;
    if (url.startsWith('/services/task/')) return { state: 'RUNNING', message: '' };
    return MEDR;
  });
  const post = vi.fn(async (_url: string, _body: unknown) => ({ task_id: 100 }));
  const patch = vi.fn(async (_url: string, _body: unknown) => ({ updated: 1 }));
  session.user = OPERATOR;
  renderPages(
    [
      { path: '/crowdstrike', element: <CrowdstrikeListPage /> },
      { path: '/crowdstrike/medr/:id', element: <MedrDetailPage /> },
      { path: '/crowdstrike/mssp/:id', element: <MsspDetailPage /> },
      { path: '/crowdstrike/medr/:id/hosts/:hostId', element: <EdrHostPage /> },
      { path: '/crowdstrike/medr/:id/detections/:detectionId', element: <EdrDetectionPage /> },
    ],
    path,
    { api: { get, post, patch } },
  );
  return { get, post, patch, user: userEvent.setup() };
}

describe('endpoint security pages', () => {
  afterEach(() => {
    tasks.stopAll();
    for (const key of Object.keys(resourceBusy)) delete resourceBusy[key];
    session.user = null;
  });

  it('lists Managed EDR and MSSP subscriptions with their figures and detail links', async () => {
    setup('/crowdstrike');
    const grid = await screen.findByRole('grid', { name: 'Endpoint security subscriptions' });
    const medr = await within(grid).findByRole('link', { name: 'Acme Managed EDR' });
    expect(medr.getAttribute('href')).toBe('/crowdstrike/medr/1');
    expect(within(grid).getByRole('link', { name: 'Skyport MSSP' }).getAttribute('href')).toBe(
      '/crowdstrike/mssp/3',
    );
    expect(within(grid).getByText('Managed EDR').textContent).toBe('Managed EDR');
    expect(within(grid).getByText('MSSP').textContent).toBe('MSSP');
  });

  it('filters the hosts to outdated sensors and contains a host after confirmation', async () => {
    const { get, post, user } = setup('/crowdstrike/medr/1?tab=hosts');
    await screen.findByRole('grid', { name: 'Hosts' });
    screen.getByRole('combobox', { name: /^Show/ }).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Outdated sensor' }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/services/crowdstrike/medr/1/hosts',
        expect.objectContaining({ searchParams: new URLSearchParams('filter=outdated') }),
      ),
    );
    const grid = screen.getByRole('grid', { name: 'Hosts' });
    await waitFor(() => expect(within(grid).queryByText('acme-db-01')).toBeNull());
    await user.click(within(grid).getByRole('button', { name: 'Actions for acme-web-01' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Contain' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Contain acme-web-01?' });
    await user.click(within(dialog).getByRole('button', { name: 'Contain' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/crowdstrike/medr/1/hosts/11/containment', {
        operation: 'contain',
      }),
    );
  }, 20_000);

  it('lists open detections by severity, then newest first; closed ones only when asked', async () => {
    const { user } = setup('/crowdstrike/medr/1?tab=detections');
    const grid = await screen.findByRole('grid', { name: 'Detections' });
    await within(grid).findByText('A process read the memory of lsass.exe.');
    const order = () =>
      within(grid)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.includes('/detections/'))
        .map((link) => link.textContent);
    expect(order()).toEqual(['Execution', 'Credential Access', 'Discovery']);
    expect(within(grid).queryByText('A new service was installed.')).toBeNull();
    screen.getByRole('combobox', { name: /^Show/ }).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await within(grid).findByText('A new service was installed.');
    expect(order()).toEqual(['Execution', 'Credential Access', 'Persistence', 'Discovery']);
    expect(within(grid).getByText('Closed · False positive')).toBeTruthy();
  }, 20_000);

  it('starts the status dialog on the current status; closing asks for a resolution; the assignee is one of the users', async () => {
    const { patch, user } = setup('/crowdstrike/medr/1?tab=detections');
    const grid = await screen.findByRole('grid', { name: 'Detections' });
    await within(grid).findByText('PowerShell ran an encoded command.');
    await user.click(within(grid).getByRole('button', { name: /^Actions for Critical Execution/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the detection' });
    const status = within(dialog).getByRole('combobox', { name: /^Status/ });
    expect(status.textContent).toContain('In progress');
    expect(within(dialog).queryByRole('radiogroup', { name: /Resolution/ })).toBeNull();
    const assignee = within(dialog).getByRole('combobox', { name: /^Assignee/ });
    await waitFor(() => expect(assignee.textContent).toContain('Ben Ortiz (ben@acme.example)'));
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say what the detection was.')).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('radio', { name: 'True positive' }));
    await user.click(assignee);
    await user.click(await screen.findByRole('option', { name: /^acme@portal.test/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Contained.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/crowdstrike/medr/1/detections', {
        ids: [23],
        status: 'closed',
        resolution: 'true_positive',
        assignee: 'acme@portal.test',
        comment: 'Contained.',
      }),
    );
  }, 30_000);

  it('filters the hosts table from the figures: outdated sensors', async () => {
    const { get, user } = setup('/crowdstrike/medr/1');
    const figures = await screen.findByRole('group', { name: 'Acme Managed EDR figures' });
    await user.click(within(figures).getByRole('link', { name: 'Show outdated hosts' }));
    const grid = await screen.findByRole('grid', { name: 'Hosts' });
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/services/crowdstrike/medr/1/hosts',
        expect.objectContaining({ searchParams: new URLSearchParams('filter=outdated') }),
      ),
    );
    await waitFor(() => expect(within(grid).queryByText('acme-db-01')).toBeNull());
    expect(screen.getByRole('combobox', { name: /^Show/ }).textContent).toContain(
      'Outdated sensor',
    );
  }, 20_000);

  it('links a host to its page, which shows its sensor and only its detections', async () => {
    const { user } = setup('/crowdstrike/medr/1?tab=hosts');
    const grid = await screen.findByRole('grid', { name: 'Hosts' });
    const link = await within(grid).findByRole('link', { name: 'acme-web-01' });
    expect(link.getAttribute('href')).toBe('/crowdstrike/medr/1/hosts/11');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: /acme-web-01/ })).toBeTruthy();
    const sensor = screen.getByRole('group', { name: 'Sensor' });
    expect(within(sensor).getByText('7.14.18062')).toBeTruthy();
    const detections = await screen.findByRole('grid', { name: 'Detections' });
    await within(detections).findByText('A process read the memory of lsass.exe.');
    expect(screen.getByRole('button', { name: 'Contain' })).toBeTruthy();
  }, 20_000);

  it('shows a closed detection with its resolution and its host', async () => {
    setup('/crowdstrike/medr/1/detections/24');
    expect(await screen.findByRole('heading', { name: /Persistence on acme-web-01/ })).toBeTruthy();
    const card = screen.getByRole('group', { name: 'Detection' });
    expect(within(card).getByText('False positive')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /acme-web-01/ })
        .getAttribute('href'),
    ).toBe('/crowdstrike/medr/1/hosts/11');
  });

  it("shows an MSSP's totals and links only the children the user may open", async () => {
    setup('/crowdstrike/mssp/3');
    const grid = await screen.findByRole('grid', { name: 'Customers' });
    expect(within(grid).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      '/crowdstrike/medr/1',
    );
    expect(within(grid).queryByRole('link', { name: 'Globex' })).toBeNull();
    expect(within(grid).getByText('Figures only').textContent).toBe('Figures only');
    const figures = screen.getByRole('group', { name: 'Totals across customers' });
    expect(within(figures).getByRole('group', { name: /^Hosts/ }).textContent).toContain('14');
  });
});
