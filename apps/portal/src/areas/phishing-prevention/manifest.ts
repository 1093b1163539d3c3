import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Phishing prevention: simulated phishing campaigns that train a tenant's staff. */
export const phishingArea: AreaManifest = {
  id: 'phishing-prevention',
  routes: [
    listRoute(
      'phishing-prevention',
      load,
      'PhishingListPage',
      'services/phishing/campaigns?limit=100',
    ),
    {
      path: 'phishing-prevention/:id',
      load,
      page: 'PhishingDetailPage',
      params: { id: PARAM_RULES.numeric },
    },
  ],
};
