import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasPermission,
  permissionDeniedMessage,
  type PermissionArea,
  type PermissionLevel,
} from '@portal/api/contract';
import type { UserRecord } from '../db/users.ts';
import { forbidden } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The area and level a route needs; checked before validation and the handler. */
    access?: { area: PermissionArea; level: PermissionLevel };
  }
}

export const NO_PORTAL_USER_MESSAGE =
  'Your sign-in is valid, but you have no portal account. Ask your administrator for one.';

/** Who is calling, as the services see it: always a portal user in one tenant. */
export interface Caller {
  tenantId: number;
  tenantCdbId: string;
  email: string;
  principal: UserRecord;
}

/** The caller of an authenticated route; 403 for a signed-in identity without a portal user. */
export function callerOf(request: FastifyRequest): Caller {
  const principal = request.principal;
  if (!principal) throw forbidden(NO_PORTAL_USER_MESSAGE);
  return {
    tenantId: principal.tenant.id,
    tenantCdbId: principal.tenant.cdb_id,
    email: principal.email,
    principal,
  };
}

/**
 * Role permissions (ADR 008), enforced where a route declares `config.access`: the caller needs
 * a portal user whose role may read, or manage, the area.
 */
const accessPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const { principal } = callerOf(request);
    if (!hasPermission(principal.role, access.area, access.level))
      throw forbidden(permissionDeniedMessage(access.area, access.level));
  });
};

export default fp(accessPlugin, { name: 'access', fastify: '5.x', dependencies: ['auth'] });
