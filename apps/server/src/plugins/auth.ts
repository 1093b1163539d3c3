import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { findUserByEmail, type UserRecord } from '../db/users.ts';
import { forbidden, unauthorized } from '../errors.ts';
import {
  CachingTokenVerifier,
  SessionEndedError,
  type Identity,
  type TokenVerifier,
  type VerifiedToken,
} from '../identity.ts';
import { actingTenantOf, resolveActingPrincipal } from './acting-tenant.ts';
import { PrincipalCache } from './principal-cache.ts';

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
    /**
     * The route answers a user whose tenant requires a second factor even when they signed in
     * without one: what they need to find out that they must enrol one.
     */
    withoutSecondFactor?: boolean;
  }
}

export const MISSING_TOKEN_MESSAGE = 'Sign in to continue: the request has no bearer token.';
export const INVALID_TOKEN_MESSAGE = 'Your session is not valid. Sign in again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Your organisation requires a second sign-in step. Add a second factor on your account page, then sign in again with it.';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your e-mail address first: open the link in the verification e-mail, then sign in again.';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface AuthPluginOptions {
  verifier: TokenVerifier;
  /**
   * How long (ms) a verified token and its revocation check are reused; a disabled, deleted or
   * signed-out user loses access within this time. 60 s unless the config says otherwise.
   */
  revocationWindowMs?: number;
  /**
   * How long (ms) the portal user behind an e-mail address (tenant, role, permissions) is reused;
   * `AUTH_PRINCIPAL_CACHE_SECONDS` (5 s) unless given.
   */
  principalCacheMs?: number;
}

/**
 * Every route in the scope this plugin is registered in requires a valid Firebase ID token of a
 * user who is still enabled, not signed out and whose e-mail address is verified, unless its
 * config says `public: true`; a user whose tenant requires a second factor must have signed in
 * with one, unless the route's config says `withoutSecondFactor: true`. Attaches `request.identity` and `request.principal`.
 */
const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (
  app,
  { verifier, revocationWindowMs = 60_000, principalCacheMs },
) => {
  const tokens = new CachingTokenVerifier(verifier, revocationWindowMs);
  const principals = new PrincipalCache(
    (email) => findUserByEmail(app.db, email),
    principalCacheMs ?? app.config.principalCacheSeconds * 1000,
  ).open();
  app.addHook('onClose', async () => principals.close());
  app.decorateRequest('identity', null);
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized(MISSING_TOKEN_MESSAGE);
    let decoded: VerifiedToken;
    try {
      decoded = await tokens.verify(token);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof SessionEndedError) {
        request.log.info({ reason }, 'refused the ID token of an ended session');
        throw unauthorized(SESSION_ENDED_MESSAGE);
      }
      request.log.info({ reason }, 'rejected an ID token');
      throw unauthorized(INVALID_TOKEN_MESSAGE);
    }
    const email = decoded.email?.toLowerCase() ?? null;
    request.identity = {
      uid: decoded.uid,
      email,
      authTime: decoded.auth_time,
      secondFactor: decoded.firebase?.sign_in_second_factor ?? null,
    };
    // Anyone can sign up with someone else's address; only a verified one names a portal user.
    if (email && decoded.email_verified !== true) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE);
    const principal = email ? await principals.get(email) : null;
    // A disabled user is refused at once here (this process), and by the identity service anyway
    // within the revocation window.
    if (principal?.state === 'disabled') throw unauthorized(SESSION_ENDED_MESSAGE);
    // The user's own tenant's policy applies, whichever tenant they act for.
    if (
      principal?.tenant.requireSecondFactor &&
      !request.identity.secondFactor &&
      !request.routeOptions.config.withoutSecondFactor
    )
      throw forbidden(SECOND_FACTOR_REQUIRED_MESSAGE);
    request.principal = await resolveActingPrincipal(
      app.db,
      principal,
      actingTenantOf(request.headers),
    );
  });
};

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });

/** The identity on an authenticated route; throws 401 if a route forgot to be authenticated. */
export function requireIdentity(request: { identity: Identity | null }): Identity {
  if (!request.identity) throw unauthorized(MISSING_TOKEN_MESSAGE);
  return request.identity;
}
