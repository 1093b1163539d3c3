import { mdiLan } from '@mdi/js';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Networks, gateways and public addresses. */
export const networkingArea: AreaManifest = {
  id: 'networking',
  title: 'Networking',
  icon: mdiLan,
  routes: [
    { path: 'networking', load, page: 'NetworkingListPage' },
    { path: 'networking/create', load, page: 'NetworkingCreatePage' },
    { path: 'networking/:id', load, page: 'NetworkingDetailPage' },
  ],
  nav: [
    { id: 'networking', label: 'Networking', href: '/networking', section: 'Network', order: 60 },
  ],
};
