import { Type, type Static } from 'typebox';
import type { SiteAction, VolumeType } from '@portal/api/contract';
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
  /** The portal's name of the volume (an LXD disk is mounted at a path made from it). */
  name: string;
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
/** What a site's storage may not offer, in the catalogue's words (`SITE_ACTIONS`). */
export type StorageAction = Extract<SiteAction, 'volumeFromSnapshot'>;

/** A volume as the platform has it now: read for the volume page. */
export interface VolumeObservation {
  sizeGb: number;
  /** The portal's VM it is attached to, or null (attached to nothing the portal knows). */
  attachedVmId: number | null;
  /** Bytes written on it, where the platform knows. */
  usedBytes: number | null;
}

/** A volume made on the platform outside the portal, as `discover` finds it. */
export interface OutsideVolume extends VolumeFacts {
  /** Its name on the platform: the portal's volume takes it. */
  name: string;
}

export interface StorageDriver {
  /**
   * What this platform cannot do, each with the sentence saying why: the route refuses it at once
   * (409) and the catalogue lists it per site, so the portal offers it disabled with the reason.
   */
  readonly unavailable?: Partial<Record<StorageAction, string>>;
  /**
   * The volumes as the platform has them now (null for one it no longer has), for the volume
   * page. Platforms whose volumes are only the portal's omit it.
   */
  observe?(tenantCode: string, volumeIds: number[]): Promise<Map<number, VolumeObservation | null>>;
  /**
   * The volumes made in the tenant's place on the platform outside the portal (none of any
   * portal's), for the portal to adopt. Platforms whose volumes are only the portal's omit it.
   */
  discover?(tenantCode: string): Promise<OutsideVolume[]>;
  /**
   * Marks a discovered volume as the portal's volume `volumeId`, so every operation finds it;
   * false when it is gone or was taken meanwhile.
   */
  adopt?(tenantCode: string, name: string, volumeId: number): Promise<boolean>;
  /**
   * Follows changes on the platform, the portal's and others': calls `changed` with the tenants
   * (their codes, in any case) whose volumes may have changed, until `signal` aborts.
   */
  watch?(changed: (tenantCodes: string[]) => void, signal: AbortSignal): void;
  /** The sites volumes can be created at. */
  storageLocations(): Promise<string[]>;
  createVolume(ctx: OperationContext, volumeId: number, spec: VolumeSpec): Promise<VolumeFacts>;
  attachVolume(ctx: OperationContext, volumeId: number, vmId: number): Promise<VolumeFacts>;
  detachVolume(ctx: OperationContext, volumeId: number): Promise<VolumeFacts>;
  extendVolume(ctx: OperationContext, volumeId: number, sizeGb: number): Promise<VolumeFacts>;
  deleteVolume(ctx: OperationContext, volumeId: number): Promise<VolumeDeletedFacts>;
}
