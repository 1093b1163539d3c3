import type { QueryKey } from '@tanstack/react-query';
import { errorText } from '@portal/api/client';
import { useTaskAction, type TaskRun } from '../../../kit/useTaskAction.ts';
import { computeKeys } from '../queries.ts';

/** What each kind of VM task changes, so its end reads exactly that again. */
export const VM_TASK_KEYS = {
  power: (id: number): QueryKey[] => [computeKeys.vm(id), computeKeys.lists()],
  snapshot: (id: number): QueryKey[] => [computeKeys.snapshots(id), computeKeys.vm(id)],
  network: (id: number): QueryKey[] => [computeKeys.vm(id)],
  /** A rename or resize shows in the lists too. */
  settings: (id: number): QueryKey[] => [computeKeys.vm(id), computeKeys.lists()],
  delete: (): QueryKey[] => [computeKeys.lists()],
} as const;

export type VmTaskKind = keyof typeof VM_TASK_KEYS;

/** The busy-state key of a VM: every page showing it shows its task. */
export const vmResource = (id: number) => `vm:${id}`;

/** `useTaskAction` for a task on one VM: busy per VM, the keys of its kind invalidated. */
export function useVmTask(id: number, kind: VmTaskKind, operation: string, runningLabel?: string) {
  return useTaskAction({
    operation,
    resource: vmResource(id),
    invalidates: VM_TASK_KEYS[kind](id),
    runningLabel,
  });
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
 * request itself (a 400 at its field, anything else above its buttons), so no "… failed : …"
 * snackbar repeats it.
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
