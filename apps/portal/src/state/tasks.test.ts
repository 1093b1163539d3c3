import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio';
import type { TaskStatus } from '@portal/api/contract';
import type { AppState } from './app.ts';
import { createTaskTracker, type TaskKind } from './tasks.ts';

const setup = () => {
  const state = proxy<Pick<AppState, 'fetchRequired' | 'taskIsRunning'>>({
    fetchRequired: false,
    taskIsRunning: false,
  });
  const replies: Array<TaskStatus | Error> = [];
  const fetchStatus = vi.fn(async (_taskId: number, _kind: TaskKind): Promise<TaskStatus> => {
    const next = replies.shift() ?? { state: 'RUNNING', message: '' };
    if (next instanceof Error) throw next;
    return next;
  });
  const notify = vi.fn();
  const tracker = createTaskTracker({
    state,
    fetchStatus,
    notify,
    reportError: (error) => (error instanceof Error ? error.message : String(error)),
  });
  return { state, replies, fetchStatus, notify, tracker };
};

describe('task tracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 5000 ms until SUCCESS, then says so and flags a refetch', async () => {
    const { state, replies, fetchStatus, notify, tracker } = setup();
    replies.push({ state: 'PENDING', message: '' }, { state: 'RUNNING', message: '' });
    replies.push({ state: 'SUCCESS', message: 'done' });
    tracker.track(41, { kind: 'vm', operation: 'Power off' });
    expect(state.taskIsRunning).toBe(true);

    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(fetchStatus).toHaveBeenCalledWith(41, 'vm');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);

    expect(notify).toHaveBeenCalledExactlyOnceWith('Power off succeeded.', 'success');
    expect(state.taskIsRunning).toBe(false);
    expect(state.fetchRequired).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('shows the server message on FAILURE and clears taskIsRunning', async () => {
    const { state, replies, notify, tracker } = setup();
    replies.push({ state: 'FAILURE', message: 'The plan allows at most 4 vCPUs.' });
    const settled = vi.fn();
    tracker.track(7, { kind: 'vm', operation: 'Resize', onSettled: settled });
    await vi.advanceTimersByTimeAsync(5000);
    expect(notify).toHaveBeenCalledWith(
      'Resize failed : The plan allows at most 4 vCPUs.',
      'error',
    );
    expect(state).toEqual({ taskIsRunning: false, fetchRequired: true });
    expect(settled).toHaveBeenCalledWith({
      state: 'FAILURE',
      message: 'The plan allows at most 4 vCPUs.',
    });
  });

  it('stops and clears taskIsRunning when a status request fails', async () => {
    const { state, replies, fetchStatus, notify, tracker } = setup();
    replies.push(new Error('No response'));
    tracker.track(8, { kind: 'vm', operation: 'Reboot' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(notify).toHaveBeenCalledWith('Reboot failed : No response', 'error');
    expect(state).toEqual({ taskIsRunning: false, fetchRequired: true });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('holds taskIsRunning until the last of several VM tasks ends', async () => {
    const { state, replies, tracker } = setup();
    replies.push({ state: 'SUCCESS', message: '' }, { state: 'RUNNING', message: '' });
    replies.push({ state: 'SUCCESS', message: '' });
    tracker.track(1, { kind: 'vm', operation: 'A' });
    tracker.track(2, { kind: 'vm', operation: 'B' });
    tracker.track(2, { kind: 'vm', operation: 'B' }); // the same task is not tracked twice
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.taskIsRunning).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.taskIsRunning).toBe(false);
  });

  it('tells a second follower of a task how it ended, polling once and saying it once', async () => {
    const { replies, fetchStatus, notify, tracker } = setup();
    replies.push({ state: 'RUNNING', message: '' });
    replies.push({ state: 'FAILURE', message: 'The LXD server at LXD1 could not create it.' });
    const wizard = vi.fn();
    const page = vi.fn();
    tracker.track(9, { kind: 'vm', operation: 'Create web-1', onSettled: wizard });
    // The new VM's page opens while the task runs, and follows it too (to read the VM again).
    tracker.track(9, { kind: 'vm', operation: 'The task on web-1', onSettled: page });
    await vi.advanceTimersByTimeAsync(10_000);
    const failed = { state: 'FAILURE', message: 'The LXD server at LXD1 could not create it.' };
    expect(wizard).toHaveBeenCalledExactlyOnceWith(failed);
    expect(page).toHaveBeenCalledExactlyOnceWith(failed);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledExactlyOnceWith(
      'Create web-1 failed : The LXD server at LXD1 could not create it.',
      'error',
    );
  });

  it('reads other tasks from the generic path without holding taskIsRunning', async () => {
    const { state, replies, fetchStatus, notify, tracker } = setup();
    replies.push({ state: 'SUCCESS', message: '' });
    tracker.track(3, {
      operation: 'Monitoring',
      kind: 'other',
      successMessage: 'Monitoring has been created',
    });
    expect(state.taskIsRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchStatus).toHaveBeenCalledWith(3, 'other');
    expect(notify).toHaveBeenCalledWith('Monitoring has been created', 'success');
  });

  it('says a non-VM failure with the server message alone, in the error colour', async () => {
    const { state, replies, fetchStatus, notify, tracker } = setup();
    replies.push({
      state: 'FAILURE',
      message: 'The job needs 62.7 GB but only 10 GB of the 10 GB hard quota is free.',
    });
    tracker.track(11, { operation: 'Run job of acme-daily', kind: 'backup' });
    expect(state.taskIsRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchStatus).toHaveBeenCalledWith(11, 'backup');
    expect(notify).toHaveBeenCalledExactlyOnceWith(
      'The job needs 62.7 GB but only 10 GB of the 10 GB hard quota is free.',
      'error',
    );
    expect(state.fetchRequired).toBe(true);
  });

  it('says a failed status request of a non-VM task bare, and a refused start too', async () => {
    const { replies, notify, tracker } = setup();
    replies.push(new Error('No response'));
    tracker.track(12, { operation: 'Extend data-1', kind: 'other' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(notify).toHaveBeenLastCalledWith('No response', 'error');
    expect(
      await tracker.run({ operation: 'Launch', kind: 'other' }, () =>
        Promise.reject(new Error('The campaign has no recipients.')),
      ),
    ).toBeNull();
    expect(notify).toHaveBeenLastCalledWith('The campaign has no recipients.', 'error');
  });

  it("holds a vwseries machine's VM task like any VM task, polled on its own path", async () => {
    const { state, replies, fetchStatus, notify, tracker } = setup();
    replies.push({ state: 'FAILURE', message: 'The machine is already off.' });
    tracker.track(13, { operation: 'Power off edge-1', kind: 'vwseries-vm' });
    expect(state.taskIsRunning).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchStatus).toHaveBeenCalledWith(13, 'vwseries-vm');
    expect(notify).toHaveBeenCalledWith(
      'Power off edge-1 failed : The machine is already off.',
      'error',
    );
    expect(state.taskIsRunning).toBe(false);
  });

  it('run: holds taskIsRunning from the click, clears it when the request fails', async () => {
    const { state, notify, tracker } = setup();
    let fail: (error: Error) => void = () => undefined;
    const onRequestError = vi.fn();
    const started = tracker.run(
      { kind: 'vm', operation: 'Create snapshot', onRequestError },
      () => new Promise((_resolve, reject) => (fail = reject)),
    );
    expect(state.taskIsRunning).toBe(true);
    fail(new Error('name: is too long'));
    expect(await started).toBeNull();
    expect(state.taskIsRunning).toBe(false);
    expect(notify).toHaveBeenCalledWith('Create snapshot failed : name: is too long', 'error');
    expect(onRequestError).toHaveBeenCalledOnce();
  });

  it('run: says nothing of a refused request the caller shows itself', async () => {
    const { state, notify, tracker } = setup();
    const started = tracker.run(
      { kind: 'vm', operation: 'Rename', onRequestError: () => true },
      () => Promise.reject(new Error('display_name: is too long')),
    );
    expect(await started).toBeNull();
    expect(state.taskIsRunning).toBe(false);
    expect(notify).not.toHaveBeenCalled();
  });

  it('run: tracks the started task to its end', async () => {
    const { state, replies, notify, tracker } = setup();
    replies.push({ state: 'SUCCESS', message: '' });
    expect(
      await tracker.run({ kind: 'vm', operation: 'Power on' }, async () => ({ task_id: 5 })),
    ).toBe(5);
    expect(state.taskIsRunning).toBe(true);
    expect(tracker.isTracking(5)).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(notify).toHaveBeenCalledWith('Power on succeeded.', 'success');
    expect(state.taskIsRunning).toBe(false);
  });

  it('stopAll stops polling and releases taskIsRunning', async () => {
    const { state, fetchStatus, tracker } = setup();
    tracker.track(9, { kind: 'vm', operation: 'X' });
    tracker.stopAll();
    expect(state.taskIsRunning).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).not.toHaveBeenCalled();
  });
});

describe('the portal tracker', () => {
  it('stops polling when the person signs out', async () => {
    const { tasks } = await import('./tasks.ts');
    const { session } = await import('../services.ts');
    const { appState } = await import('./app.ts');
    session.status = 'signedIn';
    tasks.track(77, { kind: 'vm', operation: 'Power off' });
    expect(appState.taskIsRunning).toBe(true);
    session.status = 'signedOut';
    await vi.waitFor(() => expect(tasks.isTracking(77)).toBe(false));
    expect(appState.taskIsRunning).toBe(false);
  });
});
