// The compute area's business rules, in one place for the server, the simulated platform and the
// portal: which power operation is allowed from which state, plan and snapshot limits, and when a
// VM may be deleted. Plain values and functions (no schema library), so a page may import them.
import type { PowerOperation, PowerState } from '../contract/compute.ts';
import { DISPLAY_NAME_PATTERN } from '../contract/compute-values.ts';

/** The longest VM name. */
export const DISPLAY_NAME_MAX = 64;
const displayNamePattern = new RegExp(DISPLAY_NAME_PATTERN);

/**
 * Why a VM name is refused, naming what is wrong ("… (not / #)"), or null. The contract's pattern
 * is the rule; this is the sentence the wizard and the rename dialog say about it.
 */
export function displayNameRefusal(name: string): string | null {
  if (!name.trim()) return 'Enter a name for the virtual machine.';
  if (name.length > DISPLAY_NAME_MAX)
    return `Use at most ${DISPLAY_NAME_MAX} characters (this one has ${name.length}).`;
  if (!/^[A-Za-z0-9]/.test(name)) return 'Start with a letter or digit.';
  if (!displayNamePattern.test(name)) {
    const others = [...new Set(name.replace(/[A-Za-z0-9 ._-]/g, ''))].join(' ');
    return `Use only letters, digits, spaces, dots, dashes and underscores (not ${others}).`;
  }
  return null;
}

/** At most this many VMs in a proof-of-concept tenant (its trial limit). */
export const POC_VM_LIMIT = 3;
/** Snapshots one VM may keep. */
export const MAX_SNAPSHOTS = 32;
/** Firewall rules one VM may carry. */
export const MAX_FIREWALL_RULES = 50;

export interface PowerTransition {
  /** The states the operation is allowed from. */
  from: readonly PowerState[];
  /** The state it leads to. */
  to: PowerState;
  /** What the platform says once done. */
  done: string;
  /** Why it is refused from each state it is not allowed from. */
  refusal: Partial<Record<PowerState, string>>;
  /** The label of the operation while it runs: "Starting…". */
  running: string;
}

/** The one power state machine: every power operation, where it is allowed and where it leads. */
export const POWER_TRANSITIONS: Readonly<Record<PowerOperation, PowerTransition>> = {
  powerOn: {
    from: ['poweredOff', 'suspended'],
    to: 'poweredOn',
    done: 'The virtual machine is powered on.',
    refusal: { poweredOn: 'The virtual machine is already powered on.' },
    running: 'Starting…',
  },
  powerOff: {
    from: ['poweredOn', 'suspended'],
    to: 'poweredOff',
    done: 'The virtual machine is powered off.',
    refusal: { poweredOff: 'The virtual machine is already powered off.' },
    running: 'Stopping…',
  },
  shutdownGuest: {
    from: ['poweredOn'],
    to: 'poweredOff',
    done: 'The guest operating system was shut down.',
    refusal: {
      poweredOff:
        'The guest operating system can only be shut down while the virtual machine is powered on.',
      suspended:
        'The guest operating system can only be shut down while the virtual machine is powered on.',
    },
    running: 'Shutting down…',
  },
  reboot: {
    from: ['poweredOn'],
    to: 'poweredOn',
    done: 'The guest operating system was restarted.',
    refusal: {
      poweredOff: 'The virtual machine must be powered on to reboot.',
      suspended: 'The virtual machine must be powered on to reboot.',
    },
    running: 'Restarting…',
  },
  reset: {
    from: ['poweredOn'],
    to: 'poweredOn',
    done: 'The virtual machine was reset.',
    refusal: {
      poweredOff: 'The virtual machine must be powered on to be reset.',
      suspended: 'The virtual machine must be powered on to be reset.',
    },
    running: 'Resetting…',
  },
  suspend: {
    from: ['poweredOn'],
    to: 'suspended',
    done: 'The virtual machine is suspended.',
    refusal: {
      poweredOff: 'The virtual machine must be powered on to be suspended.',
      suspended: 'The virtual machine is already suspended.',
    },
    running: 'Suspending…',
  },
};

export type PowerDecision =
  { allowed: true; to: PowerState; message: string } | { allowed: false; reason: string };

/** Whether a power operation is allowed from a state, and where it leads (or why not). */
export function decidePower(from: PowerState, operation: PowerOperation): PowerDecision {
  const rule = POWER_TRANSITIONS[operation];
  if (!rule.from.includes(from)) {
    return {
      allowed: false,
      reason: rule.refusal[from] ?? 'The virtual machine is not in a state that allows this.',
    };
  }
  const message =
    operation === 'powerOn' && from === 'suspended'
      ? 'The virtual machine was resumed.'
      : rule.done;
  return { allowed: true, to: rule.to, message };
}

/** The power operations allowed from a state, in the table's order. */
export const powerOperationsFrom = (state: PowerState): PowerOperation[] =>
  (Object.keys(POWER_TRANSITIONS) as PowerOperation[]).filter((operation) =>
    POWER_TRANSITIONS[operation].from.includes(state),
  );

export interface PlanLimits {
  name: string;
  max_vcpus: number;
  max_memory_gb: number;
}

export interface VmSize {
  vcpus: number;
  memoryGB: number;
}

/** Why a resize is refused (beyond the plan, no change, shrinking while on), or null. */
export function resizeRefusal(
  plan: PlanLimits,
  current: VmSize & { powerState: PowerState },
  wanted: VmSize,
): string | null {
  if (wanted.vcpus > plan.max_vcpus)
    return `The plan ${plan.name} allows at most ${plan.max_vcpus} vCPUs.`;
  if (wanted.memoryGB > plan.max_memory_gb)
    return `The plan ${plan.name} allows at most ${plan.max_memory_gb} GB of memory.`;
  if (wanted.vcpus === current.vcpus && wanted.memoryGB === current.memoryGB)
    return `The virtual machine already has ${wanted.vcpus} vCPUs and ${wanted.memoryGB} GB of memory.`;
  const shrinking = wanted.vcpus < current.vcpus || wanted.memoryGB < current.memoryGB;
  if (shrinking && current.powerState !== 'poweredOff')
    return 'Power the virtual machine off before reducing its vCPUs or memory.';
  return null;
}

/** Why another snapshot cannot be taken, or null. */
export function snapshotRefusal(
  existing: number,
  quiesced: boolean,
  powerState: PowerState,
): string | null {
  if (existing >= MAX_SNAPSHOTS)
    return `A virtual machine can have at most ${MAX_SNAPSHOTS} snapshots.`;
  if (quiesced && powerState !== 'poweredOn')
    return 'Only a powered-on virtual machine can be quiesced for a snapshot.';
  return null;
}

/**
 * The power state a VM comes back in after a revert: the snapshot's own (a snapshot taken
 * powered off comes back powered off), or powered off when power-on is suppressed.
 */
export const powerStateAfterRevert = (
  snapshotPowerState: PowerState,
  suppressPowerOn: boolean,
): PowerState => (suppressPowerOn ? 'poweredOff' : snapshotPowerState);

/** Why a VM cannot be deleted now (a task runs or waits on it), or null. */
export function deleteRefusal(vm: { task_id: number | null }): string | null {
  if (vm.task_id !== null)
    return 'The virtual machine is busy with another task; delete it once that task has ended.';
  return null;
}

/** Why a proof-of-concept tenant may not create another VM, or null. */
export const pocLimitRefusal = (existing: number): string | null =>
  existing >= POC_VM_LIMIT
    ? `A proof-of-concept tenant can have at most ${POC_VM_LIMIT} virtual machines.`
    : null;
