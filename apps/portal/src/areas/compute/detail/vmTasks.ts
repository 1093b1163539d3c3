import type { QueryKey } from '@tanstack/react-query';
import { useTaskAction } from '../../../kit/useTaskAction.ts';
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
    kind: 'vm',
    resource: vmResource(id),
    invalidates: VM_TASK_KEYS[kind](id),
    runningLabel,
  });
}
