// Who may do what (section 6): plain functions and constants without the schema library, so the
// portal can use them without downloading TypeBox. The schemas are in permissions.ts and user.ts.
import {
  ADMINISTRATOR_ROLE,
  INTERNAL_TENANT_CDB_IDS,
  POC_TENANT_CDB_ID,
  SUPER_TENANT_CDB_ID,
} from './constants.ts';
import type { PermissionLevel, Permissions } from './permissions.ts';
import type { CurrentUser } from './user.ts';

/**
 * The areas a role's permissions speak about: the route names of the customer-facing areas.
 * Administration (`/admin`, users, roles, log) is not among them: only the built-in
 * administrator may use it (section 6).
 */
export const PERMISSION_AREAS = [
  'compute',
  'vwseries',
  'backup',
  'networking',
  'storage',
  'monitoring',
  'license',
  'crowdstrike',
  'phishing-prevention',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** How sentences name each area: "Your role may not change endpoint security." */
export const PERMISSION_AREA_NAMES: Readonly<Record<PermissionArea, string>> = {
  compute: 'compute',
  vwseries: 'vwseries',
  backup: 'backup',
  networking: 'networking',
  storage: 'storage',
  monitoring: 'monitoring',
  license: 'licences',
  crowdstrike: 'endpoint security',
  'phishing-prevention': 'phishing prevention',
};

/** How headings and labels name each area: "Endpoint security". */
export const PERMISSION_AREA_TITLES: Readonly<Record<PermissionArea, string>> = {
  compute: 'Compute',
  vwseries: 'VW series',
  backup: 'Backup',
  networking: 'Networking',
  storage: 'Storage',
  monitoring: 'Monitoring',
  license: 'Licences',
  crowdstrike: 'Endpoint security',
  'phishing-prevention': 'Phishing prevention',
};

/** The server's and the portal's sentence for a role without the level an area needs. */
export const permissionDeniedMessage = (area: PermissionArea, level: PermissionLevel): string =>
  `Your role may not ${level === 'read' ? 'see' : 'change'} ${PERMISSION_AREA_NAMES[area]}.`;

/** The same level on every area (the demo roles Operator and Viewer). */
export const permissionsOnAllAreas = (level: PermissionLevel): Permissions =>
  Object.fromEntries(PERMISSION_AREAS.map((area) => [area, level]));

/**
 * Whether a role may `read` or `manage` an area. The built-in administrator may do everything;
 * `manage` implies `read`.
 */
export function hasPermission(
  role: { name: string; builtin: boolean; permissions: Permissions },
  area: PermissionArea,
  level: PermissionLevel,
): boolean {
  if (role.builtin && role.name === ADMINISTRATOR_ROLE) return true;
  const granted = role.permissions[area];
  return granted === 'manage' || (granted === 'read' && level === 'read');
}

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
