import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActingEndBody,
  ActingStartBody,
  AdminIdParams,
  AdminRole,
  AdminRoleDetail,
  AdminUser,
  AdminUsersCsvQuery,
  AdminUsersQuery,
  AuditLogCsvQuery,
  AuditLogEntry,
  AuditLogQuery,
  CreateRole,
  DeleteUserQuery,
  Envelope,
  InvitedUser,
  InviteUser,
  isBuiltinAdministrator,
  ListPage,
  ListReply,
  TenantSummary,
  UpdateRole,
  UpdateUser,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { findTenantByCdbId } from '../../db/tenants.ts';
import { forbidden } from '../../errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { audit, audited, auditedRefusal } from '../../plugins/audit.ts';
import { sendJsonText } from '../../platform/paging.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import { errorReplies } from '../../platform/schemas.ts';
import {
  changeRole,
  changeUser,
  createRole,
  deleteUser,
  inviteUser,
  resendInvitation,
  listRoles,
  listUsers,
  logCsv,
  logPage,
  removeRole,
  resetSecondFactor,
  roleDetail,
  setDisabled,
  tenantsFor,
  actableTenant,
  targetLabel,
  usersCsv,
  type AdminDeps,
} from './service.ts';
import { lockOpenActing } from './repository.ts';

export const ADMIN_ONLY_MESSAGE =
  'Only the built-in administrator may manage users and roles or read the audit log.';

/**
 * Where the administrator's browser reaches the portal: the request's Origin (browsers send it
 * with every POST), else the address the request came to.
 */
const portalOrigin = (request: FastifyRequest): string => {
  const origin = request.headers.origin;
  return origin && /^https?:\/\/[^/\s]+$/.test(origin)
    ? origin
    : `${request.protocol}://${request.host}`;
};

const csvName = (what: string) => `${what}-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * `/admin/users`, `/admin/roles`, `/admin/log`: the built-in administrator only (403 for anyone
 * else, checked before validation); `/admin/tenants` also answers internal users (the switcher).
 */
const adminRoutes: AreaRoutes<never> = async (app, { platform }) => {
  const deps: AdminDeps = { db: app.db, identity: platform.identityAdmin, mailer: app.mailer };
  const inviterOf = (request: FastifyRequest) => {
    const { email, displayName } = callerOf(request).principal;
    return { email, displayName };
  };
  const tags = ['admin'];

  app.get(
    '/admin/tenants',
    {
      schema: {
        tags,
        summary: 'Tenants: all for the administrator, the customer tenants for provider staff',
        response: { 200: Envelope(Type.Array(TenantSummary)), ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ data: await tenantsFor(app.db, callerOf(request).principal) }),
  );

  // Acting for a customer: the start (with the reason asked in the switcher) and the end are
  // audited with both tenants; the acting itself is the `x-acting-tenant` header on each call.
  // Each start is a session of its own (one per browser tab), which its end names.
  const actingEvent = async (cdbId: string, session: string | undefined, reason?: string) => {
    const named = await findTenantByCdbId(app.db, cdbId);
    return {
      action: reason === undefined ? 'tenant.act_end' : 'tenant.act_start',
      target: `tenant:${cdbId}`,
      targetLabel: named ? `${named.name} (${cdbId})` : cdbId,
      actingTenant: cdbId,
      area: 'admin',
      // The log shows the message: the reason is read there and found by its search.
      detail: {
        ...(session ? { session } : {}),
        ...(reason === undefined ? {} : { reason, message: `Reason: ${reason}` }),
      },
    };
  };
  const startActing = async (request: FastifyRequest, cdbId: string, reason: string) => {
    const session = randomBytes(16).toString('hex');
    const tenant = await audited(request, await actingEvent(cdbId, session, reason), () =>
      actableTenant(app.db, callerOf(request).principal, cdbId),
    );
    return { data: { ...tenant, session } };
  };
  // The end is idempotent: the page sends it when it is left (pagehide) as well as from "Back",
  // so an end with no acting session open for that tenant records nothing and says so.
  const endActing = async (request: FastifyRequest, cdbId: string, session?: string) => {
    const event = await actingEvent(cdbId, session);
    const tenant = await auditedRefusal(request, event, () =>
      actableTenant(app.db, callerOf(request).principal, cdbId),
    );
    const email = request.identity?.email ?? callerOf(request).principal.email;
    const ended = await app.db.transaction(async (tx) => {
      if (!(await lockOpenActing(tx, email, cdbId, session))) return false;
      await audit(request, { ...event, result: 'success' }, tx);
      return true;
    });
    // Nothing to record, and not the generic row either.
    request.audited = true;
    return { data: { ...tenant, ended } };
  };
  const actingTenantReply = Type.Object({
    cdb_id: Type.String(),
    name: Type.String(),
    session: Type.String({ description: 'This acting session, for its end to name' }),
  });
  const typedApp = app.withTypeProvider<TypeBoxTypeProvider>();
  typedApp.post(
    '/admin/acting',
    {
      schema: {
        tags,
        summary: 'Provider staff: start acting for a customer tenant, saying why (audited)',
        body: ActingStartBody,
        response: { 200: Envelope(actingTenantReply), ...errorReplies(400, 401, 403, 404) },
      },
    },
    (request) => startActing(request, request.body.cdb_id, request.body.reason.trim()),
  );
  typedApp.post(
    '/admin/acting/end',
    {
      schema: {
        tags,
        summary:
          "Provider staff: stop acting for a customer tenant, back to one's own (audited once: " +
          'ending again, or what was never started, records nothing and answers `ended: false`)',
        body: ActingEndBody,
        response: {
          200: Envelope(
            Type.Object({
              cdb_id: Type.String(),
              name: Type.String(),
              ended: Type.Boolean({
                description: 'false: no acting for this tenant was open, nothing was recorded',
              }),
            }),
          ),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    (request) => endActing(request, request.body.cdb_id, request.body.session),
  );

  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      if (!isBuiltinAdministrator(callerOf(request).principal)) throw forbidden(ADMIN_ONLY_MESSAGE);
    });
    const typed = admin.withTypeProvider<TypeBoxTypeProvider>();

    // -- users --------------------------------------------------------------------------------
    typed.get(
      '/admin/users',
      {
        schema: {
          tags,
          summary: 'Every user: e-mail, tenant, role, state, last sign-in, second factor',
          querystring: AdminUsersQuery,
          response: { 200: ListReply(AdminUser), ...errorReplies(400, 401, 403) },
        },
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request, reply) => sendJsonText(reply, await listUsers(app.db, request.query)),
    );

    typed.get(
      '/admin/users.csv',
      {
        schema: {
          tags,
          summary: 'The users the filters let through, as CSV',
          querystring: AdminUsersCsvQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const chunks = usersCsv(app.db, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvName('users')}"`)
          .send(Readable.from(chunks));
      },
    );

    typed.post(
      '/admin/users',
      {
        schema: {
          tags,
          summary: 'Invites a user: the sign-in account and the portal user, both or neither',
          body: InviteUser,
          response: { 201: Envelope(InvitedUser), ...errorReplies(400, 401, 403, 409, 503) },
        },
      },
      async (request, reply) => {
        const data = await audited(
          request,
          {
            action: 'user.invite',
            target: request.body.email.toLowerCase(),
            targetLabel: request.body.email.toLowerCase(),
          },
          () => inviteUser(deps, request.body, portalOrigin(request), inviterOf(request)),
          ({ user, mail }) => ({
            tenant: user.tenant_cdb_id,
            role: user.role_name,
            mail_sent: mail.sent,
            mail: mail.message,
          }),
        );
        return reply.code(201).send({ data });
      },
    );

    typed.post(
      '/admin/users/:id/invitation',
      {
        schema: {
          tags,
          summary: 'E-mails a new invitation (a new set-password link) to a user not signed in yet',
          params: AdminIdParams,
          response: { 200: Envelope(InvitedUser), ...errorReplies(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          {
            action: 'user.invite-resend',
            target: `user:${request.params.id}`,
            targetLabel: await targetLabel(app.db, 'user', request.params.id),
          },
          () =>
            resendInvitation(deps, request.params.id, portalOrigin(request), inviterOf(request)),
          ({ user, mail }) => ({ email: user.email, mail_sent: mail.sent, mail: mail.message }),
        ),
      }),
    );

    typed.patch(
      '/admin/users/:id',
      {
        schema: {
          tags,
          summary: "Changes a user's role, tenant or name",
          params: AdminIdParams,
          body: UpdateUser,
          response: { 200: Envelope(AdminUser), ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          {
            action: 'user.change',
            target: `user:${request.params.id}`,
            targetLabel: await targetLabel(app.db, 'user', request.params.id),
          },
          () => changeUser(deps, request.params.id, request.body),
          (user) => ({ email: user.email, tenant: user.tenant_cdb_id, role: user.role_name }),
        ),
      }),
    );

    for (const [verb, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      typed.post(
        `/admin/users/:id/${verb}`,
        {
          schema: {
            tags,
            summary:
              verb === 'disable'
                ? 'Disables a user: every session is refused within a minute'
                : 'Enables a disabled user again',
            params: AdminIdParams,
            response: { 200: Envelope(AdminUser), ...errorReplies(400, 401, 403, 404, 409, 503) },
          },
        },
        async (request) => ({
          data: await audited(
            request,
            {
              action: `user.${verb}`,
              target: `user:${request.params.id}`,
              targetLabel: await targetLabel(app.db, 'user', request.params.id),
            },
            () => setDisabled(deps, request.params.id, disabled, callerOf(request).principal),
            (user) => ({ email: user.email }),
          ),
        }),
      );
    }

    typed.post(
      '/admin/users/:id/second-factor-reset',
      {
        schema: {
          tags,
          summary: "Removes a user's enrolled second factors",
          params: AdminIdParams,
          response: { 200: Envelope(AdminUser), ...errorReplies(400, 401, 403, 404, 503) },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          {
            action: 'user.second_factor_reset',
            target: `user:${request.params.id}`,
            targetLabel: await targetLabel(app.db, 'user', request.params.id),
          },
          () => resetSecondFactor(deps, request.params.id),
          (user) => ({ email: user.email }),
        ),
      }),
    );

    typed.delete(
      '/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'Deletes a user (their e-mail typed as `confirm`); never the last administrator',
          params: AdminIdParams,
          querystring: DeleteUserQuery,
          response: {
            200: Envelope(Type.Object({ email: Type.String() })),
            ...errorReplies(400, 401, 403, 404, 409, 503),
          },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          {
            action: 'user.delete',
            target: `user:${request.params.id}`,
            targetLabel: await targetLabel(app.db, 'user', request.params.id),
          },
          () =>
            deleteUser(deps, request.params.id, request.query.confirm, callerOf(request).principal),
          ({ email }) => ({ email }),
        ),
      }),
    );

    // -- roles --------------------------------------------------------------------------------
    typed.get(
      '/admin/roles',
      {
        schema: {
          tags,
          summary: 'Every role, built-in ones first, with how many users hold it',
          response: { 200: Envelope(Type.Array(AdminRole)), ...errorReplies(401, 403) },
        },
      },
      async () => ({ data: await listRoles(app.db) }),
    );

    typed.get(
      '/admin/roles/:id',
      {
        schema: {
          tags,
          summary: 'A role: its permission per area and the users holding it',
          params: AdminIdParams,
          response: { 200: Envelope(AdminRoleDetail), ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await roleDetail(app.db, request.params.id) }),
    );

    typed.post(
      '/admin/roles',
      {
        schema: {
          tags,
          summary: 'Creates a custom role',
          body: CreateRole,
          response: { 201: Envelope(AdminRole), ...errorReplies(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const data = await audited(
          request,
          {
            action: 'role.create',
            target: `role:${request.body.name.trim()}`,
            targetLabel: request.body.name.trim(),
          },
          () => createRole(app.db, request.body),
          (role) => ({ permissions: role.permissions }),
        );
        return reply.code(201).send({ data });
      },
    );

    typed.patch(
      '/admin/roles/:id',
      {
        schema: {
          tags,
          summary: 'Renames a custom role or changes its permissions (in effect within a minute)',
          params: AdminIdParams,
          body: UpdateRole,
          response: { 200: Envelope(AdminRole), ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          {
            action: 'role.change',
            target: `role:${request.params.id}`,
            targetLabel: await targetLabel(app.db, 'role', request.params.id),
          },
          () => changeRole(app.db, request.params.id, request.body),
          (role) => ({ name: role.name, permissions: role.permissions }),
        ),
      }),
    );

    typed.delete(
      '/admin/roles/:id',
      {
        schema: {
          tags,
          summary: 'Deletes a custom role nobody holds',
          params: AdminIdParams,
          response: {
            200: Envelope(Type.Object({ name: Type.String() })),
            ...errorReplies(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => ({
        data: await audited(
          request,
          {
            action: 'role.delete',
            target: `role:${request.params.id}`,
            targetLabel: await targetLabel(app.db, 'role', request.params.id),
          },
          () => removeRole(app.db, request.params.id),
          ({ name }) => ({ name }),
        ),
      }),
    );

    // -- the audit log -------------------------------------------------------------------------
    typed.get(
      '/admin/log',
      {
        schema: {
          tags,
          summary: 'The audit log, newest first, a page at a time, filtered',
          querystring: AuditLogQuery,
          response: {
            200: Type.Object({ data: Type.Array(AuditLogEntry), page: ListPage }),
            ...errorReplies(400, 401, 403),
          },
        },
      },
      async (request) => logPage(app.db, request.query),
    );

    typed.get(
      '/admin/log.csv',
      {
        schema: {
          tags,
          summary: 'Exactly the filtered audit entries, as CSV (streamed)',
          querystring: AuditLogCsvQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const chunks = logCsv(app.db, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvName('audit-log')}"`)
          .send(Readable.from(chunks));
      },
    );
  });
};

export default adminRoutes;
