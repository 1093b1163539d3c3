import { useState } from 'react';
import { mdiChevronDown } from '@mdi/js';
import type { PowerOperation, Vm } from '@portal/api/contract';
import { POWER_TRANSITIONS, powerOperationsFrom } from '@portal/api/domain';
import { Button, ConfirmDialog, Menu } from '@portal/ui';
import { useFocusReturn } from './focusReturn.ts';
import { vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';
import { confirmTask } from '../../../kit/useTaskAction.ts';
import { POWER_ICONS, POWER_LABELS } from '../../../kit/vm/power.ts';

/** The order of the menu: gentle first, abrupt last. */
const MENU_ORDER: PowerOperation[] = [
  'powerOn',
  'shutdownGuest',
  'reboot',
  'suspend',
  'reset',
  'powerOff',
];

const POWER_RUNNING = new Set(Object.values(POWER_TRANSITIONS).map((rule) => rule.running));

/** Abrupt operations ask first: the guest gets no chance to save its work. */
const CONFIRM: Partial<Record<PowerOperation, string>> = {
  powerOff:
    'Cuts the power like pulling the plug: unsaved work in the guest is lost. Shut down stops it cleanly instead.',
  reset: 'Restarts at once without shutting the guest down: unsaved work in the guest is lost.',
};

/** The power operations the domain's transition table allows from the VM's power state. */
export function powerOperationsFor(vm: Pick<Vm, 'power_state'>): PowerOperation[] {
  const allowed = powerOperationsFrom(vm.power_state);
  return MENU_ORDER.filter((operation) => allowed.includes(operation));
}

export interface PowerActionsProps {
  vm: Vm;
  /** Why every operation is refused now (a task runs, or the role may only look), if it is. */
  disabledReason?: string;
}

/**
 * The main power button (on, or a clean shutdown) and a menu with the rest. Refused operations
 * stay focusable with their reason, and focus stays on these buttons through the operation.
 */
export function PowerActions({ vm, disabledReason }: PowerActionsProps) {
  const [confirming, setConfirming] = useState<PowerOperation | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const power = useVmTask(vm.id, 'power', 'Power');
  const { ref: mainRef, keep: keepMainFocus } = useFocusReturn<HTMLButtonElement>();
  const {
    ref: menuRef,
    keep: keepMenuFocus,
    restore: restoreMenuFocus,
  } = useFocusReturn<HTMLButtonElement>();
  const operations = powerOperationsFor(vm);
  const main: PowerOperation = vm.power_state === 'poweredOn' ? 'shutdownGuest' : 'powerOn';
  const others = operations.filter((op) => op !== main);
  // A power task on this VM names itself on the button ("Starting…"); another task only refuses.
  const running = power.busy && power.label && POWER_RUNNING.has(power.label) ? power.label : null;
  const reason =
    disabledReason ??
    (power.busy
      ? `${power.label ?? 'A task runs on this virtual machine.'} Wait for it to end.`
      : undefined);

  const menuReason =
    reason ??
    (others.length === 0
      ? `Only ${POWER_LABELS[main]} is possible while the VM is ${vm.power_state === 'poweredOff' ? 'powered off' : 'suspended'}.`
      : undefined);

  const start = (operation: PowerOperation) =>
    power.run(() => vmApis(vm).base.powerState(vm.id, operation), {
      operation: POWER_LABELS[operation],
      runningLabel: POWER_TRANSITIONS[operation].running,
    });
  const choose = (operation: PowerOperation) => {
    if (CONFIRM[operation]) setConfirming(operation);
    else void start(operation);
  };

  return (
    <>
      <Button
        ref={mainRef}
        variant="primary"
        leadingIcon={POWER_ICONS[main]}
        disabledReason={reason}
        onClick={() => {
          keepMainFocus();
          choose(main);
        }}
      >
        {running ?? POWER_LABELS[main]}
      </Button>
      {/* Always there (focus may rest on it); with nothing else to do it says why. */}
      <Menu.Root
        open={menuOpen && !menuReason}
        onOpenChange={(open) => setMenuOpen(open && !menuReason)}
      >
        <Menu.Trigger>
          <Button
            ref={menuRef}
            variant="outlined"
            disabledReason={menuReason}
            leadingIcon={mdiChevronDown}
          >
            Power
          </Button>
        </Menu.Trigger>
        <Menu.Content>
          {others.map((operation) => (
            <Menu.Item
              key={operation}
              icon={POWER_ICONS[operation]}
              tone={CONFIRM[operation] ? 'danger' : 'default'}
              onSelect={() => {
                keepMenuFocus();
                choose(operation);
              }}
            >
              {POWER_LABELS[operation]}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Root>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            setConfirming(null);
            restoreMenuFocus();
          }}
          title={`${POWER_LABELS[confirming]} ${vm.display_name}?`}
          description={CONFIRM[confirming]}
          confirmLabel={POWER_LABELS[confirming]}
          tone="danger"
          onConfirm={() => confirmTask(start(confirming))}
        />
      )}
    </>
  );
}
