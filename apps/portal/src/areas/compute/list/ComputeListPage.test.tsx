import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOnAllAreas, type CurrentUser, type Vm } from '@portal/api/contract';
import { session } from '../../../services.ts';
import { tasks } from '../../../state/tasks.ts';
import { ComputeListPage } from './ComputeListPage.tsx';
import { makeVm } from '../../../kit/vm/vm.fixture.ts';
import { searchOf, withPrevSearch, withSearch } from '../../../kit/prevSearch.ts';
import { appState } from '../../../state/app.ts';
import { renderPages } from '../../../test-pages.tsx';

const vm = (id: number, name: string, power: Vm['power_state']): Vm =>
  makeVm({
    id,
    display_name: name,
    power_state: power,
    adapters: [{ portgroup: 'ams1-frontend', vlan_id: 100, ip: `10.100.0.${id}` }],
  });

const VMS = [
  vm(1, 'web-01', 'poweredOn'),
  vm(2, 'db-01', 'poweredOn'),
  vm(3, 'build', 'poweredOff'),
];

const OPERATOR: CurrentUser = {
  email: 'acme@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Operator', builtin: false, permissions: permissionsOnAllAreas('manage') },
};

function setup(path: string, vms: Vm[] = VMS, status?: (path: string) => unknown) {
  const get = vi.fn(async (path: string) =>
    path.endsWith('/status') && status ? status(path) : vms,
  );
  const post = vi.fn(async (_path: string, _body: unknown) => ({ task_id: 100 }));
  const remove = vi.fn(async (_path: string) => ({ task_id: 101 }));
  session.user = OPERATOR;
  const router = renderPages(
    [
      { path: '/compute', element: <ComputeListPage /> },
      { path: '/compute/:id', element: <p>VM page</p> },
    ],
    path,
    { api: { get, post, delete: remove } },
  );
  return { router, get, post, remove, user: userEvent.setup() };
}

const rowNames = () =>
  within(screen.getByRole('grid', { name: 'Virtual machines' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('prevSearch helpers', () => {
  it('reads, sets and drops the search, keeping other parameters', () => {
    expect(searchOf(new URLSearchParams('prevSearch=web'))).toBe('web');
    expect(searchOf(new URLSearchParams(''))).toBe('');
    expect(withSearch(new URLSearchParams('a=1'), 'db 01').toString()).toBe('a=1&prevSearch=db+01');
    expect(withSearch(new URLSearchParams('a=1&prevSearch=x'), '  ').toString()).toBe('a=1');
    expect(withPrevSearch('/compute/5', 'web & db')).toBe('/compute/5?prevSearch=web+%26+db');
    expect(withPrevSearch('/compute/5', '')).toBe('/compute/5');
  });
});

describe('the VM list', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    tasks.stopAll();
    session.user = null;
    vi.restoreAllMocks();
  });

  it('applies the search from the URL and carries it to the detail page', async () => {
    const { get } = setup('/compute?prevSearch=db');
    await waitFor(() => expect(rowNames()).toEqual(['db-01']));
    expect(get).toHaveBeenCalledWith('/services/eseries', expect.anything());
    expect(screen.getByRole('searchbox', { name: 'Search virtual machines' })).toHaveProperty(
      'value',
      'db',
    );
    expect(screen.getByRole('link', { name: 'db-01' }).getAttribute('href')).toBe(
      '/compute/2?prevSearch=db',
    );
  });

  it('keeps what is typed in the URL, and follows the URL back', async () => {
    const { router, user } = setup('/compute');
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search virtual machines' }), 'web');
    await waitFor(() => expect(rowNames()).toEqual(['web-01']));
    await waitFor(() => expect(router.location.search).toBe('?prevSearch=web'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'web-01' }).getAttribute('href')).toBe(
        '/compute/1?prevSearch=web',
      ),
    );
    await act(() => router.navigate('/compute?prevSearch=build'));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search virtual machines' })).toHaveProperty(
        'value',
        'build',
      ),
    );
    await waitFor(() => expect(rowNames()).toEqual(['build']));
  });

  it('powers off the selected VMs after a confirmation, then clears the selection', async () => {
    const { post, user } = setup('/compute');
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select web-01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select build' }));
    await user.click(screen.getByRole('button', { name: 'Power off' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Power off 1 virtual machine?',
    });
    expect(
      within(dialog).getByText(/Skipped: 1 selected virtual machine, already off/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Power off' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/services/eseries/1/power_state', {
      power_operation: 'powerOff',
    });
    expect(tasks.isTracking(100)).toBe(true);
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
  }, 20_000);

  it('reads the list again once a VM busy with an untracked task changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const busy = { ...vm(4, 'app-01', 'poweredOff'), task_id: 55 };
      const { get } = setup('/compute', [...VMS, busy], () => ({
        id: 4,
        status: 'active',
        power_state: 'poweredOn',
        task_id: null,
      }));
      await waitFor(() => expect(rowNames()).toHaveLength(4));
      expect(screen.getByText('Busy')).toBeTruthy();
      const lists = () => get.mock.calls.filter(([path]) => path === '/services/eseries').length;
      expect(lists()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() =>
        expect(get.mock.calls.some(([path]) => path === '/services/eseries/4/status')).toBe(true),
      );
      await waitFor(() => expect(lists()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers power, snapshots and a delete that asks for the name, from the row menu', async () => {
    const { remove, router, user } = setup('/compute');
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Actions for build' }));
    const menu = await screen.findByRole('menu');
    // powered off: only power on is offered (the domain's transition table)
    expect(within(menu).getByRole('menuitem', { name: 'Power on' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Power off' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete build?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox'), 'build');
    await user.click(confirm);
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/services/eseries/3'));
    expect(tasks.isTracking(101)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions for web-01' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Snapshots' }));
    await waitFor(() => expect(router.location.pathname).toBe('/compute/1'));
    expect(router.location.search).toBe('?tab=snapshots');
  }, 20_000);

  it('exports the rows the search lets through', async () => {
    let written: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      written = blob as Blob;
      return 'blob:vms';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { user } = setup('/compute?prevSearch=web');
    await waitFor(() => expect(rowNames()).toEqual(['web-01']));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await written?.text())
      ?.replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines?.[0]).toMatch(/^Name,Status,Power,OS,/);
    expect(lines?.slice(1).map((line) => line.split(',')[0])).toEqual(['web-01']);
    expect(appState.item).toBeNull();
  });
});
