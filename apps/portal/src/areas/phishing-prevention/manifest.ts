import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

/** Phishing prevention: simulated phishing campaigns that train a tenant's staff. */
export const phishingArea: AreaManifest = {
  id: 'phishing-prevention',
  routes: [
    listRoute(
      'phishing-prevention',
      () => import('./PhishingListPage.tsx'),
      'PhishingListPage',
      'services/phishing/campaigns?limit=100',
    ),
    {
      path: 'phishing-prevention/:id',
      load: () => import('./PhishingDetailPage.tsx'),
      page: 'PhishingDetailPage',
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
