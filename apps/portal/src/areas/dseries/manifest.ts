import { pagesIn, type AreaManifest } from '../../kit/area.tsx';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Dedicated servers: a listing (the specification shows no detail). */
export const dseriesArea: AreaManifest = {
  id: 'dseries',
  routes: [{ path: 'dseries', ...page('DseriesListPage') }],
};
