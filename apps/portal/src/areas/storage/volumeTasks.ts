import { useTaskAction } from '../../kit/useTaskAction.ts';
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
