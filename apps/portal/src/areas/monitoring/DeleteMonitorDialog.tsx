import type { Monitor } from '@portal/api/contract';
import { DeleteDialog } from '../../kit/DeleteDialog.tsx';
import { monitoringClient, monitoringKeys } from './queries.ts';
import { monitorResource } from './parts.tsx';

/** The busy key of a monitor: the list and its page show the delete running. */

export interface DeleteMonitorDialogProps {
  monitor: Pick<Monitor, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the server took the delete (its task runs on). */
  onStarted?: () => void;
}

/**
 * Deleting a monitor loses its history, so its name is typed to confirm. A refusal (still being
 * created) keeps the dialog open with the server's sentence.
 */
export function DeleteMonitorDialog({
  monitor,
  open,
  onOpenChange,
  onStarted,
}: DeleteMonitorDialogProps) {
  return (
    <DeleteDialog
      name={monitor.name}
      description="Its checks stop, and its results, incidents, maintenance windows and alert history are deleted with it. This cannot be undone."
      open={open}
      onOpenChange={onOpenChange}
      removal={{
        task: () => monitoringClient().remove(monitor.id),
        resource: monitorResource(monitor.id),
        invalidates: [monitoringKeys.all],
      }}
      {...(onStarted ? { onDeleted: onStarted } : {})}
    />
  );
}
