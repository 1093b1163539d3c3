// The compute area's SQL for VM snapshots, always scoped by tenant.
import type { PowerState } from '@portal/api/contract';
import type { Queryable } from '../../../db/database.ts';
import { insertedId } from '../../../platform/rows.ts';

import { nextval, vmChildren } from './vm-rows.ts';

export interface SnapshotRecord {
  id: number;
  vmId: number;
  parentId: number | null;
  name: string;
  description: string;
  powerState: PowerState;
  quiesced: boolean;
  isCurrent: boolean;
  createdAt: Date;
}

interface SnapshotRow {
  id: number;
  vm_id: number;
  parent_id: number | null;
  name: string;
  description: string;
  power_state: PowerState;
  quiesced: boolean;
  is_current: boolean;
  created_at: Date;
}

const SELECT_SNAPSHOT = `select id, vm_id, parent_id, name, description, power_state, quiesced,
  is_current, created_at from snapshots`;

const toSnapshot = (row: SnapshotRow): SnapshotRecord => ({
  id: row.id,
  vmId: row.vm_id,
  parentId: row.parent_id,
  name: row.name,
  description: row.description,
  powerState: row.power_state,
  quiesced: row.quiesced,
  isCurrent: row.is_current,
  createdAt: row.created_at,
});

/** A VM's snapshots, oldest first; `parentId` makes the tree. */
export async function listSnapshots(
  db: Queryable,
  tenantId: number,
  vmId: number,
): Promise<SnapshotRecord[]> {
  const rows = await db.query<SnapshotRow>(
    `${SELECT_SNAPSHOT} where tenant_id = $1 and vm_id = $2 order by id`,
    [tenantId, vmId],
  );
  return rows.map(toSnapshot);
}

/** One snapshot of one of the tenant's VMs, or null. */
export const findSnapshot = vmChildren<SnapshotRow, SnapshotRecord>(
  SELECT_SNAPSHOT,
  toSnapshot,
).find;

/** Takes a snapshot as a child of the current one; it becomes current. Returns its id. */
export async function insertSnapshot(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  snapshot: {
    /** The id the platform reported (from nextSnapshotId); a new one when absent. */
    id?: number;
    name: string;
    description: string;
    powerState: PowerState;
    quiesced: boolean;
  },
): Promise<number> {
  const current = await tx.query<{ id: number }>(
    `update snapshots set is_current = false
      where tenant_id = $1 and vm_id = $2 and is_current returning id`,
    [tenantId, vmId],
  );
  return insertedId(
    tx,
    `insert into snapshots (id, tenant_id, vm_id, parent_id, name, description, power_state,
                            quiesced, is_current)
     values (coalesce($8, nextval('snapshots_id_seq')), $1, $2, $3, $4, $5, $6, $7, true)
     returning id`,
    [
      tenantId,
      vmId,
      current[0]?.id ?? null,
      snapshot.name,
      snapshot.description,
      snapshot.powerState,
      snapshot.quiesced,
      snapshot.id ?? null,
    ],
  );
}

export async function editSnapshot(
  tx: Queryable,
  tenantId: number,
  id: number,
  changes: { name?: string; description?: string },
): Promise<void> {
  await tx.query(
    `update snapshots set name = coalesce($3, name), description = coalesce($4, description)
      where tenant_id = $1 and id = $2`,
    [tenantId, id, changes.name ?? null, changes.description ?? null],
  );
}

/** Makes one snapshot the VM's current one. */
export async function setCurrentSnapshot(
  tx: Queryable,
  tenantId: number,
  vmId: number,
  id: number,
): Promise<void> {
  await tx.query(
    'update snapshots set is_current = false where tenant_id = $1 and vm_id = $2 and is_current',
    [tenantId, vmId],
  );
  await tx.query('update snapshots set is_current = true where tenant_id = $1 and id = $2', [
    tenantId,
    id,
  ]);
}

/**
 * Deletes one snapshot as a hypervisor consolidates it: its children move up to its parent, and
 * if it was current, its parent becomes current.
 */
export async function deleteSnapshot(
  tx: Queryable,
  tenantId: number,
  snapshot: SnapshotRecord,
): Promise<void> {
  await tx.query('update snapshots set parent_id = $3 where tenant_id = $1 and parent_id = $2', [
    tenantId,
    snapshot.id,
    snapshot.parentId,
  ]);
  await tx.query('delete from snapshots where tenant_id = $1 and id = $2', [tenantId, snapshot.id]);
  if (snapshot.isCurrent && snapshot.parentId !== null) {
    await tx.query('update snapshots set is_current = true where tenant_id = $1 and id = $2', [
      tenantId,
      snapshot.parentId,
    ]);
  }
}

/** Deletes all of a VM's snapshots; returns how many there were. */
export async function deleteAllSnapshots(
  tx: Queryable,
  tenantId: number,
  vmId: number,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    'delete from snapshots where tenant_id = $1 and vm_id = $2 returning id',
    [tenantId, vmId],
  );
  return rows.length;
}

/** An id for a snapshot the platform is asked to take (the platform's reference is ours). */
export const nextSnapshotId = (q: Queryable) => nextval(q, 'snapshots_id_seq');
