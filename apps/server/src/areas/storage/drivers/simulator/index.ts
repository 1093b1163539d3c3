import {
  attachRefusal,
  deletedSnapshotSentence,
  deleteVolumeRefusal,
  detachRefusal,
  extendRefusal,
} from '@portal/api/domain';
import type { Static, TSchema } from 'typebox';
import type { Database, Queryable } from '../../../../db/database.ts';
import { refuse, type OperationContext } from '../../../../platform/driver.ts';
import { oncePerTask, simulatedWait } from '../../../../platform/tasks/once.ts';
import {
  VolumeDeletedFacts,
  VolumeFacts,
  type StorageDriver,
  type VolumeSpec,
} from '../../driver.ts';
import {
  countSimAttached,
  findSimVolume,
  insertSimVolume,
  lockSimVmAttachments,
  updateSimVolume,
  type SimVolume,
} from './state.ts';

/** How long each operation takes at speed 1, in seconds. */
export const STORAGE_DURATIONS = {
  create: 4,
  createFromSnapshot: 8,
  attach: 2,
  detach: 2,
  extend: 3,
  delete: 3,
} as const;

/**
 * What the storage platform knows of the compute platform: its sites, and a VM's site and
 * snapshots (null once the VM is gone). The storage area answers it from the site's
 * compute simulator.
 */
export interface SimulatedHosts {
  locations(): Promise<string[]>;
  /** Read in `q`: the transaction the operation decides in, where there is one. */
  vm(
    q: Queryable,
    tenantId: number,
    vmId: number,
  ): Promise<{ location: string; snapshotIds: number[] } | null>;
}

const GONE = 'The volume no longer exists on the storage platform.';

const factsOf = (volume: SimVolume): VolumeFacts => ({
  sizeGb: volume.sizeGb,
  attachedVmId: volume.attachedVmId,
});

/**
 * The built-in block-storage platform, simulated in its own table (sim_volume). Operations take a
 * few seconds (divided by `speed`), refuse what a real platform refuses (by the domain's rules),
 * and record their facts with the task id, so a task re-run after a crash reports the same.
 */
export class StorageSimulator implements StorageDriver {
  constructor(
    private readonly db: Database,
    private readonly options: { speed: number },
    private readonly hosts: SimulatedHosts,
  ) {}

  storageLocations(): Promise<string[]> {
    return this.hosts.locations();
  }

  /**
   * Once per task: decide at once on the current state (a refusal fails quickly); take the
   * operation's time; decide again in a transaction and apply.
   */
  private operate<S extends TSchema>(
    ctx: OperationContext,
    seconds: number,
    facts: S,
    decide: (q: Queryable) => Promise<(tx: Queryable) => Promise<Static<S>>>,
  ): Promise<Static<S>> {
    return oncePerTask(this.db, ctx, facts, {
      check: async (q) => void (await decide(q)),
      work: () => simulatedWait(ctx, seconds, this.options.speed),
      apply: async (tx) => (await decide(tx))(tx),
    });
  }

  /** The VM the volume is attached to, unless that VM was deleted since (which let go of it). */
  private async holder(
    q: Queryable,
    ctx: OperationContext,
    volume: SimVolume,
  ): Promise<number | null> {
    if (volume.attachedVmId === null) return null;
    return (await this.hosts.vm(q, ctx.tenantId, volume.attachedVmId)) ? volume.attachedVmId : null;
  }

  private async stateOf(q: Queryable, ctx: OperationContext, volume: SimVolume) {
    return (await this.holder(q, ctx, volume)) === null
      ? ('available' as const)
      : ('in-use' as const);
  }

  private async volume(q: Queryable, ctx: OperationContext, id: number): Promise<SimVolume> {
    return (await findSimVolume(q, ctx.tenantId, id, q !== this.db)) ?? refuse(GONE);
  }

  createVolume(ctx: OperationContext, volumeId: number, spec: VolumeSpec): Promise<VolumeFacts> {
    const seconds = spec.source ? STORAGE_DURATIONS.createFromSnapshot : STORAGE_DURATIONS.create;
    return this.operate(ctx, seconds, VolumeFacts, async (q) => {
      const source = spec.source;
      if (source) {
        const vm = await this.hosts.vm(q, ctx.tenantId, source.vmId);
        if (!vm)
          refuse(
            `The virtual machine ${source.vmId} no longer exists, so neither does its snapshot.`,
          );
        if (!vm.snapshotIds.includes(source.snapshotId))
          refuse(deletedSnapshotSentence(source.snapshotId));
      } else if (!(await this.hosts.locations()).includes(spec.location)) {
        refuse(`There is no storage at ${spec.location}.`);
      }
      return async (tx) => {
        const volume = { id: volumeId, ...spec, attachedVmId: null };
        await insertSimVolume(tx, ctx.tenantId, volume);
        return factsOf(volume);
      };
    });
  }

  attachVolume(ctx: OperationContext, volumeId: number, vmId: number): Promise<VolumeFacts> {
    return this.operate(ctx, STORAGE_DURATIONS.attach, VolumeFacts, async (q) => {
      if (q !== this.db) await lockSimVmAttachments(q, vmId);
      const volume = await this.volume(q, ctx, volumeId);
      const vm = await this.hosts.vm(q, ctx.tenantId, vmId);
      if (!vm) refuse(`The virtual machine ${vmId} no longer exists.`);
      const refusal = attachRefusal(
        { state: await this.stateOf(q, ctx, volume), location: volume.location },
        {
          display_name: `The virtual machine ${vmId}`,
          location: vm.location,
          attached: await countSimAttached(q, vmId),
        },
      );
      if (refusal) refuse(refusal);
      return async (tx) => {
        await updateSimVolume(tx, volume.id, { attachedVmId: vmId });
        return factsOf({ ...volume, attachedVmId: vmId });
      };
    });
  }

  detachVolume(ctx: OperationContext, volumeId: number): Promise<VolumeFacts> {
    return this.operate(ctx, STORAGE_DURATIONS.detach, VolumeFacts, async (q) => {
      const volume = await this.volume(q, ctx, volumeId);
      const refusal = detachRefusal({ state: await this.stateOf(q, ctx, volume) });
      if (refusal) refuse(refusal);
      return async (tx) => {
        await updateSimVolume(tx, volume.id, { attachedVmId: null });
        return factsOf({ ...volume, attachedVmId: null });
      };
    });
  }

  extendVolume(ctx: OperationContext, volumeId: number, sizeGb: number): Promise<VolumeFacts> {
    return this.operate(ctx, STORAGE_DURATIONS.extend, VolumeFacts, async (q) => {
      const volume = await this.volume(q, ctx, volumeId);
      const refusal = extendRefusal(
        { state: await this.stateOf(q, ctx, volume), size_gb: volume.sizeGb },
        sizeGb,
      );
      if (refusal) refuse(refusal);
      return async (tx) => {
        await updateSimVolume(tx, volume.id, { sizeGb });
        return factsOf({ ...volume, sizeGb });
      };
    });
  }

  deleteVolume(ctx: OperationContext, volumeId: number): Promise<VolumeDeletedFacts> {
    return this.operate(ctx, STORAGE_DURATIONS.delete, VolumeDeletedFacts, async (q) => {
      // A volume the platform never built (its creation failed) is gone already.
      const volume = await findSimVolume(q, ctx.tenantId, volumeId, q !== this.db);
      if (!volume) return async () => ({ deleted: true as const });
      const holder = await this.holder(q, ctx, volume);
      const refusal = deleteVolumeRefusal({
        state: holder === null ? 'available' : 'in-use',
        attached_vm: holder === null ? null : { display_name: `the virtual machine ${holder}` },
      });
      if (refusal) refuse(refusal);
      return async (tx) => {
        await updateSimVolume(tx, volume.id, { deleted: true, attachedVmId: null });
        return { deleted: true as const };
      };
    });
  }
}
