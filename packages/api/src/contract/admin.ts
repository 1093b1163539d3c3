// Administration (ours): users, roles and the audit log, for the built-in administrator only;
// and the tenants an internal user may act for.
import { Type, type Static } from 'typebox';
import { DateTime, Id, ListPagingFields, Nullable, ClosedObject, PatchBody } from './common.ts';
import { Permissions } from './permissions.ts';

const Email = Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' });
const CdbId = Type.String({
  pattern: '^[A-Z]{3}\\d{6}$',
  description: 'Tenant code, e.g. UZZ100001.',
});
const UserStateSchema = Type.Union([
  Type.Literal('invited'),
  Type.Literal('active'),
  Type.Literal('disabled'),
]);

/** A row of `GET /admin/users`. */
export const AdminUser = Type.Object(
  {
    id: Id,
    email: Type.String(),
    display_name: Type.String(),
    tenant_cdb_id: Type.String(),
    tenant_name: Type.String(),
    role_id: Id,
    role_name: Type.String(),
    state: UserStateSchema,
    last_sign_in: Nullable(DateTime),
    second_factor: Type.Boolean({ description: 'Whether a second factor is enrolled.' }),
    created_at: DateTime,
  },
  { $id: 'AdminUser' },
);
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserFilters = {
  tenant: Type.Optional(CdbId),
  role: Type.Optional(Id),
  state: Type.Optional(UserStateSchema),
};

/** `GET /admin/users`: paging, search over e-mail and name, and filters. */
export const AdminUsersQuery = Type.Object({ ...ListPagingFields, ...AdminUserFilters });
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

export const AdminUsersCsvQuery = Type.Object({
  q: ListPagingFields.q,
  ...AdminUserFilters,
});
export type AdminUsersCsvQuery = Static<typeof AdminUsersCsvQuery>;

export const AdminIdParams = Type.Object({ id: Id });
export type AdminIdParams = Static<typeof AdminIdParams>;

/** `POST /admin/users`: invites a user; they set a password through the link. */
export const InviteUser = ClosedObject('InviteUser', {
  email: Email,
  display_name: Type.Optional(Type.String({ maxLength: 120 })),
  tenant: CdbId,
  role_id: Id,
});
export type InviteUser = Static<typeof InviteUser>;

export const InvitationMail = Type.Object(
  {
    sent: Type.Boolean({ description: 'The relay took the invitation e-mail.' }),
    message: Type.String({ description: 'What happened to the e-mail, as a sentence.' }),
  },
  { $id: 'InvitationMail' },
);
export type InvitationMail = Static<typeof InvitationMail>;

export const InvitedUser = Type.Object({
  user: AdminUser,
  invite_link: Type.String({
    description: 'Where the invitee sets a password (e-mailed to them; shown this once).',
  }),
  mail: InvitationMail,
});
export type InvitedUser = Static<typeof InvitedUser>;

/** `PATCH /admin/users/{id}`: another role or tenant. */
export const UpdateUser = PatchBody('UpdateUser', {
  role_id: Type.Optional(Id),
  tenant: Type.Optional(CdbId),
  display_name: Type.Optional(Type.String({ maxLength: 120 })),
});
export type UpdateUser = Static<typeof UpdateUser>;

/** `DELETE /admin/users/{id}?confirm=<e-mail>`: the e-mail typed again. */
export const DeleteUserQuery = Type.Object({
  confirm: Type.String({ minLength: 1, maxLength: 320, description: "The user's e-mail, typed." }),
});
export type DeleteUserQuery = Static<typeof DeleteUserQuery>;

/** A row of `GET /admin/roles`. */
export const AdminRole = Type.Object(
  {
    id: Id,
    name: Type.String(),
    builtin: Type.Boolean(),
    permissions: Permissions,
    users: Type.Integer({ minimum: 0, description: 'How many users hold it.' }),
  },
  { $id: 'AdminRole' },
);
export type AdminRole = Static<typeof AdminRole>;

export const RoleHolder = Type.Object({
  id: Id,
  email: Type.String(),
  tenant_cdb_id: Type.String(),
  state: UserStateSchema,
});
export type RoleHolder = Static<typeof RoleHolder>;

/** `GET /admin/roles/{id}`: the permission matrix and who holds the role. */
export const AdminRoleDetail = Type.Object({ role: AdminRole, holders: Type.Array(RoleHolder) });
export type AdminRoleDetail = Static<typeof AdminRoleDetail>;

const RoleName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });

/** `POST /admin/roles` */
export const CreateRole = ClosedObject('CreateRole', { name: RoleName, permissions: Permissions });
export type CreateRole = Static<typeof CreateRole>;

/** `PATCH /admin/roles/{id}` */
export const UpdateRole = PatchBody('UpdateRole', {
  name: Type.Optional(RoleName),
  permissions: Type.Optional(Permissions),
});
export type UpdateRole = Static<typeof UpdateRole>;

/** A row of `GET /admin/log`: e-mail addresses and tenant codes, never internal ids. */
export const AuditLogEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    at: DateTime,
    user: Nullable(Type.String({ description: 'Who: an e-mail, null before sign-in.' })),
    tenant: Nullable(Type.String({ description: "The actor's own tenant." })),
    acted_for: Nullable(Type.String({ description: 'The tenant acted for.' })),
    area: Nullable(Type.String()),
    action: Type.String(),
    target: Nullable(Type.String({ description: 'What it was done to, as an id: user:9, vm:3.' })),
    target_label: Nullable(
      Type.String({
        description:
          "The target as people knew it when it was done: the user's e-mail, the VM's name.",
      }),
    ),
    result: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('denied')]),
    message: Nullable(Type.String()),
    address: Nullable(Type.String()),
  },
  { $id: 'AuditLogEntry' },
);
export type AuditLogEntry = Static<typeof AuditLogEntry>;

const AuditFilterFields = {
  users: Type.Optional(
    Type.String({ maxLength: 4000, description: 'E-mail addresses, separated by commas.' }),
  ),
  tenant: Type.Optional(CdbId),
  area: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z-]+$' })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  result: Type.Optional(
    Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('denied')]),
  ),
  from: Type.Optional(DateTime),
  to: Type.Optional(DateTime),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Text in the user, the action, the target (its id or name) or the message.',
    }),
  ),
};

/** `GET /admin/log`: newest first, one page at a time (keyset). */
export const AuditLogQuery = Type.Object({
  limit: ListPagingFields.limit,
  cursor: ListPagingFields.cursor,
  ...AuditFilterFields,
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** `GET /admin/log.csv`: exactly the filtered rows. */
export const AuditLogCsvQuery = Type.Object(AuditFilterFields);
export type AuditLogCsvQuery = Static<typeof AuditLogCsvQuery>;

/** A tenant as the administration and the tenant switcher list them. */
export const TenantSummary = Type.Object(
  {
    cdb_id: Type.String(),
    name: Type.String(),
    kind: Type.Union([
      Type.Literal('provider'),
      Type.Literal('internal'),
      Type.Literal('poc'),
      Type.Literal('customer'),
    ]),
  },
  { $id: 'TenantSummary' },
);
export type TenantSummary = Static<typeof TenantSummary>;

/** How long the reason for acting for a customer may be. */
export const ACTING_REASON_MAX = 500;

/**
 * `POST /admin/acting`: provider staff start acting for a customer tenant, saying why (the
 * audit log keeps the reason with both tenants).
 */
export const ActingStartBody = ClosedObject('ActingStartBody', {
  cdb_id: Type.String({ pattern: '^[A-Z]{3}\\d{6}$', description: 'The customer tenant' }),
  reason: Type.String({
    minLength: 3,
    maxLength: ACTING_REASON_MAX,
    pattern: '\\S',
    description: 'Why, e.g. the ticket being worked on',
  }),
});
export type ActingStartBody = Static<typeof ActingStartBody>;

/** An acting session's id, as `POST /admin/acting` answers it. */
export const ACTING_SESSION_PATTERN = '^[0-9a-f]{32}$';

/** `POST /admin/acting/end`: back to one's own tenant. */
export const ActingEndBody = ClosedObject('ActingEndBody', {
  cdb_id: Type.String({ pattern: '^[A-Z]{3}\\d{6}$', description: 'The customer tenant' }),
  session: Type.Optional(
    Type.String({
      pattern: ACTING_SESSION_PATTERN,
      description:
        'The session its start answered: each browser tab ends its own. Without it, the ' +
        "user's last acting for the tenant is ended.",
    }),
  ),
});
export type ActingEndBody = Static<typeof ActingEndBody>;
