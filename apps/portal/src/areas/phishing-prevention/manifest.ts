import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Phishing prevention: simulated phishing campaigns that train a tenant's staff. */
export const phishingArea: AreaManifest = {
  id: 'phishing-prevention',
  routes: [
    listRoute(
      'phishing-prevention',
      page('PhishingListPage'),
      'services/phishing/campaigns?limit=100',
    ),
    {
      path: 'phishing-prevention/:id',
      ...page('PhishingDetailPage'),
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
