import { isSuperTenantUser } from '@portal/api/contract';
import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Monitoring checks; only the super-tenant user creates them. */
export const monitoringArea: AreaManifest = {
  id: 'monitoring',
  routes: [
    listRoute('monitoring', page('MonitoringListPage'), 'services/monitoring?limit=100&sort=name'),
    { path: 'monitoring/create', ...page('MonitoringCreatePage'), allow: isSuperTenantUser },
    {
      path: 'monitoring/:id',
      ...page('MonitoringDetailPage'),
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
