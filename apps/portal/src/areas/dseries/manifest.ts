import type { AreaManifest } from '../../kit/area.tsx';

/** Dedicated servers: a listing (the specification shows no detail). */
export const dseriesArea: AreaManifest = {
  id: 'dseries',
  routes: [
    { path: 'dseries', load: () => import('./DseriesListPage.tsx'), page: 'DseriesListPage' },
  ],
};
