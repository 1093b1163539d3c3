// The dseries area: a listing of dedicated servers (no slow operations yet, so no tasks or
// driver; they come here, as in compute, when it gets some).
import { DEMO_SERVERS } from '../compute/index.ts';
import { defineArea, supply } from '../../platform/area.ts';
import { insertDemoDseries } from './repository.ts';
import dseriesRoutes from './routes.ts';

export const dseriesArea = defineArea<never>({
  name: 'dseries',
  routes: [dseriesRoutes],
  seedProvides: [supply(DEMO_SERVERS, insertDemoDseries)],
});
