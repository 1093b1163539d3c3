import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Dedicated servers: a listing (the specification shows no detail). */
export const dseriesArea: AreaManifest = {
  id: 'dseries',
  routes: [{ path: 'dseries', load, page: 'DseriesListPage' }],
};
