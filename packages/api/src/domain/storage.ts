// Storage rules both sides apply: the portal before asking, the server and the simulated
// platform when deciding. Each answers a sentence for the user, or null when allowed.
import { formatSizeGb } from './size.ts';
import type { VolumeState } from '../contract/storage-values.ts';

/** Volumes one VM may have attached at once. */
export const MAX_VOLUMES_PER_VM = 4;

/** Why a volume cannot be attached to a VM, or null. */
export function attachRefusal(
  volume: { state: VolumeState; location: string },
  vm: { display_name: string; location: string; attached: number },
): string | null {
  if (volume.state === 'in-use') return 'The volume is already attached; detach it first.';
  if (volume.state !== 'available') return `The volume is ${volume.state} and cannot be attached.`;
  if (vm.location !== volume.location)
    return `The volume is at ${volume.location} and ${vm.display_name} at ${vm.location}: a volume attaches only to a VM at its own location.`;
  if (vm.attached >= MAX_VOLUMES_PER_VM)
    return `${vm.display_name} already has ${MAX_VOLUMES_PER_VM} volumes attached, the most a VM may have.`;
  return null;
}

/** Why a volume cannot be detached, or null. */
export function detachRefusal(volume: { state: VolumeState }): string | null {
  return volume.state === 'in-use' ? null : 'The volume is not attached to a virtual machine.';
}

/** Why a volume cannot grow to `sizeGb`, or null: volumes only grow. */
export function extendRefusal(
  volume: { state: VolumeState; size_gb: number },
  sizeGb: number,
): string | null {
  if (sizeGb <= volume.size_gb)
    return `A volume can only grow: choose more than its current ${formatSizeGb(volume.size_gb)}.`;
  if (volume.state !== 'available' && volume.state !== 'in-use')
    return `The volume is ${volume.state} and cannot be extended now.`;
  return null;
}

/** Why a volume cannot be deleted, or null: never while attached. */
export function deleteVolumeRefusal(volume: {
  state: VolumeState;
  attached_vm: { display_name: string } | null;
}): string | null {
  if (volume.state === 'in-use' || volume.attached_vm)
    return `The volume is attached to ${volume.attached_vm?.display_name ?? 'a virtual machine'}; detach it before deleting it.`;
  if (volume.state === 'creating' || volume.state === 'extending' || volume.state === 'deleting')
    return `The volume is ${volume.state}; wait for it to finish.`;
  return null;
}

/** A volume made from a VM snapshot is at least as large as the VM's disk, which it defaults to. */
export function snapshotVolumeSize(
  diskSizeGb: number,
  requested: number | undefined,
): { size: number; refusal: string | null } {
  const size = requested ?? diskSizeGb;
  return size < diskSizeGb
    ? { size, refusal: `must be at least ${formatSizeGb(diskSizeGb)}, the size of the VM's disk` }
    : { size, refusal: null };
}

/** The sentence when the snapshot a volume is made from no longer exists. */
export const deletedSnapshotSentence = (snapshotId: number) =>
  `The snapshot ${snapshotId} no longer exists, so no volume can be made from it.`;

/** Where a volume is mounted in the guest by name: `/mnt/<name>`, spaces and the like as dashes. */
export const volumeMountPath = (name: string) =>
  `/mnt/${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^\.+/, '') || 'volume'}`;
