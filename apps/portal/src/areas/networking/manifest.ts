import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Networks, gateways and public addresses. */
export const networkingArea: AreaManifest = {
  id: 'networking',
  routes: [
    { path: 'networking', load, page: 'NetworkingListPage' },
    { path: 'networking/create', load, page: 'NetworkingCreatePage' },
    { path: 'networking/:id', load, page: 'NetworkingDetailPage' },
  ],
};
