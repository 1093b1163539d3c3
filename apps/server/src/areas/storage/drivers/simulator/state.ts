// The simulated storage platform's own table (sim_volume) and its record of applied tasks.
// Never the portal's tables.
import type { VolumeType } from '@portal/api/contract';
import type { Queryable } from '../../../../db/database.ts';
import { rowById } from '../../../../platform/rows.ts';

export interface SimVolume {
  id: number;
  sizeGb: number;
  type: VolumeType;
  location: string;
  attachedVmId: number | null;
}

interface SimVolumeRow {
  volume_id: number;
  size_gb: number;
  type: VolumeType;
  location: string;
  attached_vm_id: number | null;
}

/** The tenant's volume on the platform (not deleted), optionally locked. */
export const findSimVolume = rowById<SimVolumeRow, SimVolume>(
  `select volume_id, size_gb, type, location, attached_vm_id from sim_volume
    where tenant_id = $1 and volume_id = $2 and not deleted`,
  {
    map: (row) => ({
      id: row.volume_id,
      sizeGb: row.size_gb,
      type: row.type,
      location: row.location,
      attachedVmId: row.attached_vm_id,
    }),
  },
);

export async function insertSimVolume(
  q: Queryable,
  tenantId: number,
  volume: SimVolume,
): Promise<void> {
  await q.query(
    `insert into sim_volume (volume_id, tenant_id, size_gb, type, location, attached_vm_id)
     values ($1, $2, $3, $4, $5, $6) on conflict (volume_id) do nothing`,
    [volume.id, tenantId, volume.sizeGb, volume.type, volume.location, volume.attachedVmId],
  );
}

export async function updateSimVolume(
  q: Queryable,
  id: number,
  changes: { sizeGb?: number; attachedVmId?: number | null; deleted?: boolean },
): Promise<void> {
  await q.query(
    `update sim_volume set size_gb = coalesce($2, size_gb),
            attached_vm_id = case when $3 then $4::bigint else attached_vm_id end,
            deleted = coalesce($5, deleted)
      where volume_id = $1`,
    [
      id,
      changes.sizeGb ?? null,
      'attachedVmId' in changes,
      changes.attachedVmId ?? null,
      changes.deleted ?? null,
    ],
  );
}

/** Volumes attached to a VM on the platform. */
export async function countSimAttached(q: Queryable, vmId: number): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'select count(*)::integer as n from sim_volume where attached_vm_id = $1 and not deleted',
    [vmId],
  );
  return rows[0]?.n ?? 0;
}

/** Serialises attachments to one VM until the transaction ends (the limit holds). */
export async function lockSimVmAttachments(q: Queryable, vmId: number): Promise<void> {
  await q.query('select pg_advisory_xact_lock($1::bigint)', [7_420_300_000_000 + vmId]);
}
