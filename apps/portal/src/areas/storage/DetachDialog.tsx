import { ConfirmDialog } from '@portal/ui';
import { confirmTask, type TaskAction } from '../../kit/useTaskAction.ts';
import { storageCalls } from './queries.ts';
import { volumeResource } from './volumeLook.tsx';

/**
 * The confirmation before a volume leaves its VM, from the volume's page or the VM's volumes:
 * the detach runs as one of `run`'s tasks, busy on the volume.
 */
export function DetachDialog({
  volume,
  vmName,
  run,
  onClose,
}: {
  volume: { id: number; name: string };
  vmName: string;
  run: TaskAction['run'];
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Detach ${volume.name} from ${vmName}?`}
      description="Unmount it in the guest first: the VM loses the disk at once."
      confirmLabel="Detach"
      tone="danger"
      onConfirm={() =>
        confirmTask(
          run(() => storageCalls.detach(volume.id), {
            operation: `Detach ${volume.name}`,
            resource: volumeResource(volume.id),
            runningLabel: 'Detaching…',
          }),
        )
      }
    />
  );
}
