import { useState } from 'react';
import {
  mdiChevronDown,
  mdiPause,
  mdiPlay,
  mdiPower,
  mdiPowerStandby,
  mdiRestart,
  mdiRestartAlert,
} from '@mdi/js';
import type { PowerOperation, Vm } from '@portal/api/contract';
import { Button, ConfirmDialog, Menu } from '@portal/ui';
import { tasks } from '../../../state/tasks.ts';
import { vmApis } from './useVm.ts';

/** The name of each power operation in buttons and in `{operation} succeeded.` */
export const POWER_LABELS: Record<PowerOperation, string> = {
  powerOn: 'Power on',
  powerOff: 'Power off',
  shutdownGuest: 'Shut down',
  reboot: 'Restart',
  reset: 'Reset',
  suspend: 'Suspend',
};

const ICONS: Record<PowerOperation, string> = {
  powerOn: mdiPlay,
  powerOff: mdiPower,
  shutdownGuest: mdiPowerStandby,
  reboot: mdiRestart,
  reset: mdiRestartAlert,
  suspend: mdiPause,
};

/** Abrupt operations ask first: the guest gets no chance to save its work. */
const CONFIRM: Partial<Record<PowerOperation, string>> = {
  powerOff:
    'Cuts the power like pulling the plug: unsaved work in the guest is lost. Shut down stops it cleanly instead.',
  reset: 'Restarts at once without shutting the guest down: unsaved work in the guest is lost.',
};

export function startPower(vm: Vm, operation: PowerOperation) {
  return tasks.run({ operation: POWER_LABELS[operation] }, () =>
    vmApis(vm).base.powerState(vm.id, operation),
  );
}

/** The power operations that make sense in the VM's power state. */
export function powerOperationsFor(vm: Vm): PowerOperation[] {
  if (vm.power_state === 'poweredOn')
    return ['shutdownGuest', 'reboot', 'suspend', 'reset', 'powerOff'];
  return ['powerOn', 'powerOff'].filter(
    (op) => !(op === 'powerOff' && vm.power_state === 'poweredOff'),
  ) as PowerOperation[];
}

export interface PowerActionsProps {
  vm: Vm;
  /** A task runs (or the role may not change the VM): every operation is disabled. */
  busy: boolean;
  /** Why the operations are disabled, when it is the role's doing: shown as their tooltip. */
  reason?: string;
}

/** The main power button (on, or a clean shutdown) and a menu with the rest. */
export function PowerActions({ vm, busy, reason }: PowerActionsProps) {
  const [confirming, setConfirming] = useState<PowerOperation | null>(null);
  const operations = powerOperationsFor(vm);
  const main: PowerOperation = vm.power_state === 'poweredOn' ? 'shutdownGuest' : 'powerOn';
  const others = operations.filter((op) => op !== main);
  const choose = (operation: PowerOperation) => {
    if (CONFIRM[operation]) setConfirming(operation);
    else void startPower(vm, operation);
  };
  return (
    <>
      <Button
        variant="primary"
        leadingIcon={ICONS[main]}
        disabled={busy}
        title={reason}
        onClick={() => choose(main)}
      >
        {POWER_LABELS[main]}
      </Button>
      {others.length > 0 && (
        <Menu.Root>
          <Menu.Trigger>
            <Button variant="outlined" disabled={busy} title={reason} leadingIcon={mdiChevronDown}>
              Power
            </Button>
          </Menu.Trigger>
          <Menu.Content>
            {others.map((operation) => (
              <Menu.Item
                key={operation}
                icon={ICONS[operation]}
                tone={CONFIRM[operation] ? 'danger' : 'default'}
                onSelect={() => choose(operation)}
              >
                {POWER_LABELS[operation]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Root>
      )}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={`${POWER_LABELS[confirming]} ${vm.display_name}?`}
          description={CONFIRM[confirming]}
          confirmLabel={POWER_LABELS[confirming]}
          onConfirm={async () => {
            await startPower(vm, confirming);
          }}
        />
      )}
    </>
  );
}
