import { mdiServerNetwork } from '@mdi/js';
import type { AreaManifest, AreaPermission } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Who may change vwseries, and what a role that may only look is told. */
export const VWSERIES_PERMISSION: AreaPermission = {
  area: 'vwseries',
  readOnly: 'Your role can view VW-series services but not change them.',
};

/** Virtual-wire series services and their VMs (whose console is compute's). */
export const vwseriesArea: AreaManifest = {
  id: 'vwseries',
  title: 'VW series',
  icon: mdiServerNetwork,
  routes: [
    { path: 'vwseries', load, page: 'VwseriesListPage' },
    {
      path: 'vwseries/:serviceid',
      load,
      page: 'VwseriesServicePage',
      params: { serviceid: PARAM_RULES.serviceId },
    },
  ],
  nav: [{ id: 'vwseries', label: 'VW series', href: '/vwseries', section: 'Compute', order: 20 }],
  permission: VWSERIES_PERMISSION,
};
