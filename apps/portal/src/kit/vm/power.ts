// Power actions on VMs of either series (eseries, vwseries), on the domain's one transition table.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { mdiPause, mdiPlay, mdiPower, mdiPowerStandby, mdiRestart, mdiRestartAlert } from '@mdi/js';
import type { PowerOperation, Vm } from '@portal/api/contract';
import { ESERIES_BASE, errorText, type VmBase, type VmBaseApi } from '@portal/api/client';
import { POWER_TRANSITIONS, powerOperationsFrom } from '@portal/api/domain';
import type { SnackbarColor } from '../../state/app.ts';
import { appState } from '../../state/app.ts';
import type { TaskKind } from '../../state/tasks.ts';
import { notify } from '../../services.ts';
import { runTaskAction } from '../useTaskAction.ts';

/** The name of each power operation in buttons and in `{operation} succeeded.` */
export const POWER_LABELS: Record<PowerOperation, string> = {
  powerOn: 'Power on',
  powerOff: 'Power off',
  shutdownGuest: 'Shut down',
  reboot: 'Restart',
  reset: 'Reset',
  suspend: 'Suspend',
};

/** The icon of each power operation, in menus and on buttons. */
export const POWER_ICONS: Record<PowerOperation, string> = {
  powerOn: mdiPlay,
  powerOff: mdiPower,
  shutdownGuest: mdiPowerStandby,
  reboot: mdiRestart,
  reset: mdiRestartAlert,
  suspend: mdiPause,
};

/** What a VM is once the operation is done, for the bulk summary: "powered off". */
export const POWER_DONE: Record<PowerOperation, string> = {
  powerOn: 'powered on',
  powerOff: 'powered off',
  shutdownGuest: 'shut down',
  reboot: 'restarted',
  reset: 'reset',
  suspend: 'suspended',
};

/** Abrupt operations ask first: the guest gets no chance to save its work. */
export const POWER_WARNING: Partial<Record<PowerOperation, string>> = {
  powerOff:
    'Cuts the power like pulling the plug: unsaved work in the guest is lost. Shut down stops it cleanly instead.',
  reset: 'Restarts at once without shutting the guest down: unsaved work in the guest is lost.',
};

/** The busy key of a VM, shared by every page that shows it. */
export const vmResource = (vm: Pick<Vm, 'id'>) => `vm:${vm.id}`;

/**
 * How a VM task on this path base is polled: a vwseries machine's where the vwseries permission
 * is enough, so a role without compute rights still learns how its task ended.
 */
export const vmTaskKind = (base: VmBase): TaskKind =>
  base === ESERIES_BASE ? 'vm' : 'vwseries-vm';

/** The power operations allowed from the VM's state (the domain's table). */
export const powerOperationsOf = (vm: Pick<Vm, 'power_state'>): PowerOperation[] =>
  powerOperationsFrom(vm.power_state);

export interface BulkPowerAction {
  /** What the button and the confirmation say: "Power off". */
  label: string;
  operation: PowerOperation;
  /** The confirmation's explanation, for how many VMs. */
  consequence: (count: number) => string;
  /** Why a selected VM is left out. */
  skipReason: string;
  tone: 'danger' | 'primary';
}

/** The list's bulk actions: power on, power off, restart. */
export const BULK_POWER_ACTIONS: readonly BulkPowerAction[] = [
  {
    label: POWER_LABELS.powerOn,
    operation: 'powerOn',
    consequence: (n) => (n === 1 ? 'It starts booting at once.' : 'They start booting at once.'),
    skipReason: 'already on, or busy with another task',
    tone: 'primary',
  },
  {
    label: POWER_LABELS.powerOff,
    operation: 'powerOff',
    consequence: (n) =>
      n === 1
        ? 'It is switched off without shutting down its operating system: unsaved work is lost.'
        : 'They are switched off without shutting down their operating systems: unsaved work is lost.',
    skipReason: 'already off, or busy with another task',
    tone: 'danger',
  },
  {
    label: POWER_LABELS.reboot,
    operation: 'reboot',
    consequence: (n) =>
      n === 1
        ? 'Its operating system restarts; open sessions are interrupted.'
        : 'Their operating systems restart; open sessions are interrupted.',
    skipReason: 'not powered on, or busy with another task',
    tone: 'danger',
  },
];

/** Whether the operation is allowed from the VM's state and no task runs on it. */
export const powerApplies = (operation: PowerOperation, vm: Vm): boolean =>
  POWER_TRANSITIONS[operation].from.includes(vm.power_state) && vm.task_id === null;

/** One sentence for a whole bulk action: "3 of 4 VMs powered off; 1 failed: The host is down." */
export function bulkSummary(
  operation: PowerOperation,
  total: number,
  failures: readonly string[],
): { message: string; color: SnackbarColor } {
  const done = total - failures.length;
  const head = `${done} of ${total} ${total === 1 ? 'VM' : 'VMs'} ${POWER_DONE[operation]}`;
  if (failures.length === 0) return { message: `${head}.`, color: 'success' };
  const reasons = [...new Set(failures)].join(' ');
  return {
    message: `${head}; ${failures.length} failed: ${reasons}`,
    color: done === 0 ? 'error' : 'warning',
  };
}

/**
 * Starts the operation on each VM as its own task, each VM busy with the operation's label
 * ("Stopping…"), without a snackbar per VM: once every task has ended, one summary says how it
 * went. Resolves when every request was answered (the confirmation then closes); the summary
 * comes later, wherever the person is by then.
 */
export async function startBulkPower(
  client: QueryClient,
  vmApi: Pick<VmBaseApi, 'powerState'>,
  kind: TaskKind,
  operation: PowerOperation,
  vms: readonly Vm[],
  invalidates: readonly QueryKey[],
): Promise<void> {
  const runs = await Promise.all(
    vms.map((vm) =>
      runTaskAction(
        client,
        {
          operation: `${POWER_LABELS[operation]} ${vm.display_name}`,
          kind,
          resource: vmResource(vm),
          invalidates,
          runningLabel: POWER_TRANSITIONS[operation].running,
          silent: true,
        },
        () => vmApi.powerState(vm.id, operation),
      ),
    ),
  );
  // The list reads the VMs again and shows the started tasks as busy rows.
  appState.fetchRequired = true;
  for (const queryKey of invalidates) void client.invalidateQueries({ queryKey });
  void Promise.all(
    runs.map(async (run) => {
      if (!run.ok) return errorText(run.error);
      const status = await run.settled;
      return status.state === 'SUCCESS' ? null : status.message;
    }),
  ).then((outcomes) => {
    const failures = outcomes.filter((outcome): outcome is string => outcome !== null);
    const { message, color } = bulkSummary(operation, vms.length, failures);
    notify(message, color);
  });
}
