import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Collects every route's schema (all from the shared contract) into an OpenAPI 3 document,
 * served at `GET /api/openapi.json` by the routes. Register before any route.
 */
const openapiPlugin: FastifyPluginAsync<{ version: string }> = async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cloud portal API',
        description:
          'The API the portal calls. Every call needs a Firebase ID token as a bearer token unless marked otherwise; successful replies carry their payload in `data`, errors a sentence in `message`.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // Contract schemas with an $id become components under that name (CurrentUser, …).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
};

export default fp(openapiPlugin, { name: 'openapi', fastify: '5.x' });
