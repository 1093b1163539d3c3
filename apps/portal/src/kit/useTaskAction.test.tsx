import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { POWER_TRANSITIONS } from '@portal/api/domain';
import type { TaskStatus } from '@portal/api/contract';
import { ApiError, type ApiClient } from '@portal/api/client';
import type { IdentityService } from '@portal/api/identity';
import { provideServices, type Services } from '../services.ts';
import { appState } from '../state/app.ts';
import { tasks } from '../state/tasks.ts';
import { createQueryClient } from './query.ts';
import { taskKeys } from './tasks/queries.ts';
import {
  clearTaskMarks,
  dialogTask,
  useResourceBusy,
  useTaskAction,
  type TaskAction,
  type TaskRun,
} from './useTaskAction.ts';

const KEY = ['compute', 'vm', 12] as const;

function setup(statuses: TaskStatus[]) {
  const get = vi.fn(async (path: string) => {
    if (path.includes('task_status')) return statuses.shift() ?? { state: 'RUNNING', message: '' };
    throw new Error(`unexpected ${path}`);
  });
  provideServices({
    identity: {} as IdentityService,
    api: { get } as unknown as ApiClient,
    currentUser: {} as Services['currentUser'],
  });
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  return { get, client, invalidate };
}

let lastRun: TaskRun | undefined;

function PowerOff({
  start,
  onRequestError,
}: {
  start: () => Promise<{ task_id: number }>;
  onRequestError?: (error: unknown) => boolean;
}) {
  const action = useTaskAction({
    operation: 'Power off',
    kind: 'vm',
    resource: 'vm:12',
    invalidates: [KEY],
    runningLabel: POWER_TRANSITIONS.powerOff.running,
  });
  return (
    <button
      disabled={action.busy}
      onClick={() => void action.run(start, { onRequestError }).then((run) => (lastRun = run))}
    >
      {action.label ?? 'Power off'}
    </button>
  );
}

/** Another place showing the same VM (a list row): it sees the busy state too. */
function Row() {
  const { busy, label } = useResourceBusy('vm:12');
  return <p>{busy ? `web-01 ${label}` : 'web-01 idle'}</p>;
}

const mount = (
  client: QueryClient,
  start: () => Promise<{ task_id: number }>,
  onRequestError?: (error: unknown) => boolean,
) =>
  render(
    <QueryClientProvider client={client}>
      <PowerOff start={start} onRequestError={onRequestError} />
      <Row />
    </QueryClientProvider>,
  );

describe('useTaskAction', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    lastRun = undefined;
    appState.snackbar = { message: '', color: 'info', show: false };
  });
  afterEach(() => {
    tasks.stopAll();
    clearTaskMarks();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('polls every 5000 ms, shows the label while busy, then invalidates and says so', async () => {
    const { get, client, invalidate } = setup([
      { state: 'RUNNING', message: '' },
      { state: 'SUCCESS', message: '' },
    ]);
    mount(client, async () => ({ task_id: 41 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Power off' })));
    expect(screen.getByRole('button', { name: 'Stopping…' })).toHaveProperty('disabled', true);
    expect(screen.getByText('web-01 Stopping…')).toBeTruthy();
    expect(appState.taskIsRunning).toBe(true);
    expect(lastRun).toMatchObject({ ok: true, taskId: 41 });
    // accepted: the task centre and what the task changes read again at once (the server
    // records the transitional state as it accepts), and once more when it ends
    expect(invalidate).toHaveBeenCalledWith({ queryKey: taskKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY });
    invalidate.mockClear();

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(get).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(get).toHaveBeenCalledWith('/services/eseries/task_status/41');
    expect(screen.getByText('web-01 Stopping…')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(get).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY });
    expect(appState.snackbar.message).toBe('Power off succeeded.');
    expect(appState.fetchRequired).toBe(true);
    expect(appState.taskIsRunning).toBe(false);
    expect(screen.getByRole('button', { name: 'Power off' })).toHaveProperty('disabled', false);
    expect(screen.getByText('web-01 idle')).toBeTruthy();
    if (lastRun?.ok) expect(await lastRun.settled).toEqual({ state: 'SUCCESS', message: '' });
  });

  it('says how it failed, and still invalidates', async () => {
    const { client, invalidate } = setup([{ state: 'FAILURE', message: 'The host is down.' }]);
    mount(client, async () => ({ task_id: 42 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Power off' })));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(appState.snackbar.message).toBe('Power off failed : The host is down.');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY });
    expect(screen.getByText('web-01 idle')).toBeTruthy();
  });

  it('hands a refused request back to the caller and frees the resource', async () => {
    const { get, client, invalidate } = setup([]);
    const refusal = new ApiError('Bad Request', 400, { message: 'name is too long' }, 'name');
    mount(client, async () => Promise.reject(refusal));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Power off' })));
    expect(lastRun).toEqual({ ok: false, error: refusal });
    expect(invalidate).not.toHaveBeenCalled();
    expect(appState.taskIsRunning).toBe(false);
    expect(screen.getByText('web-01 idle')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(get).not.toHaveBeenCalled();
  });

  it('leaves the message out when the caller shows the refusal itself (a field error)', async () => {
    const { client } = setup([]);
    const refusal = new ApiError('Bad Request', 400, { message: 'name is too long' }, 'name');
    const onRequestError = vi.fn((error: unknown) => error instanceof ApiError && !!error.field);
    mount(client, async () => Promise.reject(refusal), onRequestError);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Power off' })));
    expect(onRequestError).toHaveBeenCalledWith(refusal);
    expect(lastRun).toEqual({ ok: false, error: refusal });
    expect(appState.snackbar.show).toBe(false);
    expect(screen.getByText('web-01 idle')).toBeTruthy();
  });

  it("still says a refusal the caller does not show, and a started task's outcome", async () => {
    const { client } = setup([{ state: 'FAILURE', message: 'The host is down.' }]);
    const conflict = new ApiError('Conflict', 409, { message: 'The VM is busy.' });
    const start = vi
      .fn<() => Promise<{ task_id: number }>>()
      .mockRejectedValueOnce(conflict)
      .mockResolvedValueOnce({ task_id: 43 });
    mount(client, start, () => false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Power off' })));
    expect(appState.snackbar.message).toBe('Power off failed : The VM is busy.');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Power off' })));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    // shown once the first message has had its 6000 ms
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(appState.snackbar.message).toBe('Power off failed : The host is down.');
  });
});

describe('dialogTask', () => {
  it('runs the task with the dialog showing a refusal, and throws the refusal', async () => {
    const refusal = new ApiError('Bad Request', 400, { message: 'name is too long' }, 'name');
    const run = vi.fn(async () => ({ ok: false, error: refusal }) as TaskRun);
    const start = async () => ({ task_id: 44 });
    await expect(dialogTask({ run }, start, { operation: 'Rename web-01' })).rejects.toBe(refusal);
    const [started, overrides] = run.mock.calls[0] as unknown as Parameters<TaskAction['run']>;
    expect(started).toBe(start);
    expect(overrides).toMatchObject({ operation: 'Rename web-01' });
    expect(overrides?.onRequestError?.(refusal)).toBe(true);
  });

  it('answers the run once the server accepted the task', async () => {
    const accepted = { ok: true, taskId: 45 } as TaskRun;
    await expect(
      dialogTask({ run: async () => accepted }, async () => ({ task_id: 45 })),
    ).resolves.toBe(accepted);
  });
});
