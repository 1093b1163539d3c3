import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

const load = () => import('./index.ts');

/** Endpoint security: managed EDR (medr) and MSSP subscriptions ("Managed EDR", "MSSP"). */
export const crowdstrikeArea: AreaManifest = {
  id: 'crowdstrike',
  routes: [
    listRoute(
      'crowdstrike',
      load,
      'CrowdstrikeListPage',
      'services/crowdstrike?limit=100&sort=name',
    ),
    { path: 'crowdstrike/medr/:id', load, page: 'MedrDetailPage' },
    {
      path: 'crowdstrike/medr/:id/hosts/:hostId',
      load,
      page: 'EdrHostPage',
      params: { id: PARAM_RULES.numeric, hostId: PARAM_RULES.numeric },
      fallback: '/crowdstrike',
    },
    {
      path: 'crowdstrike/medr/:id/detections/:detectionId',
      load,
      page: 'EdrDetectionPage',
      params: { id: PARAM_RULES.numeric, detectionId: PARAM_RULES.numeric },
      fallback: '/crowdstrike',
    },
    { path: 'crowdstrike/mssp/:id', load, page: 'MsspDetailPage' },
  ],
};
