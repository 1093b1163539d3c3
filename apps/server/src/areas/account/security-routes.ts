import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountSecurity,
  Envelope,
  TenantParams,
  TenantSecondFactorPolicy,
  TenantSecondFactorPolicyUpdate,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { requireIdentity } from '../../plugins/auth.ts';
import { audited } from '../../plugins/audit.ts';
import { invalidateAllPrincipals } from '../../plugins/principal-cache.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { accountSecurity, listSecondFactorPolicies, setSecondFactorPolicy } from './security.ts';

/** The caller's second-factor status, and the tenants' second-factor policies. */
const securityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/account/security',
    {
      // A user who must enrol a second factor has to be able to learn that.
      config: { withoutSecondFactor: true },
      schema: {
        tags: ['account'],
        summary: "Whether the caller's tenant requires a second factor, and whether they used one",
        response: { 200: Envelope(AccountSecurity), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: accountSecurity(requireIdentity(request), request.principal) }),
  );

  app.get(
    '/admin/tenants/second-factor',
    {
      schema: {
        tags: ['account'],
        summary: "Every tenant's second-factor policy (built-in administrator only)",
        response: {
          200: Envelope(Type.Array(TenantSecondFactorPolicy)),
          ...errorReplies(401, 403),
        },
      },
    },
    async (request) => ({ data: await listSecondFactorPolicies(app.db, request.principal) }),
  );

  app.put(
    '/admin/tenants/:cdb_id/second-factor',
    {
      schema: {
        tags: ['account'],
        summary: "Require a second factor for a tenant's users, or stop requiring it",
        params: TenantParams,
        body: TenantSecondFactorPolicyUpdate,
        response: {
          200: Envelope(TenantSecondFactorPolicy),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { cdb_id } = request.params;
      const required = request.body.require_second_factor;
      const policy = await audited(
        request,
        {
          action: 'tenant.second-factor-policy',
          target: cdb_id,
          detail: { require_second_factor: required },
        },
        () => setSecondFactorPolicy(app.db, request.principal, cdb_id, required),
      );
      // The tenant's users are remembered with the old policy; they follow the new one at once.
      invalidateAllPrincipals();
      return { data: policy };
    },
  );
};

export default securityRoutes;
