import { mdiDatabase } from '@mdi/js';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Storage volumes, created blank or from a snapshot item. */
export const storageArea: AreaManifest = {
  id: 'storage',
  title: 'Storage',
  icon: mdiDatabase,
  routes: [
    { path: 'storage', load, page: 'StorageListPage' },
    { path: 'storage/create', load, page: 'StorageCreatePage' },
    { path: 'storage/:id', load, page: 'StorageDetailPage' },
  ],
  nav: [{ id: 'storage', label: 'Storage', href: '/storage', section: 'Data', order: 50 }],
  permission: { area: 'storage', readOnly: 'Your role can view storage but not change it.' },
};
