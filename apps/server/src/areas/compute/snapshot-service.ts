// The compute area's snapshot services: a VM's snapshots, and the checks of a snapshot task.
import type { Snapshot, SnapshotOperation } from '@portal/api/contract';
import { MAX_SNAPSHOTS } from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { conflict } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { findSnapshot, listSnapshots } from './repository/snapshots.ts';
import type { VmScope } from './repository/vms.ts';
import { invalid, onVm, refuseWhereUnavailable, requireVm, type ComputeDeps } from './service.ts';

export async function listVmSnapshots(
  deps: ComputeDeps,
  caller: Caller,
  scope: VmScope,
  id: number,
): Promise<Snapshot[]> {
  const vm = await requireVm(deps.db, caller, scope, id);
  const snapshots = await listSnapshots(deps.db, caller.tenantId, vm.id);
  return snapshots.map((snapshot) => ({
    id: snapshot.id,
    name: snapshot.name,
    description: snapshot.description,
    parent_id: snapshot.parentId,
    is_current: snapshot.isCurrent,
    power_state: snapshot.powerState,
    quiesced: snapshot.quiesced,
    created_at: snapshot.createdAt.toISOString(),
  }));
}

/** Checks that the fields an operation needs are there (section 3's snapshot payload). */
export async function prepareSnapshot(
  deps: ComputeDeps,
  tx: Queryable,
  caller: Caller,
  scope: VmScope,
  id: number,
  body: SnapshotOperation,
) {
  const op = body.snap_op;
  const needsId = op === 'DeleteSnapshot' || op === 'RevertSnapshot' || op === 'EditSnapshot';
  if (op === 'CreateSnapshot' && !body.name?.trim()) throw invalid('name', `is required for ${op}`);
  if (needsId && (body.snap_id === null || body.snap_id === undefined))
    throw invalid('snap_id', `is required for ${op}`);
  if (op === 'EditSnapshot' && !body.name?.trim() && (body.description ?? null) === null)
    throw invalid('name', 'give a new name or description');
  // The log names the snapshot as well as the VM ("Revert to snapshot golden of plant-scada").
  let snapshotName = op === 'CreateSnapshot' ? (body.name?.trim() ?? null) : null;
  const prepared = await onVm(
    tx,
    caller,
    scope,
    id,
    async (vm) => {
      if (op === 'CreateSnapshot' && body.quiesced)
        refuseWhereUnavailable(deps, vm, 'quiescedSnapshot');
      if (op === 'CreateSnapshot') {
        const taken = (await listSnapshots(tx, caller.tenantId, vm.id)).length;
        if (taken >= MAX_SNAPSHOTS)
          throw conflict(`A virtual machine can have at most ${MAX_SNAPSHOTS} snapshots.`);
      }
      if (needsId && typeof body.snap_id === 'number')
        snapshotName = (await findSnapshot(tx, caller.tenantId, vm.id, body.snap_id))?.name ?? null;
      return { body };
    },
    { snap_op: op, snap_id: body.snap_id ?? null },
  );
  if (!snapshotName) return prepared;
  return {
    ...prepared,
    detail: {
      ...prepared.detail,
      snapshot: snapshotName,
      message: `${SNAPSHOT_WORDS[op]} ${snapshotName} of ${prepared.target.name}`,
    },
  };
}

/** How the log words a snapshot operation before the snapshot's and the VM's names. */
const SNAPSHOT_WORDS: Record<SnapshotOperation['snap_op'], string> = {
  CreateSnapshot: 'Take snapshot',
  DeleteSnapshot: 'Delete snapshot',
  EditSnapshot: 'Edit snapshot',
  RevertSnapshot: 'Revert to snapshot',
  DeleteAllSnapshots: 'Delete all snapshots',
};
