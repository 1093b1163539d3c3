import type { AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

/** Virtual-wire series services and their VMs (whose console is compute's). */
export const vwseriesArea: AreaManifest = {
  id: 'vwseries',
  routes: [
    { path: 'vwseries', load: () => import('./VwseriesListPage.tsx'), page: 'VwseriesListPage' },
    {
      path: 'vwseries/:serviceid',
      load: () => import('./VwseriesServicePage.tsx'),
      page: 'VwseriesServicePage',
      params: { serviceid: PARAM_RULES.serviceId },
    },
  ],
};
