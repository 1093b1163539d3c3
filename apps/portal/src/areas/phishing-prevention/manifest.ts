import { mdiEmailAlert } from '@mdi/js';
import type { AreaManifest } from '../../kit/area.tsx';

const load = () => import('./index.ts');

/** Phishing prevention: protected domains. */
export const phishingArea: AreaManifest = {
  id: 'phishing-prevention',
  title: 'Phishing prevention',
  icon: mdiEmailAlert,
  routes: [
    { path: 'phishing-prevention', load, page: 'PhishingListPage' },
    { path: 'phishing-prevention/:id', load, page: 'PhishingDetailPage' },
  ],
  nav: [
    {
      id: 'phishing-prevention',
      label: 'Phishing prevention',
      href: '/phishing-prevention',
      section: 'Security',
      order: 100,
    },
  ],
  permission: {
    area: 'phishing-prevention',
    readOnly: 'Your role can view phishing prevention but not change it.',
  },
};
