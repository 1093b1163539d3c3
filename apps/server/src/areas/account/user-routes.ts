import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CurrentUser, Envelope, UserParams } from '@portal/api/contract';
import { requireIdentity } from '../../plugins/auth.ts';
import { readUserRecord } from './user.ts';
import { errorReplies } from '../../platform/schemas.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/services/user/:email',
    {
      schema: {
        tags: ['user'],
        summary: "A user's e-mail, tenant and role: your own, or anybody's for the administrator",
        params: UserParams,
        response: { 200: Envelope(CurrentUser), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = { identity: requireIdentity(request), principal: request.principal };
      return { data: await readUserRecord(app.db, caller, request.params.email) };
    },
  );
};

export default userRoutes;
