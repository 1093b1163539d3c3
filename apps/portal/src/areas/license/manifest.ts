import { listRoute, type AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Licences: subscriptions, seats in use and what expires soon. */
export const licenseArea: AreaManifest = {
  id: 'license',
  routes: [
    listRoute('license', load, 'LicenseListPage', 'services/license?limit=100&sort=product'),
  ],
};
