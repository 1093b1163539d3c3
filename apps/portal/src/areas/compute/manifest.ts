import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

// Compute is the largest area: each page is a chunk of its own, so the list does not download the
// wizard, the detail tabs or the terminal.
const list = () => import('./list/index.ts');
const create = () => import('./create/index.ts');
const detail = () => import('./detail/index.ts');
const terminal = () => import('./console/index.ts');

/** Virtual machines (eseries); the VM detail and console serve vwseries VMs too. */
export const computeArea: AreaManifest = {
  id: 'compute',
  routes: [
    listRoute(
      'compute',
      { load: list, page: 'ComputeListPage' },
      'services/eseries?detail_fields=nat&limit=100&sort=name',
    ),
    { path: 'compute/create', load: create, page: 'ComputeCreatePage' },
    {
      path: 'compute/:id',
      load: detail,
      page: 'ComputeDetailPage',
      params: { id: PARAM_RULES.numeric },
    },
    // Console pages sit outside the main layout.
    {
      path: 'compute/:id/console',
      load: terminal,
      page: 'ComputeConsolePage',
      params: { id: PARAM_RULES.numeric },
      layout: 'bare',
    },
    {
      path: 'vwseries/:serviceid/:id/console',
      load: terminal,
      page: 'ComputeConsolePage',
      params: { serviceid: PARAM_RULES.serviceId, id: PARAM_RULES.numeric },
      layout: 'bare',
    },
  ],
};
