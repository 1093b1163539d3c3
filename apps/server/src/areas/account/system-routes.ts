import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health, PublicConfig } from '@portal/api/contract';
import { checkHealth, publicConfig } from './system.ts';
import { errorReplies } from '../../platform/schemas.ts';

/** Public routes: health, the portal's configuration and the OpenAPI document. */
const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        security: [],
        response: { 200: Health, ...errorReplies(503) },
      },
    },
    () => checkHealth(app.db),
  );

  app.get(
    '/config',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Identity configuration for the portal, read before sign-in',
        security: [],
        response: { 200: PublicConfig },
      },
    },
    () => publicConfig(app.config),
  );

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, () =>
    app.swagger(),
  );
};

export default systemRoutes;
