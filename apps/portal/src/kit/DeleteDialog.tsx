// The delete every area offers: a confirmation whose confirm button waits for the resource's name
// where data is lost, a refusal from the server (still in use, say) kept in the dialog as its
// sentence, and the lists that showed the resource refreshed once it is gone. A slow delete is a
// task like any other; a quick one is a call that answers once done.
import type { ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TaskAccepted } from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { ConfirmDialog } from '@portal/ui';
import { notify } from '../services.ts';
import { confirmTask, useTaskAction } from './useTaskAction.ts';

/** How the resource is deleted. */
export type Removal =
  | {
      /** A task (`DELETE …` answering 202): followed like every task, its resource shown busy. */
      task: () => Promise<TaskAccepted>;
      /** Its busy key (`monitor:12`), so every page showing the resource says "Deleting…". */
      resource: string;
      invalidates: readonly QueryKey[];
    }
  | {
      /** A call that answers once the resource is gone (`DELETE …` answering 204). */
      call: () => Promise<unknown>;
      invalidates: readonly QueryKey[];
    };

export interface DeleteDialogProps {
  /** The resource's name: in the title, the messages, and typed to confirm. */
  name: string;
  /** What it is, lower case ("recipient group"): "Delete recipient group Sales?". */
  noun?: string;
  /** What goes with it and whether it can be undone. */
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  removal: Removal;
  /** Data is lost: the name must be typed before the delete is enabled. Defaults to true. */
  typeToConfirm?: boolean;
  /** Called once the server took the delete (a task's runs on). */
  onDeleted?: () => void;
}

/** A confirmed delete of one resource, by task or by call; refusals stay in the dialog. */
export function DeleteDialog({
  name,
  noun,
  description,
  open,
  onOpenChange,
  removal,
  typeToConfirm = true,
  onDeleted,
}: DeleteDialogProps) {
  const client = useQueryClient();
  const operation = `Delete ${name}`;
  const byTask = 'task' in removal;
  const action = useTaskAction({
    operation,
    kind: 'other',
    runningLabel: 'Deleting…',
    invalidates: removal.invalidates,
    ...(byTask ? { resource: removal.resource } : {}),
  });
  const confirm = async () => {
    if ('task' in removal) {
      await confirmTask(action.run(removal.task));
    } else {
      try {
        await removal.call();
      } catch (error) {
        throw new Error(errorText(error));
      }
      for (const queryKey of removal.invalidates) void client.invalidateQueries({ queryKey });
      notify(`${noun ? `The ${noun} ` : ''}${name} was deleted.`, 'success');
    }
    onDeleted?.();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${noun ? `${noun} ` : ''}${name}?`}
      description={description}
      confirmLabel="Delete"
      tone="danger"
      {...(typeToConfirm ? { requireText: name, requireTextLabel: `Type ${name} to confirm` } : {})}
      onConfirm={confirm}
    />
  );
}
