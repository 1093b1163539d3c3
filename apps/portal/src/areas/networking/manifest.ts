import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Networks, gateways and public addresses. */
export const networkingArea: AreaManifest = {
  id: 'networking',
  routes: [
    listRoute('networking', page('NetworkingListPage'), 'services/networking?limit=100&sort=name'),
    { path: 'networking/create', ...page('NetworkingCreatePage') },
    { path: 'networking/:id', ...page('NetworkingDetailPage') },
  ],
};
