import type { AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Virtual-wire series services and their VMs (whose console is compute's). */
export const vwseriesArea: AreaManifest = {
  id: 'vwseries',
  routes: [
    { path: 'vwseries', load, page: 'VwseriesListPage' },
    {
      path: 'vwseries/:serviceid',
      load,
      page: 'VwseriesServicePage',
      params: { serviceid: PARAM_RULES.serviceId },
    },
  ],
};
