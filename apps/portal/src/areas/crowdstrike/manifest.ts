import { listRoute, pagesIn, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const page = pagesIn(import.meta.glob('./*Page.tsx'));

/** Endpoint security: managed EDR (medr) and MSSP subscriptions ("Managed EDR", "MSSP"). */
export const crowdstrikeArea: AreaManifest = {
  id: 'crowdstrike',
  routes: [
    listRoute(
      'crowdstrike',
      page('CrowdstrikeListPage'),
      'services/crowdstrike?limit=100&sort=name',
    ),
    { path: 'crowdstrike/medr/:id', ...page('MedrDetailPage') },
    {
      path: 'crowdstrike/medr/:id/hosts/:hostId',
      ...page('EdrHostPage'),
      params: { id: PARAM_RULES.numeric, hostId: PARAM_RULES.numeric },
      fallback: '/crowdstrike',
    },
    {
      path: 'crowdstrike/medr/:id/detections/:detectionId',
      ...page('EdrDetectionPage'),
      params: { id: PARAM_RULES.numeric, detectionId: PARAM_RULES.numeric },
      fallback: '/crowdstrike',
    },
    { path: 'crowdstrike/mssp/:id', ...page('MsspDetailPage') },
  ],
};
