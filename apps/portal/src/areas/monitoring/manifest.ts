import { mdiChartLine } from '@mdi/js';
import { isSuperTenantUser } from '@portal/api/contract';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Monitoring checks; only the super-tenant user creates them. */
export const monitoringArea: AreaManifest = {
  id: 'monitoring',
  title: 'Monitoring',
  icon: mdiChartLine,
  routes: [
    { path: 'monitoring', load, page: 'MonitoringListPage' },
    {
      path: 'monitoring/create',
      load,
      page: 'MonitoringCreatePage',
      allow: isSuperTenantUser,
    },
  ],
  nav: [
    {
      id: 'monitoring',
      label: 'Monitoring',
      href: '/monitoring',
      section: 'Operations',
      order: 70,
    },
  ],
  permission: {
    area: 'monitoring',
    readOnly: 'Your role can view monitoring but not change it.',
  },
};
