import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DseriesItem, ListPagingQuery, ListReply } from '@portal/api/contract';
import { callerOf } from '../../plugins/access.ts';
import { listDseriesItems } from './service.ts';
import { sendJsonText } from '../../platform/paging.ts';
import { errorReplies } from '../../platform/schemas.ts';

/** dseries (dedicated servers): a listing; its permissions are compute's. */
const dseriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, lists: app.listCache };
  app.get(
    '/services/dseries',
    {
      config: { access: { area: 'compute', level: 'read' } },
      schema: {
        tags: ['dseries'],
        summary: 'Your dseries items (dedicated servers)',
        querystring: ListPagingQuery,
        response: { 200: ListReply(DseriesItem), ...errorReplies(400, 401, 403) },
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) =>
      sendJsonText(reply, await listDseriesItems(deps, callerOf(request), request.query)),
  );
};

export default dseriesRoutes;
