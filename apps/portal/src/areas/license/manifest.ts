import type { AreaManifest } from '../../kit/area.tsx';

/** Licences: subscriptions, seats in use and what expires soon. */
export const licenseArea: AreaManifest = {
  id: 'license',
  routes: [
    {
      path: 'license',
      load: () => import('./LicenseListPage.tsx'),
      page: 'LicenseListPage',
      firstCall: 'services/license?limit=100&sort=product',
    },
  ],
};
