// Starting slow work from a page: the task is queued, polled by the shared tracker (every
// 5000 ms where its kind is polled, the specification's messages, `fetchRequired`,
// `taskIsRunning` for VM tasks), and once
// it ends the queries it changed are invalidated. The resource it works on shows as busy, with a
// transitional label ("Stopping…"), on every page that shows that resource.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TaskAccepted, TaskStatus } from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { session } from '../services.ts';
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
  /**
   * A creation: the list its new object shows in (`networking:addresses`). From the click until
   * that list has been read again with the object in it, a placeholder with `runningLabel` shows
   * there (`PendingCreations`), so nobody clicks twice while the request is on its way.
   */
  pendingIn?: string;
  /**
   * A creation: the new object's resource (`public_address:7`) from the 202's ids. It shows busy,
   * with `runningLabel`, until the task ends.
   */
  createdResource?: (accepted: TaskAccepted & Readonly<Record<string, unknown>>) => string;
}

/** How starting a task went. */
export type TaskRun =
  | {
      ok: true;
      taskId: number;
      /** The server's 202: the task, and a creation's new ids (`id`, `volume_id`). */
      accepted: TaskAccepted & Readonly<Record<string, unknown>>;
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
 * The ids of the rows with a task on their resource, for a table's `busyRowIds`: every list shows
 * a row's work at once, whichever page started it.
 */
export function useBusyRowIds<T>(
  rows: readonly T[] | undefined,
  getRowId: (row: T) => string,
  resourceOf: ((row: T) => string) | undefined,
): string[] {
  const snapshot = useSnapshot(resourceBusy);
  const ids =
    !rows || !resourceOf ? [] : rows.filter((row) => resourceOf(row) in snapshot).map(getRowId);
  // The same array while the same rows are busy: a table's props stay equal across renders.
  const key = ids.join('\n');
  return useMemo(() => (key ? key.split('\n') : []), [key]);
}

/** A creation on its way whose object is not listed yet. */
export interface PendingCreation {
  id: number;
  /** "Allocating…", the action's `runningLabel`. */
  label: string;
  /** The work, for a screen reader and the tooltip: "Allocate a public address". */
  operation: string;
}

/** Creations on their way, by the list they will show in (`pendingIn`). */
export const pendingCreations = proxy<Record<string, PendingCreation[]>>({});
let nextPending = 1;

function addPending(scope: string, label: string, operation: string): () => void {
  const id = nextPending++;
  pendingCreations[scope] = [...(pendingCreations[scope] ?? []), { id, label, operation }];
  return () => {
    const left = (pendingCreations[scope] ?? []).filter((each) => each.id !== id);
    if (left.length) pendingCreations[scope] = left;
    else delete pendingCreations[scope];
  };
}

/**
 * Forgets every busy mark and placeholder: nothing is followed any more (signed out, the tracker
 * stopped), so nothing may stay shown as under way.
 */
export function clearTaskMarks(): void {
  for (const key of Object.keys(resourceBusy)) delete resourceBusy[key];
  for (const key of Object.keys(pendingCreations)) delete pendingCreations[key];
}

// Signed out: the tracker stops polling, and the marks of its tasks go with it.
subscribe(session, () => {
  if (session.status === 'signedOut') clearTaskMarks();
});

/** The creations on their way into one list. */
export function usePendingCreations(scope: string | undefined): readonly PendingCreation[] {
  const snapshot = useSnapshot(pendingCreations);
  return (scope ? snapshot[scope] : undefined) ?? [];
}

/**
 * Starts a task and follows it to its end; outside React, for bulk actions over many resources.
 * The task centre is refreshed at once (it lists the new task) and again at the end.
 */
export function runTaskAction(
  client: QueryClient,
  options: TaskActionOptions,
  start: () => Promise<TaskAccepted>,
): Promise<TaskRun> {
  const label = options.runningLabel ?? DEFAULT_RUNNING_LABEL;
  // At once, before the request is answered: the row (or a placeholder for a new one) says so.
  const releaseResource = options.resource ? hold(options.resource, label) : () => undefined;
  const dropPending = options.pendingIn
    ? addPending(options.pendingIn, label, options.operation)
    : () => undefined;
  let releaseCreated: () => void = () => undefined;
  const release = () => {
    releaseResource();
    releaseCreated();
  };
  const invalidateAll = () =>
    Promise.all(
      [...(options.invalidates ?? []), taskKeys.all].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const invalidate = () => void invalidateAll();
  // Accepted: the server records the change in its transitional state (creating, allocating…),
  // so the lists are read again now, not when the task ends; the placeholder goes once they are.
  const confirm = (accepted: TaskAccepted & Readonly<Record<string, unknown>>) => {
    if (options.createdResource) releaseCreated = hold(options.createdResource(accepted), label);
    void invalidateAll().finally(dropPending);
  };
  let accepted: TaskAccepted & Readonly<Record<string, unknown>> = { task_id: 0 };
  const startAndConfirm = async () => {
    accepted = await start();
    confirm(accepted);
    return accepted;
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
            dropPending();
            resolve({ ok: false, error });
            return options.onRequestError?.(error) === true;
          },
        },
        startAndConfirm,
      )
      .then((taskId) => {
        if (taskId === null) return;
        resolve({ ok: true, taskId, accepted, settled });
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

/**
 * Runs `task` from a `FormDialog`'s submit: the dialog, not a snackbar, shows a refused request
 * (`shownInDialog`), and stays open with it (`formTask`).
 */
export const dialogTask = (
  task: Pick<TaskAction, 'run'>,
  start: () => Promise<TaskAccepted>,
  overrides: Partial<TaskActionOptions> = {},
): Promise<TaskRun & { ok: true }> =>
  formTask(task.run(start, { ...overrides, onRequestError: shownInDialog }));
