import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Backup tenants. */
export const backupArea: AreaManifest = {
  id: 'backup',
  routes: [
    listRoute('backup', page('BackupListPage'), 'services/backup?limit=100&sort=name'),
    { path: 'backup/create', ...page('BackupCreatePage') },
    // Without a uuid the tenant view sends back to the list.
    {
      path: 'backup/:uuid',
      ...page('BackupTenantPage'),
      params: { uuid: PARAM_RULES.uuid },
      fallback: '/backup',
    },
  ],
};
