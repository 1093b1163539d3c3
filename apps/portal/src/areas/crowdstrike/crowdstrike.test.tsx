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
  assignee: null,
  comments: [],
};

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
    if (url.endsWith('/detections')) return [DETECTION];
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

  it('closes selected detections with a comment', async () => {
    const { patch, user } = setup('/crowdstrike/medr/1?tab=detections');
    const grid = await screen.findByRole('grid', { name: 'Detections' });
    await within(grid).findByText('A process read the memory of lsass.exe.');
    await user.click(within(grid).getByRole('checkbox', { name: /Critical Credential Access/ }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the detection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Benign tool.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/services/crowdstrike/medr/1/detections', {
        ids: [21],
        status: 'closed',
        comment: 'Benign tool.',
      }),
    );
  }, 20_000);

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
