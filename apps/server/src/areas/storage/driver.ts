import { Type, type Static } from 'typebox';
import type { VolumeType } from '@portal/api/contract';
import type { OperationContext } from '../../platform/driver.ts';

/** What the platform reports of a volume after an operation. */
export const VolumeFacts = Type.Object({
  sizeGb: Type.Integer(),
  attachedVmId: Type.Union([Type.Integer(), Type.Null()]),
});
export type VolumeFacts = Static<typeof VolumeFacts>;

export const VolumeDeletedFacts = Type.Object({ deleted: Type.Literal(true) });
export type VolumeDeletedFacts = Static<typeof VolumeDeletedFacts>;

/** What a new volume is: empty at a site, or a copy of a VM snapshot. */
export interface VolumeSpec {
  sizeGb: number;
  type: VolumeType;
  location: string;
  source: { vmId: number; snapshotId: number } | null;
}

/**
 * The block-storage platform: what a real driver (Cinder, vSAN, …) implements. Volumes are named
 * by the portal's ids. Every operation is idempotent per `ctx.taskId` and refuses what the
 * platform refuses with a DriverError sentence.
 */
export interface StorageDriver {
  /** The sites volumes can be created at. */
  storageLocations(): Promise<string[]>;
  createVolume(ctx: OperationContext, volumeId: number, spec: VolumeSpec): Promise<VolumeFacts>;
  attachVolume(ctx: OperationContext, volumeId: number, vmId: number): Promise<VolumeFacts>;
  detachVolume(ctx: OperationContext, volumeId: number): Promise<VolumeFacts>;
  extendVolume(ctx: OperationContext, volumeId: number, sizeGb: number): Promise<VolumeFacts>;
  deleteVolume(ctx: OperationContext, volumeId: number): Promise<VolumeDeletedFacts>;
}
