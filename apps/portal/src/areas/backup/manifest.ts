import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

/** Backup tenants. */
export const backupArea: AreaManifest = {
  id: 'backup',
  routes: [
    listRoute(
      'backup',
      () => import('./BackupListPage.tsx'),
      'BackupListPage',
      'services/backup?limit=100&sort=name',
    ),
    {
      path: 'backup/create',
      load: () => import('./BackupCreatePage.tsx'),
      page: 'BackupCreatePage',
    },
    // Without a uuid the tenant view sends back to the list.
    {
      path: 'backup/:uuid',
      load: () => import('./BackupTenantPage.tsx'),
      page: 'BackupTenantPage',
      params: { uuid: PARAM_RULES.uuid },
      fallback: '/backup',
    },
  ],
};
