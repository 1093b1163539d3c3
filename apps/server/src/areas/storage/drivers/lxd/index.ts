import {
  attachRefusal,
  deleteVolumeRefusal,
  detachRefusal,
  extendRefusal,
  MAX_VOLUMES_PER_VM,
  volumeMountPath,
} from '@portal/api/domain';
import type { Database } from '../../../../db/database.ts';
import { refuse, type OperationContext } from '../../../../platform/driver.ts';
import { LxdError, type LxdClient } from '../../../../platform/lxd/client.ts';
import { asDriverError } from '../../../../platform/lxd/errors.ts';
import {
  getInstance,
  patchInstance,
  removeInstanceDevice,
  type LxdInstance,
} from '../../../../platform/lxd/instances.ts';
import { ensureProject, TENANT_PROJECT_FEATURES } from '../../../../platform/lxd/projects.ts';
import {
  createVolume,
  deleteVolume,
  getVolume,
  listVolumes,
  patchVolume,
  sizeGbOf,
  volumeInstances,
  volumeState,
  type LxdVolume,
} from '../../../../platform/lxd/volumes.ts';
import { ownerConfig, owns } from '../../../../platform/lxd/ownership.ts';
import {
  eventProject,
  WATCH_DEFAULTS,
  watchLifecycle,
  type WatchTiming,
} from '../../../../platform/lxd/watch.ts';
import {
  findLxdVm,
  LXD_TASK_ID_KEY as TASK_ID_KEY,
  LXD_VM_ID_KEY as VM_ID_KEY,
  lxdTaskSteps,
  type LxdTaskStep,
  tenantProject,
} from '../../../compute/index.ts';
import {
  VolumeDeletedFacts,
  VolumeFacts,
  type OutsideVolume,
  type StorageAction,
  type StorageDriver,
  type VolumeObservation,
  type VolumeSpec,
} from '../../driver.ts';

/** The portal's volume id a custom volume carries. */
export const VOLUME_ID_KEY = 'user.portal.volume-id';
/**
 * The size the customer asked for. A `dir` pool (this machine's) cannot enforce a size, so LXD's
 * own `size` key is not set there: the requested size is kept here and reported as the volume's.
 * On pools that can (zfs, btrfs, lvm) `size` is set as well.
 */
export const SIZE_KEY = 'user.portal.size-gb';
/** Where the volume is mounted in an instance it is attached to. */
export const PATH_KEY = 'user.portal.path';

/** LXD cannot build a custom volume from an instance snapshot (ADR 036). */
export const VOLUME_FROM_SNAPSHOT_UNAVAILABLE =
  "LXD cannot make a volume from a virtual machine's snapshot: create an empty volume and copy the data into it.";

/** The custom volume (and its disk device on an instance) of a portal volume. */
export const lxdVolumeName = (volumeId: number, owner = '') =>
  owner ? `vol-${owner}-${volumeId}` : `vol-${volumeId}`;

/** The mount path a portal volume name gives (the portal's volume page says the same). */
export const mountPathOf = volumeMountPath;

const GONE = 'The volume no longer exists on the storage platform.';

/** Every key the portal puts on a custom volume starts so. */
const PORTAL_KEYS = 'user.portal.';

/** Lifecycle events that may change a tenant's volumes: theirs, and instances' disk devices. */
const VOLUME_EVENTS = /^(storage-volume-|instance-(updated|deleted|renamed)$)/;

/** How often every tenant's volumes are looked at, events or not (LXD_STORAGE_LOOK_MS). */
export const STORAGE_LOOK_MS = 30_000;

/**
 * The tenant code (lower case) whose project this is for an installation whose project names
 * begin with `prefix`, or null for another project.
 */
const tenantOfProject = (project: string, prefix: string): string | null =>
  project.startsWith(prefix) && project.length > prefix.length
    ? project.slice(prefix.length)
    : null;

export interface LxdStorageOptions {
  client: LxdClient;
  db: Database;
  /** The §3 `location` of the site (e.g. `LXD1`). */
  location: string;
  /** The storage pool custom volumes are made on (LXD_STORAGE_POOL). */
  pool: string;
  /** How changes made outside the portal are followed (`everyMs`: LXD_STORAGE_LOOK_MS). */
  watch?: Partial<WatchTiming>;
}

/**
 * Block storage on LXD: a portal volume is a custom volume `vol-<installation>-<id>` (so two
 * portals on one LXD never meet on a name) in the tenant's project on
 * the site's pool, attached to a VM's instance as a disk device of the same name at the path the
 * portal names. Every operation runs once per task (its facts kept in lxd_applied_tasks); a task
 * run again after a crash reads the volume's real state in LXD and finishes from there.
 */
export class LxdStorageDriver implements StorageDriver {
  readonly unavailable: Partial<Record<StorageAction, string>> = {
    volumeFromSnapshot: VOLUME_FROM_SNAPSHOT_UNAVAILABLE,
  };
  private readonly client: LxdClient;
  private readonly db: Database;
  /** Runs one step of a task once, its LXD errors told about this site. */
  private readonly once: LxdTaskStep;
  private sizes: Promise<boolean> | null = null;

  constructor(private readonly options: LxdStorageOptions) {
    this.client = options.client;
    this.db = options.db;
    this.once = lxdTaskSteps(options.db, options.location);
  }

  async storageLocations(): Promise<string[]> {
    return [this.options.location];
  }

  /** Whether the pool enforces a volume's size (a `dir` pool does not). */
  private poolSizes(): Promise<boolean> {
    this.sizes ??= this.client
      .get<{ driver: string }>(`/1.0/storage-pools/${encodeURIComponent(this.options.pool)}`)
      .then((pool) => pool.driver !== 'dir')
      .catch((error: unknown) => {
        this.sizes = null;
        throw error;
      });
    return this.sizes;
  }

  /**
   * The volume in LXD, or null when LXD has none of this installation's with that id: by its
   * name first, else by the id it carries (a volume made outside the portal and adopted keeps
   * the name it was given).
   */
  private async find(project: string, volumeId: number, signal?: AbortSignal) {
    const owner = await this.client.owner();
    try {
      const volume = await getVolume(
        this.client,
        project,
        this.options.pool,
        lxdVolumeName(volumeId, owner),
        signal,
      );
      if (owns(volume.config, owner, VOLUME_ID_KEY, volumeId)) return volume;
    } catch (error) {
      if (!(error instanceof LxdError && error.status === 404)) throw error;
    }
    try {
      const all = await listVolumes(this.client, project, this.options.pool, signal);
      return all.find((volume) => owns(volume.config, owner, VOLUME_ID_KEY, volumeId)) ?? null;
    } catch (error) {
      if (error instanceof LxdError && error.status === 404) return null;
      throw error;
    }
  }

  private async volume(ctx: OperationContext, volumeId: number): Promise<LxdVolume> {
    const project = await tenantProject(this.client, ctx.tenantCode);
    return (await this.find(project, volumeId, ctx.signal)) ?? refuse(GONE);
  }

  /** LXD's own `size` where it is set (it may be changed outside the portal), else the portal's. */
  private sizeOf = (volume: LxdVolume) =>
    sizeGbOf(volume.config['size']) ?? (Number(volume.config[SIZE_KEY]) || 0);

  /** The instance the volume is attached to (in the volume's project), or null. */
  private async holder(
    project: string,
    volume: LxdVolume,
    signal?: AbortSignal,
  ): Promise<LxdInstance | null> {
    const name = volumeInstances(volume)[0];
    return name ? getInstance(this.client, project, name, signal) : null;
  }

  /** The size, and the portal's VM holding the volume (an instance of this installation's). */
  private async facts(volume: LxdVolume, holder: LxdInstance | null): Promise<VolumeFacts> {
    const vmId = Number(holder?.config[VM_ID_KEY]);
    const ours =
      holder !== null &&
      vmId > 0 &&
      owns(holder.config, await this.client.owner(), VM_ID_KEY, vmId);
    return { sizeGb: this.sizeOf(volume), attachedVmId: ours ? vmId : null };
  }

  /** Notes the task on the volume before changing it, so a resumed task knows its own change. */
  private async mark(
    ctx: OperationContext,
    volume: LxdVolume,
    config: Record<string, string> = {},
  ) {
    return patchVolume(
      this.client,
      await tenantProject(this.client, ctx.tenantCode),
      this.options.pool,
      volume.name,
      { config: { ...config, [TASK_ID_KEY]: String(ctx.taskId) } },
      ctx.signal,
    );
  }

  createVolume(ctx: OperationContext, volumeId: number, spec: VolumeSpec): Promise<VolumeFacts> {
    return this.once(ctx, VolumeFacts, 'create the volume', async () => {
      if (spec.source) refuse(VOLUME_FROM_SNAPSHOT_UNAVAILABLE);
      if (spec.location !== this.options.location)
        refuse(`There is no storage at ${spec.location}.`);
      const project = await tenantProject(this.client, ctx.tenantCode);
      await ensureProject(this.client, project, TENANT_PROJECT_FEATURES, {}, ctx.signal);
      const found = await this.find(project, volumeId, ctx.signal);
      // A resumed task finds the volume it made; another portal database's volume is a stranger.
      if (found && found.config[TASK_ID_KEY] !== String(ctx.taskId))
        refuse(`A volume ${found.name} already exists in your project.`);
      if (!found)
        await createVolume(
          this.client,
          project,
          this.options.pool,
          {
            name: lxdVolumeName(volumeId, await this.client.owner()),
            description: spec.name,
            config: {
              [VOLUME_ID_KEY]: String(volumeId),
              [TASK_ID_KEY]: String(ctx.taskId),
              ...(await ownerConfig(this.client)),
              [SIZE_KEY]: String(spec.sizeGb),
              [PATH_KEY]: mountPathOf(spec.name),
              ...((await this.poolSizes()) ? { size: `${spec.sizeGb}GB` } : {}),
            },
          },
          ctx.signal,
        );
      return { sizeGb: spec.sizeGb, attachedVmId: null };
    });
  }

  attachVolume(ctx: OperationContext, volumeId: number, vmId: number): Promise<VolumeFacts> {
    return this.once(ctx, VolumeFacts, 'attach the volume', async () => {
      const project = await tenantProject(this.client, ctx.tenantCode);
      const vm = await findLxdVm(this.db, vmId);
      if (!vm || vm.tenantId !== ctx.tenantId || vm.project !== project)
        refuse(`The virtual machine ${vmId} no longer exists.`);
      const volume = await this.volume(ctx, volumeId);
      const instance = await getInstance(this.client, project, vm.name, ctx.signal);
      const holder = await this.holder(project, volume, ctx.signal);
      // A resumed task finds the disk it attached.
      if (holder?.name === instance.name && volume.config[TASK_ID_KEY] === String(ctx.taskId))
        return this.facts(volume, holder);
      const disks = Object.values(instance.devices).filter(
        (device) => device['type'] === 'disk' && device['path'] !== '/',
      );
      const refusal = attachRefusal(
        { state: holder ? 'in-use' : 'available', location: this.options.location },
        {
          display_name: instance.description || instance.name,
          location: this.options.location,
          attached: Math.min(disks.length, MAX_VOLUMES_PER_VM),
        },
      );
      if (refusal) refuse(refusal);
      const wanted = volume.config[PATH_KEY] ?? mountPathOf(volume.description || volume.name);
      const path = disks.some((disk) => disk['path'] === wanted) ? `${wanted}-${volumeId}` : wanted;
      await this.mark(ctx, volume);
      await patchInstance(
        this.client,
        project,
        instance.name,
        {
          devices: {
            [volume.name]: { type: 'disk', pool: this.options.pool, source: volume.name, path },
          },
        },
        ctx.signal,
      );
      return { sizeGb: this.sizeOf(volume), attachedVmId: vmId };
    });
  }

  detachVolume(ctx: OperationContext, volumeId: number): Promise<VolumeFacts> {
    return this.once(ctx, VolumeFacts, 'detach the volume', async () => {
      const project = await tenantProject(this.client, ctx.tenantCode);
      const volume = await this.volume(ctx, volumeId);
      const holder = await this.holder(project, volume, ctx.signal);
      if (!holder) {
        // A resumed task whose detach LXD already made.
        if (volume.config[TASK_ID_KEY] === String(ctx.taskId)) return this.facts(volume, null);
        refuse(detachRefusal({ state: 'available' }) ?? GONE);
      }
      await this.mark(ctx, volume);
      for (const [device, config] of Object.entries(holder.devices))
        if (config['type'] === 'disk' && config['source'] === volume.name)
          await removeInstanceDevice(this.client, project, holder.name, device, ctx.signal);
      return this.facts(volume, null);
    });
  }

  extendVolume(ctx: OperationContext, volumeId: number, sizeGb: number): Promise<VolumeFacts> {
    return this.once(ctx, VolumeFacts, 'extend the volume', async () => {
      const project = await tenantProject(this.client, ctx.tenantCode);
      let volume = await this.volume(ctx, volumeId);
      const holder = await this.holder(project, volume, ctx.signal);
      const resumed =
        this.sizeOf(volume) === sizeGb && volume.config[TASK_ID_KEY] === String(ctx.taskId);
      if (!resumed) {
        const refusal = extendRefusal(
          { state: holder ? 'in-use' : 'available', size_gb: this.sizeOf(volume) },
          sizeGb,
        );
        if (refusal) refuse(refusal);
        // Only the recorded size grows on a `dir` pool; a pool that sizes volumes grows too, and
        // so does LXD's `size` where it was set (a volume made outside the portal).
        const size: Record<string, string> =
          (await this.poolSizes()) || volume.config['size'] !== undefined
            ? { size: `${sizeGb}GB` }
            : {};
        await this.mark(ctx, volume, { [SIZE_KEY]: String(sizeGb), ...size });
        volume = { ...volume, config: { ...volume.config, [SIZE_KEY]: String(sizeGb), ...size } };
      }
      return this.facts(volume, holder);
    });
  }

  deleteVolume(ctx: OperationContext, volumeId: number): Promise<VolumeDeletedFacts> {
    return this.once(ctx, VolumeDeletedFacts, 'delete the volume', async () => {
      const project = await tenantProject(this.client, ctx.tenantCode);
      // A volume LXD never built (its creation failed), or already deleted, is gone already.
      const volume = await this.find(project, volumeId, ctx.signal);
      if (!volume) return { deleted: true as const };
      const holder = await this.holder(project, volume, ctx.signal);
      const refusal = deleteVolumeRefusal({
        state: holder ? 'in-use' : 'available',
        attached_vm: holder ? { display_name: holder.description || holder.name } : null,
      });
      if (refusal) refuse(refusal);
      await deleteVolume(this.client, project, this.options.pool, volume.name, ctx.signal);
      return { deleted: true as const };
    });
  }

  /** The tenant's volumes as LXD has them: size, the VM attached, bytes used. */
  async observe(
    tenantCode: string,
    volumeIds: number[],
  ): Promise<Map<number, VolumeObservation | null>> {
    const project = await tenantProject(this.client, tenantCode);
    const found = new Map<number, VolumeObservation | null>(volumeIds.map((id) => [id, null]));
    let all: LxdVolume[];
    try {
      all = await listVolumes(this.client, project, this.options.pool);
    } catch (error) {
      // No project yet: the tenant has nothing at this site.
      if (error instanceof LxdError && error.status === 404) return found;
      throw asDriverError(error, 'read the volumes', this.options.location);
    }
    const owner = await this.client.owner();
    await Promise.all(
      all.map(async (volume) => {
        const id = Number(volume.config[VOLUME_ID_KEY]);
        if (!found.has(id) || !owns(volume.config, owner, VOLUME_ID_KEY, id)) return;
        try {
          const [holder, state] = await Promise.all([
            this.holder(project, volume),
            // A `dir` pool does not count a volume's bytes ("Not supported"): unknown then.
            volumeState(this.client, project, this.options.pool, volume.name).catch(() => null),
          ]);
          const facts = await this.facts(volume, holder);
          found.set(id, { ...facts, usedBytes: state?.usage?.used ?? null });
        } catch (error) {
          throw asDriverError(error, 'read the volumes', this.options.location);
        }
      }),
    );
    return found;
  }

  /**
   * The custom volumes in the tenant's project that were made outside the portal: those that carry
   * no key of any portal (`user.portal.*`). A volume carrying another installation's keys, or a
   * portal's from before installations were named, is someone's and is left alone.
   */
  async discover(tenantCode: string): Promise<OutsideVolume[]> {
    const project = await tenantProject(this.client, tenantCode);
    try {
      const all = await listVolumes(this.client, project, this.options.pool);
      const outside = all.filter(
        (volume) => !Object.keys(volume.config).some((key) => key.startsWith(PORTAL_KEYS)),
      );
      return await Promise.all(
        outside.map(async (volume) => ({
          name: volume.name,
          ...(await this.facts(volume, await this.holder(project, volume))),
        })),
      );
    } catch (error) {
      // No project: nothing was made there.
      if (error instanceof LxdError && error.status === 404) return [];
      throw asDriverError(error, 'read the volumes', this.options.location);
    }
  }

  /**
   * Makes a volume found by `discover` the portal's volume `volumeId`: it is tagged as this
   * installation's, so every operation finds it as it finds the volumes the portal made. False
   * when it is gone or something tagged it meanwhile.
   */
  async adopt(tenantCode: string, name: string, volumeId: number): Promise<boolean> {
    const project = await tenantProject(this.client, tenantCode);
    try {
      const volume = await getVolume(this.client, project, this.options.pool, name);
      if (Object.keys(volume.config).some((key) => key.startsWith(PORTAL_KEYS))) return false;
      const sizeGb = this.sizeOf(volume);
      await patchVolume(this.client, project, this.options.pool, name, {
        config: {
          ...(await ownerConfig(this.client)),
          [VOLUME_ID_KEY]: String(volumeId),
          ...(sizeGb > 0 ? { [SIZE_KEY]: String(sizeGb) } : {}),
          [PATH_KEY]: mountPathOf(name),
        },
      });
      return true;
    } catch (error) {
      if (error instanceof LxdError && error.status === 404) return false;
      throw asDriverError(error, 'adopt the volume', this.options.location);
    }
  }

  /**
   * Calls `onChange` with the tenants (their codes, lower case) whose volumes or instances changed
   * in LXD, from the portal or outside it, and with every tenant that has a project every
   * `everyMs`; until `signal` aborts.
   */
  watch(onChange: (tenantCodes: string[]) => void, signal: AbortSignal): Promise<void> {
    return watchLifecycle(this.client, onChange, signal, {
      ...WATCH_DEFAULTS,
      everyMs: STORAGE_LOOK_MS,
      ...this.options.watch,
      about: async (event) => {
        const action = event.metadata['action'];
        if (typeof action !== 'string' || !VOLUME_EVENTS.test(action)) return [];
        const tenant = tenantOfProject(eventProject(event), await this.client.namePrefix());
        return tenant ? [tenant] : [];
      },
      all: async () => {
        const projects = await this.client.get<string[]>('/1.0/projects');
        const prefix = await this.client.namePrefix();
        return projects
          .map((path) => tenantOfProject(decodeURIComponent(path.split('/').pop() ?? ''), prefix))
          .filter((tenant): tenant is string => tenant !== null);
      },
    });
  }
}
