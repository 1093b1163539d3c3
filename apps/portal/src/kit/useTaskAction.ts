// Starting slow work from a page: the task is queued, polled by the shared tracker (every
// 5000 ms where its kind is polled, the specification's messages, `fetchRequired`,
// `taskIsRunning` for VM tasks), and once
// it ends the queries it changed are invalidated. The resource it works on shows as busy, with a
// transitional label ("Stopping…"), on every page that shows that resource.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TaskAccepted, TaskStatus } from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { tasks, type TaskKind } from '../state/tasks.ts';
import { taskKeys } from './tasks/queries.ts';

export interface TaskActionOptions {
  /** Names the work in the messages: `{operation} succeeded.`, and a VM task's `{operation} failed : …`. */
  operation: string;
  /** What it works on, as `kind:id` (`vm:12`): that resource shows busy until the task ends. */
  resource?: string;
  /** The queries the task changes: invalidated when it ends, whatever the outcome. */
  invalidates?: readonly QueryKey[];
  /**
   * Where the task is polled and how its end is said (`TaskKind`): VM tasks hold `taskIsRunning`
   * and fail as `{operation} failed : …`; any other task fails with the server's message itself.
   */
  kind: TaskKind;
  /** Replaces `{operation} succeeded.` (e.g. `Monitoring has been created`). */
  successMessage?: string;
  /** Shown while it runs: "Starting…", "Deleting…". Defaults to "Working…". */
  runningLabel?: string;
  /** No snackbar of its own (the caller reports, e.g. a bulk action's one summary). */
  silent?: boolean;
  /**
   * The request that starts the task failed: answer true when the caller shows that error itself
   * (a form puts a 400 at its field), so no snackbar repeats it. The
   * task's own outcome is said as always.
   */
  onRequestError?: (error: unknown) => boolean;
}

/** How starting a task went. */
export type TaskRun =
  | {
      ok: true;
      taskId: number;
      /** Resolves with the outcome once the task has ended (and its queries are invalidated). */
      settled: Promise<TaskStatus>;
    }
  | {
      ok: false;
      /**
       * The request's error (an `ApiError`; a 400 names its `field`), already shown as a message
       * unless `onRequestError` answered that the caller shows it.
       */
      error: unknown;
    };

export const DEFAULT_RUNNING_LABEL = 'Working…';

interface Hold {
  /** How many tasks run on it. */
  count: number;
  /** The newest task's label. */
  label: string;
}

/** Busy resources by `kind:id`, beside the specification's global `taskIsRunning`. */
export const resourceBusy = proxy<Record<string, Hold>>({});

function hold(resource: string, label: string): () => void {
  const current = resourceBusy[resource];
  resourceBusy[resource] = { count: (current?.count ?? 0) + 1, label };
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const now = resourceBusy[resource];
    if (!now) return;
    if (now.count <= 1) delete resourceBusy[resource];
    else resourceBusy[resource] = { ...now, count: now.count - 1 };
  };
}

/** Whether a task of this tab runs on the resource, and its label ("Stopping…"). */
export function useResourceBusy(resource: string | undefined): { busy: boolean; label?: string } {
  const snapshot = useSnapshot(resourceBusy);
  const entry = resource ? snapshot[resource] : undefined;
  return entry ? { busy: true, label: entry.label } : { busy: false };
}

/** Reads the busy state outside React (row actions deciding what to offer). */
export const isResourceBusy = (resource: string): boolean => resource in resourceBusy;

/**
 * Starts a task and follows it to its end; outside React, for bulk actions over many resources.
 * The task centre is refreshed at once (it lists the new task) and again at the end.
 */
export function runTaskAction(
  client: QueryClient,
  options: TaskActionOptions,
  start: () => Promise<TaskAccepted>,
): Promise<TaskRun> {
  const release = options.resource
    ? hold(options.resource, options.runningLabel ?? DEFAULT_RUNNING_LABEL)
    : () => undefined;
  const invalidate = () => {
    for (const queryKey of options.invalidates ?? []) void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: taskKeys.all });
  };
  let settle: (status: TaskStatus) => void = () => undefined;
  const settled = new Promise<TaskStatus>((resolve) => {
    settle = resolve;
  });
  return new Promise<TaskRun>((resolve) => {
    void tasks
      .run(
        {
          operation: options.operation,
          kind: options.kind,
          successMessage: options.successMessage,
          silent: options.silent,
          onSettled: (status) => {
            release();
            invalidate();
            settle(status);
          },
          onRequestError: (error) => {
            release();
            resolve({ ok: false, error });
            return options.onRequestError?.(error) === true;
          },
        },
        start,
      )
      .then((taskId) => {
        if (taskId === null) return;
        void client.invalidateQueries({ queryKey: taskKeys.all });
        resolve({ ok: true, taskId, settled });
      });
  });
}

export interface TaskAction {
  /** Starts the task; `overrides` adjust this run (another operation name, another resource). */
  run: (
    start: () => Promise<TaskAccepted>,
    overrides?: Partial<TaskActionOptions>,
  ) => Promise<TaskRun>;
  /** A task of this action (or on its resource) is being started or runs. */
  busy: boolean;
  /** The transitional label while busy ("Stopping…"), else undefined. */
  label: string | undefined;
}

/**
 * A page's handle on one kind of task: `run(() => api.powerState(id, 'powerOff'))`. A request
 * error is resolved as `{ ok: false, error }` (after its message), so a form can map a 400 to its
 * field; with `onRequestError` answering true for such an error, the message is left out. The
 * outcome invalidates `invalidates`.
 */
export function useTaskAction(options: TaskActionOptions): TaskAction {
  const client = useQueryClient();
  const latest = useRef(options);
  // The newest options for `run`, which stays stable across renders.
  useLayoutEffect(() => {
    latest.current = options;
  });
  const [starting, setStarting] = useState<{ count: number; label: string }>({
    count: 0,
    label: '',
  });
  const onResource = useResourceBusy(options.resource);

  const run = useCallback<TaskAction['run']>(
    async (start, overrides) => {
      const merged = { ...latest.current, ...overrides };
      const label = merged.runningLabel ?? DEFAULT_RUNNING_LABEL;
      // Without a resource the hook's own count shows the work until the task ends.
      const own = !merged.resource;
      if (own) setStarting((s) => ({ count: s.count + 1, label }));
      const done = () => {
        if (own) setStarting((s) => ({ ...s, count: Math.max(0, s.count - 1) }));
      };
      const result = await runTaskAction(client, merged, start);
      if (result.ok) void result.settled.then(done);
      else done();
      return result;
    },
    [client],
  );

  if (onResource.busy) return { run, busy: true, label: onResource.label };
  if (starting.count > 0) return { run, busy: true, label: starting.label };
  return { run, busy: false, label: undefined };
}

/**
 * A task started from a confirmation dialog: a refused request (a 409, say) rejects with its
 * text, so the dialog stays open and says why.
 */
export async function confirmTask(pending: Promise<TaskRun>): Promise<TaskRun & { ok: true }> {
  const result = await pending;
  if (!result.ok) throw new Error(errorText(result.error));
  return result;
}

/**
 * `onRequestError` for a task started from a `FormDialog`: the dialog shows every refused
 * request itself (a 400 at its field, anything else above its buttons), so no snackbar repeats
 * it.
 */
export const shownInDialog = (): boolean => true;

/**
 * A task started from a `FormDialog`: a refused request is thrown, so the dialog stays open with
 * the error at its field (a 400 naming one) or above the buttons.
 */
export async function formTask(pending: Promise<TaskRun>): Promise<TaskRun & { ok: true }> {
  const result = await pending;
  if (!result.ok) throw result.error;
  return result;
}
