// Storage constants that both the schemas and the portal's pages use: plain values, without the
// schema library, so a page that shows a volume does not download TypeBox.

/** What a volume is made of: ordinary disks, or SSD-backed with higher IOPS. */
export const VOLUME_TYPES = ['standard', 'performance'] as const;
export type VolumeType = (typeof VOLUME_TYPES)[number];

/** Where a volume is in its life; `in-use` is attached to a VM. */
export const VOLUME_STATES = [
  'creating',
  'available',
  'in-use',
  'extending',
  'deleting',
  'error',
] as const;
export type VolumeState = (typeof VOLUME_STATES)[number];

/** Sizes a volume may have, in GB. */
export const VOLUME_SIZE_MIN_GB = 1;
export const VOLUME_SIZE_MAX_GB = 16384;
export const VOLUME_NAME_MAX = 64;
/** Letters and digits first, then also spaces, dots, dashes and underscores. */
export const VOLUME_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 ._-]*$';

/** What the volume list sorts by (`sort`, `-name` for descending): the portal's column ids. */
export const VOLUME_LIST_SORTS = ['name', 'size', 'type', 'location', 'state', 'created'] as const;
