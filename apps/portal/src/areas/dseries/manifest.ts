import { mdiViewDashboard } from '@mdi/js';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Dedicated servers: a listing (the specification shows no detail). */
export const dseriesArea: AreaManifest = {
  id: 'dseries',
  title: 'D series',
  icon: mdiViewDashboard,
  routes: [{ path: 'dseries', load, page: 'DseriesListPage' }],
  nav: [{ id: 'dseries', label: 'D series', href: '/dseries', section: 'Compute', order: 30 }],
};
