import { TASK_POLL_INTERVAL_MS, type TaskAccepted, type TaskStatus } from '@portal/api/contract';
import { backupApi, computeApi, tasksApi } from '@portal/api/client';
import { appState, type AppState, type SnackbarColor } from './app.ts';
import { subscribe } from 'valtio';
import { getServices, notify, reportError, session } from '../services.ts';

/**
 * Where a task is polled and how its end is said (specification §4, §7, §8):
 * - `vm`: a VM task, polled at `/services/eseries/task_status/{id}`;
 * - `vwseries-vm`: a VM task of a vwseries machine, polled at `/services/task/{id}`, which the
 *   vwseries permission reaches (the eseries path asks for compute rights);
 * - `backup`: polled at `/services/backup/task_status/{id}`;
 * - `other`: every other area's task, polled at `/services/task/{id}`.
 * VM tasks hold `taskIsRunning` and fail as `{operation} failed : {message}`; every other task
 * fails with the server's message itself.
 */
export type TaskKind = 'vm' | 'vwseries-vm' | 'backup' | 'other';

/** Whether a task of this kind is a VM task (held in `taskIsRunning`, worded with its operation). */
export const isVmTask = (kind: TaskKind): boolean => kind === 'vm' || kind === 'vwseries-vm';

export interface TrackOptions {
  /** Names the work in the messages: `{operation} succeeded.`, and a VM task's `{operation} failed : …`. */
  operation: string;
  /** Where the task is polled and how its end is said; every caller says which. */
  kind: TaskKind;
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

/** A failure as the specification words it: a VM task names its operation, any other is bare. */
export function failureText(kind: TaskKind, operation: string, message: string): string {
  return isVmTask(kind) ? `${operation} failed : ${message}` : message;
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
  /** Who else follows a tracked task: a page that opened while it ran (its `onSettled`). */
  const followers = new Map<number, Array<(status: TaskStatus) => void>>();
  let vmTasks = 0;

  const holdVm = () => {
    vmTasks += 1;
    deps.state.taskIsRunning = true;
  };
  const releaseVm = () => {
    vmTasks = Math.max(0, vmTasks - 1);
    if (vmTasks === 0) deps.state.taskIsRunning = false;
  };

  const finish = (taskId: number, kind: TaskKind, status: TaskStatus) => {
    timers.delete(taskId);
    const others = followers.get(taskId) ?? [];
    followers.delete(taskId);
    for (const follower of others) follower(status);
    if (isVmTask(kind)) releaseVm();
    deps.state.fetchRequired = true;
  };

  /**
   * Polls a started task to its end. A task already being tracked is not polled twice, and its
   * end is said once; the second caller's `onSettled` is still called when it ends (the page of a
   * VM being created re-reads it, though the wizard started the task).
   */
  function track(taskId: number, options: TrackOptions): void {
    if (timers.has(taskId)) {
      if (options.onSettled)
        followers.set(taskId, [...(followers.get(taskId) ?? []), options.onSettled]);
      return;
    }
    const { kind } = options;
    if (isVmTask(kind)) holdVm();
    const poll = async () => {
      let status: TaskStatus;
      try {
        status = await deps.fetchStatus(taskId, kind);
      } catch (error) {
        // the outcome is unknown: stop, say why, and let the page read the VM again
        if (!timers.has(taskId)) return;
        const text = deps.reportError(error);
        if (!options.silent) deps.notify(failureText(kind, options.operation, text), 'error');
        const failed: TaskStatus = { state: 'FAILURE', message: text };
        finish(taskId, kind, failed);
        options.onSettled?.(failed);
        return;
      }
      if (!timers.has(taskId)) return; // stopped meanwhile
      if (status.state === 'SUCCESS') {
        if (!options.silent)
          deps.notify(options.successMessage ?? `${options.operation} succeeded.`, 'success');
      } else if (status.state === 'FAILURE') {
        if (!options.silent)
          deps.notify(failureText(kind, options.operation, status.message), 'error');
      } else {
        timers.set(
          taskId,
          setTimeout(() => void poll(), intervalMs),
        );
        return;
      }
      finish(taskId, kind, status);
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
    const { kind } = options;
    if (isVmTask(kind)) holdVm();
    try {
      const { task_id: taskId } = await start();
      track(taskId, options);
      return taskId;
    } catch (error) {
      const text = deps.reportError(error);
      const shown = options.onRequestError?.(error) === true;
      if (!options.silent && !shown)
        deps.notify(failureText(kind, options.operation, text), 'error');
      return null;
    } finally {
      if (isVmTask(kind)) releaseVm();
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
      followers.clear();
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
    if (kind === 'vm') return computeApi(api).vmTaskStatus(taskId);
    if (kind === 'backup') return backupApi(api).taskStatus(taskId);
    return tasksApi(api).status(taskId);
  },
  notify,
  reportError: (error) => reportError(error),
});

// Signed out: nothing can be polled any more (no token), and nothing should hold the actions.
subscribe(session, () => {
  if (session.status === 'signedOut') tasks.stopAll();
});
