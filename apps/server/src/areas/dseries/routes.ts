import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DseriesItem, Envelope } from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import { listDseriesItems } from './service.ts';
import { errorReplies } from '../../platform/schemas.ts';

/** dseries (dedicated servers): a listing; its permissions are compute's. */
const dseriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/services/dseries',
    {
      config: { access: { area: 'compute', level: 'read' } },
      schema: {
        tags: ['dseries'],
        summary: 'Your dseries items (dedicated servers)',
        response: { 200: Envelope(Type.Array(DseriesItem)), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await listDseriesItems(app.db, callerOf(request)) }),
  );
};

export default dseriesRoutes;
