import { errorText } from '@portal/api/client';
import { useTaskAction, type TaskRun } from '../../kit/useTaskAction.ts';
import { storageKeys } from './queries.ts';
import { volumeResource } from './volumeLook.tsx';

/** `useTaskAction` for a task on one volume: busy per volume, every storage query read again. */
export const useVolumeTask = (id: number, operation: string, runningLabel?: string) =>
  useTaskAction({
    operation,
    kind: 'other',
    resource: volumeResource(id),
    invalidates: [storageKeys.all],
    runningLabel,
  });

/** A task from a confirmation dialog: a refused request keeps the dialog open, saying why. */
export async function confirmed(pending: Promise<TaskRun>): Promise<TaskRun & { ok: true }> {
  const result = await pending;
  if (!result.ok) throw new Error(errorText(result.error));
  return result;
}

/** A task from a form dialog: a refused request is thrown, to show at its field. */
export async function submitted(pending: Promise<TaskRun>): Promise<TaskRun & { ok: true }> {
  const result = await pending;
  if (!result.ok) throw result.error;
  return result;
}
