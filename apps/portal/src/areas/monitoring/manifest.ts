import { isSuperTenantUser } from '@portal/api/contract';
import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Monitoring checks; only the super-tenant user creates them. */
export const monitoringArea: AreaManifest = {
  id: 'monitoring',
  routes: [
    listRoute('monitoring', load, 'MonitoringListPage', 'services/monitoring?limit=100&sort=name'),
    {
      path: 'monitoring/create',
      load,
      page: 'MonitoringCreatePage',
      allow: isSuperTenantUser,
    },
    {
      path: 'monitoring/:id',
      load,
      page: 'MonitoringDetailPage',
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
