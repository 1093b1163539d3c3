import type { PowerOperation, PowerState, Vm } from '@portal/api/contract';
import type { VmBaseApi } from '@portal/api/client';
import { appState } from '../../../state/app.ts';
import { tasks } from '../../../state/tasks.ts';

export interface BulkPowerAction {
  /** What the button and the confirmation say: "Power off". */
  label: string;
  operation: PowerOperation;
  /** The power states this operation makes sense from. */
  from: readonly PowerState[];
  /** The confirmation's explanation, for how many VMs. */
  consequence: (count: number) => string;
  /** Why a selected VM is left out. */
  skipReason: string;
  tone: 'danger' | 'primary';
}

/** The list's bulk actions: power on, power off, restart. */
export const BULK_POWER_ACTIONS: readonly BulkPowerAction[] = [
  {
    label: 'Power on',
    operation: 'powerOn',
    from: ['poweredOff', 'suspended'],
    consequence: (n) => (n === 1 ? 'It starts booting at once.' : 'They start booting at once.'),
    skipReason: 'already on, or busy with another task',
    tone: 'primary',
  },
  {
    label: 'Power off',
    operation: 'powerOff',
    from: ['poweredOn', 'suspended'],
    consequence: (n) =>
      n === 1
        ? 'It is switched off without shutting down its operating system: unsaved work is lost.'
        : 'They are switched off without shutting down their operating systems: unsaved work is lost.',
    skipReason: 'already off, or busy with another task',
    tone: 'danger',
  },
  {
    label: 'Restart',
    operation: 'reboot',
    from: ['poweredOn'],
    consequence: (n) =>
      n === 1
        ? 'Its operating system restarts; open sessions are interrupted.'
        : 'Their operating systems restart; open sessions are interrupted.',
    skipReason: 'not powered on, or busy with another task',
    tone: 'danger',
  },
];

/** The selected VMs an action applies to: in a fitting power state and not busy with a task. */
export const applicableTo = (action: BulkPowerAction, vms: readonly Vm[]): Vm[] =>
  vms.filter((vm) => action.from.includes(vm.power_state) && vm.task_id === null);

/**
 * Starts the action on each VM through the shared task tracker (PRODUCT.md §6): a refused request
 * is reported at once, each started task is polled to its end with its own message. Resolves once
 * every request was answered, with how many tasks started.
 */
export async function startBulkPower(
  vmApi: Pick<VmBaseApi, 'powerState'>,
  action: BulkPowerAction,
  vms: readonly Vm[],
): Promise<number> {
  const started = await Promise.all(
    vms.map((vm) =>
      tasks.run({ operation: `${action.label} ${vm.display_name}` }, () =>
        vmApi.powerState(vm.id, action.operation),
      ),
    ),
  );
  // The list reads the VMs again and shows the started tasks as busy rows.
  appState.fetchRequired = true;
  return started.filter((id) => id !== null).length;
}
