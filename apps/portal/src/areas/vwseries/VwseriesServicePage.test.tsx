import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, TaskStatus } from '@portal/api/contract';
import { ApiError } from '@portal/api/client';
import { session } from '../../services.ts';
import { appState } from '../../state/app.ts';
import { tasks } from '../../state/tasks.ts';
import { renderPages } from '../../test-pages.tsx';
import { makeVm } from '../../kit/vm/vm.fixture.ts';
import { VwseriesServicePage } from './VwseriesServicePage.tsx';

// A custom role made the way a new customer makes one: the vwseries area only.
const VWSERIES_ONLY: CurrentUser = {
  email: 'edge@portal.test',
  tenant: { cdb_id: 'UZZ100001', name: 'Acme' },
  role: { name: 'Edge operators', builtin: false, permissions: { vwseries: 'manage' } },
};

const EDGE = makeVm({ id: 7, display_name: 'edge-1', serviceid: 'VWS000001' });

function setup(taskReply: TaskStatus) {
  const get = vi.fn(async (path: string) => {
    // What the server answers this role: the eseries task path needs compute rights.
    if (path.startsWith('/services/eseries/'))
      throw new ApiError('Your role may not see compute.', 403, {
        message: 'Your role may not see compute.',
      });
    if (path === '/services/task/100') return taskReply;
    if (path === '/services/vwseries/VWS000001/vm') return [EDGE];
    throw new ApiError(`No route ${path}`, 404, { message: `No route ${path}` });
  });
  const post = vi.fn(async (_path: string, _body: unknown) => ({ task_id: 100 }));
  session.user = VWSERIES_ONLY;
  renderPages(
    [{ path: '/vwseries/:serviceid', element: <VwseriesServicePage /> }],
    '/vwseries/VWS000001',
    { api: { get, post } },
  );
  return { get, post, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

async function powerOffEdge(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('link', { name: 'edge-1' });
  await user.click(screen.getByRole('button', { name: 'Actions for edge-1' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Power off' }));
  const dialog = await screen.findByRole('alertdialog');
  // the dialog takes the pointer once the menu's layer has gone
  await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
  await user.click(within(dialog).getByRole('button', { name: 'Power off' }));
}

describe('a vwseries service page for a role with vwseries rights only', () => {
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

  it('follows a power task where its permission reaches, and says it succeeded', async () => {
    const { get, post, user } = setup({ state: 'SUCCESS', message: 'Powered off.' });
    await powerOffEdge(user);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/services/vwseries/VWS000001/vm/7/power_state', {
        power_operation: 'powerOff',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(appState.snackbar.message).toBe('Power off edge-1 succeeded.'));
    expect(appState.snackbar.color).toBe('success');
    expect(get).toHaveBeenCalledWith('/services/task/100');
    expect(get.mock.calls.some(([path]) => path.startsWith('/services/eseries/'))).toBe(false);
  }, 20_000);

  it("keeps a VM task's own wording when the machine refuses", async () => {
    const { user } = setup({ state: 'FAILURE', message: 'The machine is locked by its vendor.' });
    await powerOffEdge(user);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() =>
      expect(appState.snackbar.message).toBe(
        'Power off edge-1 failed : The machine is locked by its vendor.',
      ),
    );
    expect(appState.snackbar.color).toBe('error');
  }, 20_000);
});
