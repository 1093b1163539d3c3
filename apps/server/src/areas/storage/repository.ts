import type { ListPagingQuery, Volume, VolumeType } from '@portal/api/contract';
import type { Queryable } from '../../db/database.ts';
import { insertedId, rowById } from '../../platform/rows.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import {
  columnSorts,
  isoText,
  listJson,
  parsePaging,
  type ListSpec,
  type Paging,
} from '../../platform/paging.ts';

/** The lifecycle the table keeps; a ready volume shows `in-use` or `available`. */
export type VolumeLifecycle = 'creating' | 'ready' | 'extending' | 'deleting' | 'error';

const STATE_SQL = `case when v.state = 'ready'
  then case when v.attached_vm_id is null then 'available' else 'in-use' end
  else v.state end`;

/** A volume as the contract's `Volume`, field by field in its order. */
const VOLUME_FIELDS = `v.id, v.name, v.size_gb, v.type, v.location, ${STATE_SQL} as state,
  case when m.id is null then null
       else json_build_object('id', m.id, 'display_name', m.display_name) end as attached_vm,
  case when v.source_vm_id is null then null
       else json_build_object('vm_id', v.source_vm_id,
         'vm_name', (select sv.display_name from vms sv
                      where sv.id = v.source_vm_id and sv.tenant_id = v.tenant_id),
         'snapshot_id', v.source_snapshot_id,
         'snapshot_name', (select ss.name from snapshots ss
                            where ss.id = v.source_snapshot_id and ss.tenant_id = v.tenant_id))
  end as source,
  ${isoText('v.created_at')} as created_at, v.platform_message`;

const FROM = 'volumes v left join vms m on m.id = v.attached_vm_id';

const VOLUME_LIST: ListSpec = {
  name: 'storage',
  from: FROM,
  id: 'v.id',
  fields: VOLUME_FIELDS,
  sorts: columnSorts('v', {
    name: 'text',
    size: ['size_gb', 'integer'],
    type: 'text',
    location: 'text',
    state: { sql: STATE_SQL, type: 'text' },
    created: ['created_at', 'timestamptz'],
  }),
  defaultSort: 'name',
  search: ['v.name', 'v.location', 'v.type', 'm.display_name'],
};

/** Checks the list's paging parameters (null: the whole list); `vmId` narrows it to one VM's. */
export const volumePaging = (query: ListPagingQuery, tenantId: number, vmId?: number) =>
  parsePaging(VOLUME_LIST, query, `${tenantId}:${vmId ?? ''}`);

/** The tenant's volumes (or those attached to one VM) as the reply's JSON text. */
export function listVolumesJson(
  db: Queryable,
  tenantId: number,
  vmId: number | undefined,
  paging: Paging | null,
  cache?: ListCache,
): Promise<string | Buffer> {
  const scope =
    vmId === undefined
      ? { tenantId, where: 'v.tenant_id = $1', params: [tenantId] }
      : { tenantId, where: 'v.tenant_id = $1 and v.attached_vm_id = $2', params: [tenantId, vmId] };
  return listJson(db, VOLUME_LIST, scope, paging, cache);
}

/** One of the tenant's volumes, as the contract shows it, or null; `lock` locks its row. */
export const findVolume = rowById<Volume>(
  `select ${VOLUME_FIELDS} from ${FROM} where v.tenant_id = $1 and v.id = $2`,
  { lockOf: 'v' },
);

/** What the platform needs to build a volume. */
export interface VolumeBuild {
  name: string;
  sizeGb: number;
  type: VolumeType;
  location: string;
  source: { vmId: number; snapshotId: number } | null;
}

export async function findVolumeBuild(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<VolumeBuild | null> {
  const rows = await db.query<{
    name: string;
    size_gb: number;
    type: VolumeType;
    location: string;
    source_vm_id: number | null;
    source_snapshot_id: number | null;
  }>(
    `select name, size_gb, type, location, source_vm_id, source_snapshot_id from volumes
      where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    name: row.name,
    sizeGb: row.size_gb,
    type: row.type,
    location: row.location,
    source:
      row.source_vm_id !== null && row.source_snapshot_id !== null
        ? { vmId: row.source_vm_id, snapshotId: row.source_snapshot_id }
        : null,
  };
}

export async function insertVolume(
  db: Queryable,
  tenantId: number,
  volume: VolumeBuild & { state: VolumeLifecycle; attachedVmId?: number | null },
): Promise<number> {
  return insertedId(
    db,
    `insert into volumes (tenant_id, name, size_gb, type, location, state, attached_vm_id,
                          source_vm_id, source_snapshot_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      tenantId,
      volume.name,
      volume.sizeGb,
      volume.type,
      volume.location,
      volume.state,
      volume.attachedVmId ?? null,
      volume.source?.vmId ?? null,
      volume.source?.snapshotId ?? null,
    ],
  );
}

/** Changes a volume; `attachedVmId` is set only when given (null detaches). */
export async function updateVolume(
  db: Queryable,
  tenantId: number,
  id: number,
  changes: { state?: VolumeLifecycle; sizeGb?: number; attachedVmId?: number | null },
): Promise<void> {
  await db.query(
    `update volumes set state = coalesce($3, state), size_gb = coalesce($4, size_gb),
            attached_vm_id = case when $5 then
              (select id from vms where id = $6::bigint and tenant_id = $1) else attached_vm_id end
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      id,
      changes.state ?? null,
      changes.sizeGb ?? null,
      'attachedVmId' in changes,
      changes.attachedVmId ?? null,
    ],
  );
}

export async function deleteVolume(db: Queryable, tenantId: number, id: number): Promise<void> {
  await db.query('delete from volumes where tenant_id = $1 and id = $2', [tenantId, id]);
}

/**
 * The volumes attached to a VM, and those on their way to it (an attach task still open): the
 * limit counts both, so attachments asked for at once cannot together pass it.
 */
export async function countAttached(db: Queryable, tenantId: number, vmId: number) {
  const rows = await db.query<{ n: number }>(
    `select (select count(*) from volumes where tenant_id = $1 and attached_vm_id = $2)::integer
          + (select count(*) from tasks t
              where t.tenant_id = $1 and t.kind = 'volume' and t.operation = 'AttachVolume'
                and t.state in ('PENDING', 'RUNNING') and (t.payload ->> 'vm_id')::bigint = $2
                and not exists (select 1 from volumes v
                                 where v.id = t.target_id and v.attached_vm_id = $2))::integer
            as n`,
    [tenantId, vmId],
  );
  return rows[0]?.n ?? 0;
}

/** Which of these volumes still exist. */
export async function existingVolumes(db: Queryable, tenantId: number, ids: readonly number[]) {
  const rows = await db.query<{ id: number }>(
    'select id from volumes where tenant_id = $1 and id = any($2::bigint[])',
    [tenantId, ids],
  );
  return rows.map((row) => row.id);
}

/** Where a volume is (its site's location), or null when the tenant has no such volume. */
export async function volumeLocation(
  db: Queryable,
  tenantId: number,
  id: number,
): Promise<string | null> {
  const rows = await db.query<{ location: string }>(
    'select location from volumes where tenant_id = $1 and id = $2',
    [tenantId, id],
  );
  return rows[0]?.location ?? null;
}

/** A volume the platform is asked about: settled, with no task of the portal's on its way. */
export interface SettledVolume {
  id: number;
  name: string;
}

/**
 * The tenant's volumes at these locations whose record the platform's state may be written to:
 * ready ones, and those the platform had lost (they may be back), with no task pending or
 * running on them (the task writes what it did when it ends).
 */
export async function settledVolumesAt(
  db: Queryable,
  tenantId: number,
  locations: readonly string[],
): Promise<SettledVolume[]> {
  return db.query<SettledVolume>(
    `select v.id::integer as id, v.name from volumes v
      where v.tenant_id = $1 and v.location = any($2::text[])
        and (v.state = 'ready' or (v.state = 'error' and v.platform_message is not null))
        and not exists (select 1 from tasks t
                         where t.tenant_id = v.tenant_id and t.kind = 'volume'
                           and t.target_id = v.id and t.state in ('PENDING', 'RUNNING'))
      order by v.id`,
    [tenantId, locations],
  );
}

/**
 * Writes what the platform says of a volume to its record: the size and the VM attached (a VM
 * that is not the tenant's counts as none), or, when the platform no longer has it, `error` with
 * `lostMessage`. Only a settled volume is written, and only when something differs, so that the
 * list's version moves only on a real change.
 */
export async function applyObservedVolume(
  db: Queryable,
  tenantId: number,
  id: number,
  facts: { sizeGb: number; attachedVmId: number | null } | null,
  lostMessage: string,
): Promise<boolean> {
  const settled = `(state = 'ready' or (state = 'error' and platform_message is not null))
    and not exists (select 1 from tasks t where t.tenant_id = volumes.tenant_id
                     and t.kind = 'volume' and t.target_id = volumes.id
                     and t.state in ('PENDING', 'RUNNING'))`;
  if (facts === null) {
    const rows = await db.query(
      `update volumes set state = 'error', platform_message = $3, attached_vm_id = null
        where tenant_id = $1 and id = $2 and ${settled}
          and (state, platform_message, attached_vm_id) is distinct from ('error', $3::text, null)
        returning id`,
      [tenantId, id, lostMessage],
    );
    return rows.length > 0;
  }
  const rows = await db.query(
    `with seen as (
       select greatest($3::integer, 1) as seen_size,
              (select m.id from vms m where m.id = $4::bigint and m.tenant_id = $1) as seen_vm)
     update volumes set state = 'ready', platform_message = null,
            size_gb = seen.seen_size, attached_vm_id = seen.seen_vm
       from seen
      where tenant_id = $1 and id = $2 and ${settled}
        and (state, platform_message, size_gb, attached_vm_id)
            is distinct from ('ready', null::text, seen.seen_size, seen.seen_vm)
      returning volumes.id`,
    [tenantId, id, facts.sizeGb, facts.attachedVmId],
  );
  return rows.length > 0;
}

/** The tenants whose code is one of these, in any case (a platform may lower-case it). */
export async function tenantsByCode(
  db: Queryable,
  codes: readonly string[],
): Promise<{ id: number; cdbId: string }[]> {
  return db.query<{ id: number; cdbId: string }>(
    `select id, cdb_id as "cdbId" from tenants where lower(cdb_id) = any($1::text[]) order by id`,
    [codes.map((code) => code.toLowerCase())],
  );
}
