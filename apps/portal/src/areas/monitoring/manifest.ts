import { isSuperTenantUser } from '@portal/api/contract';
import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

/** Monitoring checks; only the super-tenant user creates them. */
export const monitoringArea: AreaManifest = {
  id: 'monitoring',
  routes: [
    listRoute(
      'monitoring',
      () => import('./MonitoringListPage.tsx'),
      'MonitoringListPage',
      'services/monitoring?limit=100&sort=name',
    ),
    {
      path: 'monitoring/create',
      load: () => import('./MonitoringCreatePage.tsx'),
      page: 'MonitoringCreatePage',
      allow: isSuperTenantUser,
    },
    {
      path: 'monitoring/:id',
      load: () => import('./MonitoringDetailPage.tsx'),
      page: 'MonitoringDetailPage',
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
