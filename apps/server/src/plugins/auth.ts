import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { findUserByEmail, type UserRecord } from '../db/users.ts';
import { unauthorized } from '../errors.ts';
import type { Identity, TokenVerifier } from '../identity.ts';

export type { Identity, TokenVerifier } from '../identity.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every authenticated request; null only on public routes. */
    identity: Identity | null;
    /** The portal user behind the identity, with tenant and role; null if there is none. */
    principal: UserRecord | null;
  }
  interface FastifyContextConfig {
    /** The route answers without a bearer token (health, config, OpenAPI). */
    public?: boolean;
  }
}

export const MISSING_TOKEN_MESSAGE = 'Sign in to continue: the request has no bearer token.';
export const INVALID_TOKEN_MESSAGE = 'Your session is not valid. Sign in again.';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every route in the scope this plugin is registered in requires a valid Firebase ID token,
 * unless its config says `public: true`. Attaches `request.identity` and `request.principal`.
 */
const authPlugin: FastifyPluginAsync<{ verifier: TokenVerifier }> = async (app, { verifier }) => {
  app.decorateRequest('identity', null);
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized(MISSING_TOKEN_MESSAGE);
    let decoded: { uid: string; email?: string };
    try {
      decoded = await verifier.verifyIdToken(token);
    } catch (error) {
      request.log.info(
        { reason: error instanceof Error ? error.message : String(error) },
        'rejected an ID token',
      );
      throw unauthorized(INVALID_TOKEN_MESSAGE);
    }
    const email = decoded.email?.toLowerCase() ?? null;
    request.identity = { uid: decoded.uid, email };
    request.principal = email ? await findUserByEmail(app.db, email) : null;
  });
};

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });

/** The identity on an authenticated route; throws 401 if a route forgot to be authenticated. */
export function requireIdentity(request: { identity: Identity | null }): Identity {
  if (!request.identity) throw unauthorized(MISSING_TOKEN_MESSAGE);
  return request.identity;
}
