import { mdiEmailAlert } from '@mdi/js';
import type { AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Phishing prevention: simulated phishing campaigns that train a tenant's staff. */
export const phishingArea: AreaManifest = {
  id: 'phishing-prevention',
  title: 'Phishing prevention',
  icon: mdiEmailAlert,
  routes: [
    { path: 'phishing-prevention', load, page: 'PhishingListPage' },
    {
      path: 'phishing-prevention/:id',
      load,
      page: 'PhishingDetailPage',
      params: { id: PARAM_RULES.numeric },
    },
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
};
