import { listRoute, type AreaManifest } from '../../kit/area.tsx';

/** Networks, gateways and public addresses. */
export const networkingArea: AreaManifest = {
  id: 'networking',
  routes: [
    listRoute(
      'networking',
      () => import('./NetworkingListPage.tsx'),
      'NetworkingListPage',
      'services/networking?limit=100&sort=name',
    ),
    {
      path: 'networking/create',
      load: () => import('./NetworkingCreatePage.tsx'),
      page: 'NetworkingCreatePage',
    },
    {
      path: 'networking/:id',
      load: () => import('./NetworkingDetailPage.tsx'),
      page: 'NetworkingDetailPage',
    },
  ],
};
