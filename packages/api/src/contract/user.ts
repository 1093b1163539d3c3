import { Type, type Static } from 'typebox';
import { Permissions } from './permissions.ts';

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
  {
    email: Type.String(),
    tenant: Tenant,
    role: Role,
    home_tenant: Type.Optional(
      Type.Object(Tenant.properties, {
        description: "The user's own tenant, when they act for the tenant in `tenant`.",
      }),
    ),
  },
  { $id: 'CurrentUser' },
);
export type CurrentUser = Static<typeof CurrentUser>;

export const UserParams = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' }),
});
export type UserParams = Static<typeof UserParams>;
