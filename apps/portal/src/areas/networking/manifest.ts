import { listRoute, type AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Networks, gateways and public addresses. */
export const networkingArea: AreaManifest = {
  id: 'networking',
  routes: [
    listRoute('networking', load, 'NetworkingListPage', 'services/networking?limit=100&sort=name'),
    { path: 'networking/create', load, page: 'NetworkingCreatePage' },
    { path: 'networking/:id', load, page: 'NetworkingDetailPage' },
  ],
};
