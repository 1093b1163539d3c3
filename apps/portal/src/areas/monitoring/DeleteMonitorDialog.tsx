import type { Monitor } from '@portal/api/contract';
import { ConfirmDialog } from '@portal/ui';
import { confirmTask, useTaskAction } from '../../kit/useTaskAction.ts';
import { monitoringClient, monitoringKeys } from './queries.ts';

/** The busy key of a monitor: the list and its page show the delete running. */
export const monitorResource = (id: number) => `monitor:${id}`;

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
  const removal = useTaskAction({
    operation: `Delete ${monitor.name}`,
    kind: 'other',
    resource: monitorResource(monitor.id),
    runningLabel: 'Deleting…',
    invalidates: [monitoringKeys.all],
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${monitor.name}?`}
      description="Its checks stop, and its results, incidents, maintenance windows and alert history are deleted with it. This cannot be undone."
      confirmLabel="Delete"
      tone="danger"
      requireText={monitor.name}
      requireTextLabel={`Type ${monitor.name} to confirm`}
      onConfirm={async () => {
        await confirmTask(removal.run(() => monitoringClient().remove(monitor.id)));
        onStarted?.();
      }}
    />
  );
}
