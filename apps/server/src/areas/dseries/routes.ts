import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DseriesItem } from '@portal/api/contract';
import { areaRoutes } from '../../platform/routes.ts';
import { listDseriesItems } from './service.ts';

/** dseries (dedicated servers): a listing; its permissions are compute's. */
const dseriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, lists: app.listCache };
  const route = areaRoutes(app, { permission: 'compute', tags: ['dseries'] });
  route.list(
    {
      url: '/services/dseries',
      summary: 'Your dseries items (dedicated servers)',
      item: DseriesItem,
    },
    ({ query }, caller) => listDseriesItems(deps, caller, query),
  );
};

export default dseriesRoutes;
