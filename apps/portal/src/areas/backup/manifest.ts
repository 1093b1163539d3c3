import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Backup tenants. */
export const backupArea: AreaManifest = {
  id: 'backup',
  routes: [
    listRoute('backup', load, 'BackupListPage', 'services/backup?limit=100&sort=name'),
    { path: 'backup/create', load, page: 'BackupCreatePage' },
    // Without a uuid the tenant view sends back to the list.
    {
      path: 'backup/:uuid',
      load,
      page: 'BackupTenantPage',
      params: { uuid: PARAM_RULES.uuid },
      fallback: '/backup',
    },
  ],
};
