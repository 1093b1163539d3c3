import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Licences: subscriptions, seats in use and what expires soon. */
export const licenseArea: AreaManifest = {
  id: 'license',
  routes: [
    listRoute('license', page('LicenseListPage'), 'services/license?limit=100&sort=product'),
  ],
};
