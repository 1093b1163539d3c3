import { TASK_POLL_INTERVAL_MS, type TaskAccepted, type TaskStatus } from '@portal/api/contract';
import { computeApi, tasksApi } from '@portal/api/client';
import { appState, type AppState, type SnackbarColor } from './app.ts';
import { subscribe } from 'valtio';
import { getServices, notify, reportError, session } from '../services.ts';

/** `vm` tasks are read from `/services/eseries/task_status/{id}` and hold `taskIsRunning`. */
export type TaskKind = 'vm' | 'other';

export interface TrackOptions {
  /** Names the work in the messages: `{operation} succeeded.` / `{operation} failed : …`. */
  operation: string;
  kind?: TaskKind;
  /** Replaces `{operation} succeeded.` (e.g. `Monitoring has been created`). */
  successMessage?: string;
  /**
   * Called once with the outcome, after the messages and the refetch flag. A status request that
   * failed ends the task as a FAILURE carrying that request's error text.
   */
  onSettled?: (status: TaskStatus) => void;
  /** No snackbar of its own: the caller reports the outcome (a bulk action's one summary). */
  silent?: boolean;
  /**
   * `run` only: the request that starts the task failed (e.g. a 400 naming a field). Answer true
   * when the caller shows the error itself (a form at its field): no snackbar repeats it then.
   */
  onRequestError?: (error: unknown) => boolean | void;
}

export interface TaskTrackerDeps {
  state: Pick<AppState, 'fetchRequired' | 'taskIsRunning'>;
  fetchStatus: (taskId: number, kind: TaskKind) => Promise<TaskStatus>;
  notify: (message: string, color: SnackbarColor) => void;
  reportError: (error: unknown) => string;
  intervalMs?: number;
}

/**
 * The background-task rule (PRODUCT.md §6): poll every 5000 ms until SUCCESS or FAILURE, say how
 * it ended, flag a refetch. VM tasks hold `taskIsRunning` until the last of them ends.
 *
 * Polling lives here, outside any component, on purpose: it does NOT stop when the page that
 * started it unmounts. The person asked for the work and the server does it whether or not they
 * stay; navigating away (say, back to the list) must not swallow "Power off failed : …", and
 * `taskIsRunning` must not stay stuck on because nobody polled to the end. The snackbar and the
 * refetch flag are global, so the outcome lands wherever the person is.
 */
export function createTaskTracker(deps: TaskTrackerDeps) {
  const intervalMs = deps.intervalMs ?? TASK_POLL_INTERVAL_MS;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let vmTasks = 0;

  const holdVm = () => {
    vmTasks += 1;
    deps.state.taskIsRunning = true;
  };
  const releaseVm = () => {
    vmTasks = Math.max(0, vmTasks - 1);
    if (vmTasks === 0) deps.state.taskIsRunning = false;
  };

  const finish = (taskId: number, kind: TaskKind) => {
    timers.delete(taskId);
    if (kind === 'vm') releaseVm();
    deps.state.fetchRequired = true;
  };

  /** Polls a started task to its end. A task already being tracked is not tracked twice. */
  function track(taskId: number, options: TrackOptions): void {
    if (timers.has(taskId)) return;
    const kind = options.kind ?? 'vm';
    if (kind === 'vm') holdVm();
    const poll = async () => {
      let status: TaskStatus;
      try {
        status = await deps.fetchStatus(taskId, kind);
      } catch (error) {
        // the outcome is unknown: stop, say why, and let the page read the VM again
        if (!timers.has(taskId)) return;
        const text = deps.reportError(error);
        if (!options.silent) deps.notify(`${options.operation} failed : ${text}`, 'error');
        finish(taskId, kind);
        options.onSettled?.({ state: 'FAILURE', message: text });
        return;
      }
      if (!timers.has(taskId)) return; // stopped meanwhile
      if (status.state === 'SUCCESS') {
        if (!options.silent)
          deps.notify(options.successMessage ?? `${options.operation} succeeded.`, 'success');
      } else if (status.state === 'FAILURE') {
        if (!options.silent)
          deps.notify(`${options.operation} failed : ${status.message}`, 'error');
      } else {
        timers.set(
          taskId,
          setTimeout(() => void poll(), intervalMs),
        );
        return;
      }
      finish(taskId, kind);
      options.onSettled?.(status);
    };
    timers.set(
      taskId,
      setTimeout(() => void poll(), intervalMs),
    );
  }

  /**
   * Starts a task and tracks it: `taskIsRunning` turns on at once (so a double click cannot start
   * it twice) and clears if the request itself fails, whose text is shown as an error. Resolves to
   * the task id, or null when the request failed.
   */
  async function run(
    options: TrackOptions,
    start: () => Promise<TaskAccepted>,
  ): Promise<number | null> {
    const kind = options.kind ?? 'vm';
    if (kind === 'vm') holdVm();
    try {
      const { task_id: taskId } = await start();
      track(taskId, options);
      return taskId;
    } catch (error) {
      const text = deps.reportError(error);
      const shown = options.onRequestError?.(error) === true;
      if (!options.silent && !shown) deps.notify(`${options.operation} failed : ${text}`, 'error');
      return null;
    } finally {
      if (kind === 'vm') releaseVm();
    }
  }

  return {
    track,
    run,
    /** Whether a task id is being polled. */
    isTracking: (taskId: number) => timers.has(taskId),
    /** Stops all polling (sign-out, tests). */
    stopAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      vmTasks = 0;
      deps.state.taskIsRunning = false;
    },
  };
}

export type TaskTracker = ReturnType<typeof createTaskTracker>;

/** The portal's tracker, on the app state, the snackbar and the signed-in API client. */
export const tasks = createTaskTracker({
  state: appState,
  fetchStatus: (taskId, kind) => {
    const { api } = getServices();
    return kind === 'vm' ? computeApi(api).vmTaskStatus(taskId) : tasksApi(api).status(taskId);
  },
  notify,
  reportError: (error) => reportError(error),
});

// Signed out: nothing can be polled any more (no token), and nothing should hold the actions.
subscribe(session, () => {
  if (session.status === 'signedOut') tasks.stopAll();
});
