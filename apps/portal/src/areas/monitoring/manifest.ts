import { isSuperTenantUser } from '@portal/api/contract';
import type { AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

/** Monitoring checks; only the super-tenant user creates them. */
export const monitoringArea: AreaManifest = {
  id: 'monitoring',
  routes: [
    {
      path: 'monitoring',
      load: () => import('./MonitoringListPage.tsx'),
      page: 'MonitoringListPage',
      firstCall: 'services/monitoring?limit=100&sort=name',
    },
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
