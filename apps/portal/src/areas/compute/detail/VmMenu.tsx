import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { mdiDelete, mdiDotsVertical, mdiPencil, mdiRefresh } from '@mdi/js';
import type { Vm } from '@portal/api/contract';
import { deleteRefusal } from '@portal/api/domain';
import { ConfirmDialog, IconButton, Menu, type MenuAction } from '@portal/ui';
import { computeKeys } from '../queries.ts';
import { useFocusReturn } from './focusReturn.ts';
import { RenameDialog } from './RenameDialog.tsx';
import { vmApis } from './vmApis.ts';
import { useVmTask, VM_TASK_KEYS, vmResource } from './vmTasks.ts';
import { confirmTask } from '../../../kit/useTaskAction.ts';
import { useTaskAction } from '../../../kit/useTaskAction.ts';

export interface VmMenuProps {
  vm: Vm;
  /** Why changes are refused now (a task runs, the role may only look), if they are. */
  disabledReason?: string;
  /** Where a deleted VM's page goes: the list, with the search it came with. */
  listHref: string;
}

/** The header's "more actions" menu of an eseries VM: rename, refresh, delete. */
export function VmMenu({ vm, disabledReason, listHref }: VmMenuProps) {
  const [dialog, setDialog] = useState<null | 'rename' | 'delete'>(null);
  const client = useQueryClient();
  const refresh = useVmTask(vm.id, 'settings', 'Refresh', 'Refreshing…');
  const removal = useTaskAction({
    operation: 'Delete',
    kind: 'vm',
    resource: vmResource(vm.id),
    invalidates: VM_TASK_KEYS.delete(),
    runningLabel: 'Deleting…',
  });
  const deleting = removal.busy && removal.label === 'Deleting…';
  const {
    ref: triggerRef,
    keep: keepTriggerFocus,
    restore: restoreTriggerFocus,
  } = useFocusReturn<HTMLButtonElement>();
  const navigate = useNavigate();
  // A delete ends seconds later: only a page still showing this VM moves to the list.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const close = () => {
    setDialog(null);
    restoreTriggerFocus();
  };

  const actions: MenuAction[] = [
    {
      id: 'rename',
      label: 'Rename',
      icon: mdiPencil,
      disabledReason,
      onSelect: () => setDialog('rename'),
    },
    {
      id: 'refresh',
      label: 'Refresh from the platform',
      icon: mdiRefresh,
      disabledReason,
      onSelect: () => {
        keepTriggerFocus();
        void refresh.run(() => vmApis(vm).compute.refresh(vm.id));
      },
    },
    {
      id: 'delete',
      label: deleting ? 'Deleting…' : 'Delete',
      icon: mdiDelete,
      tone: 'danger',
      disabledReason: deleting
        ? 'The virtual machine is being deleted.'
        : (deleteRefusal(vm) ?? disabledReason),
      onSelect: () => setDialog('delete'),
    },
  ];

  const remove = async () => {
    const started = await confirmTask(removal.run(() => vmApis(vm).compute.remove(vm.id)));
    void started.settled.then((status) => {
      if (status.state !== 'SUCCESS') return;
      // Gone: out of every cached list at once, and its page leaves (if still shown).
      client.setQueriesData<Vm[]>({ queryKey: computeKeys.lists() }, (list) =>
        list?.filter((item) => item.id !== vm.id),
      );
      if (mounted.current) navigate(listHref);
      client.removeQueries({ queryKey: computeKeys.vm(vm.id) });
    });
  };

  return (
    <>
      <Menu.Root>
        <Menu.Trigger>
          <IconButton
            ref={triggerRef}
            icon={mdiDotsVertical}
            aria-label={`More actions for ${vm.display_name}`}
          />
        </Menu.Trigger>
        <Menu.Content aria-label={`More actions for ${vm.display_name}`}>
          <Menu.Actions actions={actions} />
        </Menu.Content>
      </Menu.Root>
      {dialog === 'rename' && <RenameDialog vm={vm} onClose={close} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={`Delete ${vm.display_name}?`}
          description="The virtual machine, its disks, its snapshots and its NAT addresses are deleted. This cannot be undone."
          confirmLabel="Delete"
          tone="danger"
          requireText={vm.display_name}
          requireTextLabel="VM name"
          onConfirm={remove}
        />
      )}
    </>
  );
}
