import { Type, type Static } from 'typebox';
import {
  ADMINISTRATOR_ROLE,
  INTERNAL_TENANT_CDB_IDS,
  POC_TENANT_CDB_ID,
  SUPER_TENANT_CDB_ID,
} from './constants.ts';
import { PERMISSION_AREAS, Permissions } from './permissions.ts';

export const Tenant = Type.Object({
  cdb_id: Type.String({ description: 'Tenant code, e.g. UZZ999999.' }),
  name: Type.String(),
});
export type Tenant = Static<typeof Tenant>;

export const Role = Type.Object({
  name: Type.String(),
  builtin: Type.Boolean(),
  /** The role's effective permissions; the built-in administrator manages every area. */
  permissions: Permissions,
});
export type Role = Static<typeof Role>;

/** `GET /services/user/{email}` */
export const CurrentUser = Type.Object(
  { email: Type.String(), tenant: Tenant, role: Role },
  { $id: 'CurrentUser' },
);
export type CurrentUser = Static<typeof CurrentUser>;

export const UserParams = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' }),
});
export type UserParams = Static<typeof UserParams>;

type UserLike = Pick<CurrentUser, 'tenant' | 'role'>;

/** Section 6: the super-tenant user, the only one allowed on /monitoring/create. */
export const isSuperTenantUser = (user: UserLike): boolean =>
  user.tenant.cdb_id === SUPER_TENANT_CDB_ID;

/** Section 6: the provider's own staff. */
export const isInternalUser = (user: UserLike): boolean =>
  (INTERNAL_TENANT_CDB_IDS as readonly string[]).includes(user.tenant.cdb_id);

/** Section 6: a proof-of-concept customer. */
export const isPocUser = (user: UserLike): boolean => user.tenant.cdb_id === POC_TENANT_CDB_ID;

/**
 * The permissions a role actually has: the built-in administrator manages every area
 * (as `hasPermission` decides); any other role has exactly what it was given.
 */
export const effectivePermissions = (role: {
  name: string;
  builtin: boolean;
  permissions: Permissions;
}): Permissions =>
  role.builtin && role.name === ADMINISTRATOR_ROLE
    ? Object.fromEntries(PERMISSION_AREAS.map((area) => [area, 'manage']))
    : { ...role.permissions };

/** Section 6: the built-in administrator, the only one on /user, /role, /log. */
export const isBuiltinAdministrator = (user: UserLike): boolean =>
  user.role.name === ADMINISTRATOR_ROLE && user.role.builtin;
