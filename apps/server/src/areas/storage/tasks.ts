// The storage area's slow operations: what each task carries, how the driver runs it, and how
// the facts it reports (or its failure) are written to the portal's volumes.
import { formatSizeGb } from '@portal/api/domain';
import { Type } from 'typebox';
import { DriverError } from '../../platform/driver.ts';
import { taskDefiner, taskTarget, type TargetKind } from '../../platform/tasks/registry.ts';
import type { StorageDriver } from './driver.ts';
import {
  deleteVolume,
  existingVolumes,
  volumeLocation,
  findVolume,
  findVolumeBuild,
  updateVolume,
} from './repository.ts';

const AREA = 'storage';
const KIND = 'volume';
const defineTask = taskDefiner<StorageDriver>(AREA, KIND);
const Empty = Type.Object({});

const GONE = 'The volume no longer exists.';
const volumeOf = taskTarget(
  (db, task, lock) => findVolume(db, task.tenantId, task.targetId, lock),
  GONE,
);
const volumeBuildOf = taskTarget(
  (db, task) => findVolumeBuild(db, task.tenantId, task.targetId),
  GONE,
);

/** Where a volume is in the portal: its detail page. */
export const volumeTargets: TargetKind = {
  kind: KIND,
  async paths(db, tenantId, ids) {
    const found = await existingVolumes(db, tenantId, ids);
    return new Map(found.map((id) => [id, `/storage/${id}`]));
  },
  location: volumeLocation,
};

export const createVolumeTask = defineTask({
  op: 'volume.create',
  label: () => 'Create volume',
  operation: () => 'CreateVolume',
  payload: Empty,
  async run(ctx, task) {
    const build = await volumeBuildOf(ctx.db, task);
    return ctx.driver.createVolume(ctx, task.targetId, build);
  },
  async apply(tx, task, facts) {
    const volume = await volumeOf(tx, task, true);
    await updateVolume(tx, task.tenantId, volume.id, { state: 'ready', sizeGb: facts.sizeGb });
    return `The volume ${volume.name} was created (${formatSizeGb(facts.sizeGb)}).`;
  },
  // The volume that could not be built stays, marked as failed, until it is deleted.
  failed: (tx, task) => updateVolume(tx, task.tenantId, task.targetId, { state: 'error' }),
});

export const attachVolumeTask = defineTask({
  op: 'volume.attach',
  label: () => 'Attach',
  operation: () => 'AttachVolume',
  payload: Type.Object({ vm_id: Type.Integer() }),
  run: (ctx, task) => ctx.driver.attachVolume(ctx, task.targetId, task.payload.vm_id),
  async apply(tx, task, facts) {
    const volume = await volumeOf(tx, task, true);
    await updateVolume(tx, task.tenantId, volume.id, { attachedVmId: facts.attachedVmId });
    const after = await findVolume(tx, task.tenantId, volume.id);
    if (!after?.attached_vm) throw new DriverError('The virtual machine no longer exists.');
    return `The volume ${volume.name} was attached to ${after.attached_vm.display_name}.`;
  },
});

export const detachVolumeTask = defineTask({
  op: 'volume.detach',
  label: () => 'Detach',
  operation: () => 'DetachVolume',
  payload: Empty,
  run: (ctx, task) => ctx.driver.detachVolume(ctx, task.targetId),
  async apply(tx, task) {
    const volume = await volumeOf(tx, task, true);
    await updateVolume(tx, task.tenantId, volume.id, { attachedVmId: null });
    return `The volume ${volume.name} was detached.`;
  },
});

export const extendVolumeTask = defineTask({
  op: 'volume.extend',
  label: () => 'Extend',
  operation: () => 'ExtendVolume',
  payload: Type.Object({ size_gb: Type.Integer() }),
  run: (ctx, task) => ctx.driver.extendVolume(ctx, task.targetId, task.payload.size_gb),
  async apply(tx, task, facts) {
    const volume = await volumeOf(tx, task, true);
    await updateVolume(tx, task.tenantId, volume.id, { state: 'ready', sizeGb: facts.sizeGb });
    return `The volume ${volume.name} now has ${formatSizeGb(facts.sizeGb)}.`;
  },
  failed: (tx, task) => updateVolume(tx, task.tenantId, task.targetId, { state: 'ready' }),
});

export const deleteVolumeTask = defineTask({
  op: 'volume.delete',
  label: () => 'Delete volume',
  operation: () => 'DeleteVolume',
  // What the volume was before: a failed deletion leaves it so.
  payload: Type.Object({ from: Type.Union([Type.Literal('ready'), Type.Literal('error')]) }),
  run: (ctx, task) => ctx.driver.deleteVolume(ctx, task.targetId),
  async apply(tx, task) {
    const volume = await volumeOf(tx, task, true);
    await deleteVolume(tx, task.tenantId, volume.id);
    return `The volume ${volume.name} was deleted.`;
  },
  failed: (tx, task) =>
    updateVolume(tx, task.tenantId, task.targetId, { state: readFrom(task.payload) }),
});

const readFrom = (payload: unknown): 'ready' | 'error' =>
  typeof payload === 'object' && payload !== null && 'from' in payload && payload.from === 'error'
    ? 'error'
    : 'ready';

export const STORAGE_TASKS = [
  createVolumeTask,
  attachVolumeTask,
  detachVolumeTask,
  extendVolumeTask,
  deleteVolumeTask,
] as const;
