import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built portal at `/`. Hashed files under /assets/ are cached for good; everything
 * else (index.html above all) is revalidated, so a new deployment shows at once. Unknown page
 * paths fall back to index.html in the not-found handler (plugins/errors.ts).
 */
const portalPlugin: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const assets = `${sep}assets${sep}`;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes(assets) ? IMMUTABLE : 'no-cache');
    },
  });
};

export default fp(portalPlugin, { name: 'portal', fastify: '5.x' });
