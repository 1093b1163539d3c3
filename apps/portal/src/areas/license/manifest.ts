import { listRoute, type AreaManifest } from '../../kit/area.tsx';

/** Licences: subscriptions, seats in use and what expires soon. */
export const licenseArea: AreaManifest = {
  id: 'license',
  routes: [
    listRoute(
      'license',
      () => import('./LicenseListPage.tsx'),
      'LicenseListPage',
      'services/license?limit=100&sort=product',
    ),
  ],
};
