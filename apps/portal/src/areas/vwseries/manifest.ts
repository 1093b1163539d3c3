import { pagesIn, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Virtual-wire series services and their VMs (whose console is compute's). */
export const vwseriesArea: AreaManifest = {
  id: 'vwseries',
  routes: [
    { path: 'vwseries', ...page('VwseriesListPage') },
    {
      path: 'vwseries/:serviceid',
      ...page('VwseriesServicePage'),
      params: { serviceid: PARAM_RULES.serviceId },
    },
  ],
};
