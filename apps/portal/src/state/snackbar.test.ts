import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio';
import type { AppState } from './app.ts';
import { createSnackbarQueue } from './snackbar.ts';

const freshState = () =>
  proxy<Pick<AppState, 'snackbar'>>({ snackbar: { message: '', color: 'info', show: false } });

describe('snackbar queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a message at once and hides it after 6000 ms', () => {
    const state = freshState();
    const queue = createSnackbarQueue(state);
    queue.show('Saved', 'success');
    expect(state.snackbar).toEqual({ message: 'Saved', color: 'success', show: true });
    vi.advanceTimersByTime(5999);
    expect(state.snackbar.show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.snackbar.show).toBe(false);
  });

  it('makes a request wait while one is visible, retrying every 100 ms, in order', () => {
    const state = freshState();
    const queue = createSnackbarQueue(state);
    queue.show('first');
    queue.show('second', 'error');
    queue.show('third', 'warning');
    expect(state.snackbar.message).toBe('first');
    expect(queue.pending).toBe(2);

    vi.advanceTimersByTime(5999);
    expect(state.snackbar.message).toBe('first'); // still showing: the others wait
    vi.advanceTimersByTime(1); // first hides at 6000 ms; the next retry (every 100 ms) shows the second
    expect(state.snackbar).toEqual({ message: 'second', color: 'error', show: true });
    expect(queue.pending).toBe(1);

    vi.advanceTimersByTime(5999);
    expect(state.snackbar.message).toBe('second');
    vi.advanceTimersByTime(100);
    expect(state.snackbar.message).toBe('third');
    expect(queue.pending).toBe(0);
  });

  it('shows the next one within 100 ms of a dismissal', () => {
    const state = freshState();
    const queue = createSnackbarQueue(state);
    queue.show('first');
    queue.show('second');
    vi.advanceTimersByTime(1000);
    queue.dismiss();
    expect(state.snackbar.show).toBe(false);
    vi.advanceTimersByTime(100);
    expect(state.snackbar.message).toBe('second');
    // the dismissed message's own timer must not cut the next one short
    vi.advanceTimersByTime(5800);
    expect(state.snackbar.show).toBe(true);
    vi.advanceTimersByTime(200);
    expect(state.snackbar.show).toBe(false);
  });
});
