import { mdiCertificate } from '@mdi/js';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Licences. */
export const licenseArea: AreaManifest = {
  id: 'license',
  title: 'Licences',
  icon: mdiCertificate,
  routes: [{ path: 'license', load, page: 'LicenseListPage' }],
  nav: [{ id: 'license', label: 'Licences', href: '/license', section: 'Operations', order: 80 }],
  permission: { area: 'license', readOnly: 'Your role can view licences but not change them.' },
};
