import { listRoute, type AreaManifest } from '../../kit/area.tsx';
import { PARAM_RULES } from '../../lib/patterns.ts';

/** Endpoint security: managed EDR (medr) and MSSP subscriptions ("Managed EDR", "MSSP"). */
export const crowdstrikeArea: AreaManifest = {
  id: 'crowdstrike',
  routes: [
    listRoute(
      'crowdstrike',
      () => import('./CrowdstrikeListPage.tsx'),
      'CrowdstrikeListPage',
      'services/crowdstrike?limit=100&sort=name',
    ),
    {
      path: 'crowdstrike/medr/:id',
      load: () => import('./MedrDetailPage.tsx'),
      page: 'MedrDetailPage',
    },
    {
      path: 'crowdstrike/medr/:id/hosts/:hostId',
      load: () => import('./EdrHostPage.tsx'),
      page: 'EdrHostPage',
      params: { id: PARAM_RULES.numeric, hostId: PARAM_RULES.numeric },
      fallback: '/crowdstrike',
    },
    {
      path: 'crowdstrike/medr/:id/detections/:detectionId',
      load: () => import('./EdrDetectionPage.tsx'),
      page: 'EdrDetectionPage',
      params: { id: PARAM_RULES.numeric, detectionId: PARAM_RULES.numeric },
      fallback: '/crowdstrike',
    },
    {
      path: 'crowdstrike/mssp/:id',
      load: () => import('./MsspDetailPage.tsx'),
      page: 'MsspDetailPage',
    },
  ],
};
