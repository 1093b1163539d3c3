import { Type, type Static } from 'typebox';
import { ADMINISTRATOR_ROLE } from './constants.ts';

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

/** `read` sees an area; `manage` also changes things in it. */
export const PermissionLevel = Type.Union([Type.Literal('read'), Type.Literal('manage')]);
export type PermissionLevel = Static<typeof PermissionLevel>;

/** A role's permissions, area by area; an area that is absent is not accessible. */
export const Permissions = Type.Partial(
  Type.Object({
    compute: PermissionLevel,
    vwseries: PermissionLevel,
    backup: PermissionLevel,
    networking: PermissionLevel,
    storage: PermissionLevel,
    monitoring: PermissionLevel,
    license: PermissionLevel,
    crowdstrike: PermissionLevel,
    'phishing-prevention': PermissionLevel,
  }),
  { $id: 'Permissions' },
);
export type Permissions = Static<typeof Permissions>;

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
