import type { Volume, VolumeCreate, VolumeListQuery } from '@portal/api/contract';
import {
  attachRefusal,
  deletedSnapshotSentence,
  deleteVolumeRefusal,
  detachRefusal,
  extendRefusal,
  snapshotVolumeSize,
} from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { DriverError } from '../../platform/driver.ts';
import type { Caller } from '../../plugins/access.ts';
import type { ListCache } from '../../platform/list-cache.ts';
import type { Prepared } from '../../platform/tasks/route.ts';
import { findSnapshot, findVm } from '../compute/index.ts';
import type { AreaDrivers } from '../../platform/area.ts';
import type { StorageDriver } from './driver.ts';
import {
  countAttached,
  findVolume,
  insertVolume,
  listVolumesJson,
  updateVolume,
  volumePaging,
} from './repository.ts';

/** What the storage services work with. */
export interface StorageDeps {
  db: Queryable;
  /** The storage driver of every site that has storage. */
  drivers: AreaDrivers<StorageDriver>;
  /** The list reply cache; lists are made afresh without it. */
  lists?: ListCache;
}

/** Every site's locations with storage. */
const storageLocations = async (deps: Pick<StorageDeps, 'drivers'>): Promise<string[]> =>
  (await Promise.all(deps.drivers.all.map(({ driver }) => driver.storageLocations()))).flat();

const invalid = (field: string, reason: string) => badRequest(`${field}: ${reason}`, field);
const noSuchVolume = (id: number) => notFound(`No volume ${id}.`);

async function requireVolume(db: Queryable, caller: Caller, id: number, lock = false) {
  const volume = await findVolume(db, caller.tenantId, id, lock);
  if (!volume) throw noSuchVolume(id);
  return volume;
}

/** `GET /services/storage`: the reply's JSON text, the whole list or a page. */
export async function listVolumes(
  deps: Pick<StorageDeps, 'db' | 'lists'>,
  caller: Caller,
  query: VolumeListQuery,
): Promise<string | Buffer> {
  const { vm_id: vmId, ...pagingQuery } = query;
  const paging = volumePaging(pagingQuery, caller.tenantId, vmId);
  return listVolumesJson(deps.db, caller.tenantId, vmId, paging, deps.lists);
}

/**
 * `GET /services/storage/{id}`. Where the site's platform knows its volumes (LXD), what it says
 * now is shown: the VM attached, the state that follows from it, the size and the bytes used. A
 * platform that does not answer leaves the portal's record as it is.
 */
export async function readVolume(
  deps: Pick<StorageDeps, 'db'> & Partial<Pick<StorageDeps, 'drivers'>>,
  caller: Caller,
  id: number,
): Promise<Volume> {
  const volume = await requireVolume(deps.db, caller, id);
  const driver = deps.drivers?.siteAt(volume.location) ? deps.drivers.at(volume.location) : null;
  const settled = volume.state === 'available' || volume.state === 'in-use';
  if (!driver?.observe || !settled) return volume;
  let seen;
  try {
    seen = (await driver.observe(caller.tenantCdbId, [volume.id])).get(volume.id);
  } catch (error) {
    if (error instanceof DriverError) return volume;
    throw error;
  }
  if (!seen) return { ...volume, used_bytes: null };
  const vm =
    seen.attachedVmId === null
      ? null
      : await findVm(deps.db, caller.tenantId, { series: 'any' }, seen.attachedVmId);
  return {
    ...volume,
    size_gb: seen.sizeGb || volume.size_gb,
    state: vm ? 'in-use' : 'available',
    attached_vm: vm ? { id: vm.id, display_name: vm.displayName } : null,
    used_bytes: seen.usedBytes,
  };
}

const target = (volume: Pick<Volume, 'id' | 'name'>) => ({ id: volume.id, name: volume.name });

/**
 * `POST /services/storage`: an empty volume at a site, or a copy of one of the caller's VM
 * snapshots (at the VM's site, the VM's disk size by default and never smaller). Records the
 * volume as creating; the task builds it.
 */
export async function prepareCreateVolume(
  deps: Pick<StorageDeps, 'drivers'>,
  tx: Queryable,
  caller: Caller,
  body: VolumeCreate,
): Promise<Prepared<Record<string, never>>> {
  let location: string;
  let sizeGb: number;
  const source = body.source ?? null;
  if (source) {
    const vm = await findVm(tx, caller.tenantId, { series: 'any' }, source.vm_id);
    if (!vm) throw invalid('source.vm_id', `no virtual machine ${source.vm_id} of yours`);
    const snapshot = await findSnapshot(tx, caller.tenantId, vm.id, source.snapshot_id);
    if (!snapshot) throw conflict(deletedSnapshotSentence(source.snapshot_id));
    if (body.location !== undefined && body.location !== vm.location)
      throw invalid('location', `must be ${vm.location}, where ${vm.displayName} is`);
    // A site whose storage cannot copy a snapshot says so at once, with its reason.
    const unavailable = deps.drivers.siteAt(vm.location)
      ? deps.drivers.at(vm.location).unavailable?.volumeFromSnapshot
      : undefined;
    if (unavailable) throw conflict(unavailable);
    const size = snapshotVolumeSize(vm.diskSizeGb, body.size_gb);
    if (size.refusal) throw invalid('size_gb', size.refusal);
    location = vm.location;
    sizeGb = size.size;
  } else {
    if (body.location === undefined) throw invalid('location', 'is required for an empty volume');
    if (!(await storageLocations(deps)).includes(body.location))
      throw invalid('location', 'is not a site with storage');
    if (body.size_gb === undefined) throw invalid('size_gb', 'is required for an empty volume');
    location = body.location;
    sizeGb = body.size_gb;
  }
  const id = await insertVolume(tx, caller.tenantId, {
    name: body.name,
    sizeGb,
    type: body.type,
    location,
    source: source ? { vmId: source.vm_id, snapshotId: source.snapshot_id } : null,
    state: 'creating',
  });
  return {
    target: { id, name: body.name },
    payload: {},
    reply: { volume_id: id },
    detail: { name: body.name, size_gb: sizeGb, location },
  };
}

/** `POST /services/storage/{id}/attach`: to one of the caller's VMs at the volume's site. */
export async function prepareAttach(
  tx: Queryable,
  caller: Caller,
  id: number,
  vmId: number,
): Promise<Prepared<{ vm_id: number }>> {
  const volume = await requireVolume(tx, caller, id, true);
  const vm = await findVm(tx, caller.tenantId, { series: 'any' }, vmId, { lock: true });
  if (!vm) throw invalid('vm_id', `no virtual machine ${vmId} of yours`);
  const refusal = attachRefusal(volume, {
    display_name: vm.displayName,
    location: vm.location,
    attached: await countAttached(tx, caller.tenantId, vm.id),
  });
  if (refusal) throw conflict(refusal);
  return { target: target(volume), payload: { vm_id: vm.id }, detail: { vm_id: vm.id } };
}

/** `POST /services/storage/{id}/detach` */
export async function prepareDetach(
  tx: Queryable,
  caller: Caller,
  id: number,
): Promise<Prepared<Record<string, never>>> {
  const volume = await requireVolume(tx, caller, id, true);
  const refusal = detachRefusal(volume);
  if (refusal) throw conflict(refusal);
  return { target: target(volume), payload: {} };
}

/** `PATCH /services/storage/{id}/size`: only upward; the volume shows extending meanwhile. */
export async function prepareExtend(
  tx: Queryable,
  caller: Caller,
  id: number,
  sizeGb: number,
): Promise<Prepared<{ size_gb: number }>> {
  const volume = await requireVolume(tx, caller, id, true);
  const refusal = extendRefusal(volume, sizeGb);
  if (refusal && sizeGb <= volume.size_gb) throw badRequest(refusal, 'size_gb');
  if (refusal) throw conflict(refusal);
  await updateVolume(tx, caller.tenantId, id, { state: 'extending' });
  return {
    target: target(volume),
    payload: { size_gb: sizeGb },
    detail: { from_gb: volume.size_gb, size_gb: sizeGb },
  };
}

/** `DELETE /services/storage/{id}`: refused while attached; the volume shows deleting meanwhile. */
export async function prepareDeleteVolume(
  tx: Queryable,
  caller: Caller,
  id: number,
): Promise<Prepared<{ from: 'ready' | 'error' }>> {
  const volume = await requireVolume(tx, caller, id, true);
  const refusal = deleteVolumeRefusal(volume);
  if (refusal) throw conflict(refusal);
  await updateVolume(tx, caller.tenantId, id, { state: 'deleting' });
  return {
    target: target(volume),
    payload: { from: volume.state === 'error' ? 'error' : 'ready' },
  };
}
