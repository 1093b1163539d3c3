// Storage volumes (ours to design, in the style of section 7): `/services/storage` lists the
// tenant's block volumes, `/{id}` is one; creating, attaching, detaching, extending and deleting
// are tasks.
import { Type, type Static } from 'typebox';
import { DateTime, Id, Nullable, ClosedObject } from './common.ts';
import { ListPagingFields } from './common.ts';
import {
  VOLUME_NAME_MAX,
  VOLUME_NAME_PATTERN,
  VOLUME_SIZE_MAX_GB,
  VOLUME_SIZE_MIN_GB,
  VOLUME_STATES,
  VOLUME_TYPES,
} from './storage-values.ts';

const SizeGb = Type.Integer({
  minimum: VOLUME_SIZE_MIN_GB,
  maximum: VOLUME_SIZE_MAX_GB,
  description: `Size in GB (${VOLUME_SIZE_MIN_GB}–${VOLUME_SIZE_MAX_GB}).`,
});

/** A VM snapshot a volume is made from. */
export const VolumeSource = ClosedObject('VolumeSource', {
  vm_id: Id,
  snapshot_id: Id,
});
export type VolumeSource = Static<typeof VolumeSource>;

export const Volume = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    size_gb: Type.Integer({ description: 'Size in GB.' }),
    type: Type.Enum(VOLUME_TYPES, { description: 'standard or performance (SSD).' }),
    location: Type.String({ description: 'The site the volume lives at, e.g. AMS1.' }),
    state: Type.Enum(VOLUME_STATES, { description: '`in-use`: attached to a VM.' }),
    attached_vm: Nullable(
      Type.Object(
        { id: Type.Integer(), display_name: Type.String() },
        {
          description: 'The VM the volume is attached to.',
        },
      ),
    ),
    source: Nullable(
      Type.Object(
        {
          vm_id: Type.Integer(),
          vm_name: Nullable(
            Type.String({ description: "The VM's name; null once it is deleted." }),
          ),
          snapshot_id: Type.Integer(),
          snapshot_name: Nullable(
            Type.String({ description: "The snapshot's name; null once it is deleted." }),
          ),
        },
        { description: 'The VM snapshot the volume was made from; null for an empty volume.' },
      ),
    ),
    created_at: DateTime,
    platform_message: Type.Optional(
      Nullable(
        Type.String({
          description:
            'What the platform says of this volume when it disagrees with the portal (deleted outside it).',
        }),
      ),
    ),
    used_bytes: Type.Optional(
      Nullable(
        Type.Integer({
          description:
            'Bytes written on the volume, where its site’s platform reports it (LXD sites); null when the platform no longer has the volume.',
        }),
      ),
    ),
  },
  { $id: 'Volume' },
);
export type Volume = Static<typeof Volume>;

export const VolumeParams = Type.Object({ id: Id });
export type VolumeParams = Static<typeof VolumeParams>;

/** `GET /services/storage`: paging, and optionally only the volumes attached to one VM. */
export const VolumeListQuery = Type.Object({
  ...ListPagingFields,
  vm_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Only volumes attached to it.' })),
});
export type VolumeListQuery = Static<typeof VolumeListQuery>;

/**
 * `POST /services/storage`: an empty volume at a location, or a copy of a VM snapshot (then the
 * location is the VM's and the size defaults to the VM's disk, never smaller).
 */
export const VolumeCreate = ClosedObject('VolumeCreate', {
  name: Type.String({ minLength: 1, maxLength: VOLUME_NAME_MAX, pattern: VOLUME_NAME_PATTERN }),
  type: Type.Enum(VOLUME_TYPES),
  size_gb: Type.Optional(SizeGb),
  location: Type.Optional(
    Type.String({ minLength: 1, maxLength: 32, description: 'Required for an empty volume.' }),
  ),
  source: Type.Optional(VolumeSource),
});
export type VolumeCreate = Static<typeof VolumeCreate>;

export const VolumeCreateAccepted = Type.Object({
  task_id: Type.Integer(),
  volume_id: Type.Integer(),
});
export type VolumeCreateAccepted = Static<typeof VolumeCreateAccepted>;

/** `POST /services/storage/{id}/attach`. */
export const VolumeAttach = ClosedObject('VolumeAttach', { vm_id: Id });
export type VolumeAttach = Static<typeof VolumeAttach>;

/** `PATCH /services/storage/{id}/size`: only upward. */
export const VolumeExtend = ClosedObject('VolumeExtend', { size_gb: SizeGb });
export type VolumeExtend = Static<typeof VolumeExtend>;
