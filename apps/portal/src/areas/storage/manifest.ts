import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/**
 * `/storage/create` with a VM snapshot to make the volume from (the specification's
 * "snapshotItem"): the snapshot tree's "Create volume from snapshot" opens it.
 */
export const volumeFromSnapshotHref = (vmId: number, snapshotId: number) =>
  `/storage/create?vm=${vmId}&snapshot=${snapshotId}`;

/** Storage volumes, created blank or from a snapshot item. */
export const storageArea: AreaManifest = {
  id: 'storage',
  routes: [
    listRoute('storage', page('StorageListPage'), 'services/storage?limit=100&sort=name'),
    { path: 'storage/create', ...page('StorageCreatePage') },
    {
      path: 'storage/:id',
      ...page('StorageDetailPage'),
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
