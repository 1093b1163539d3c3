// Administration constants the portal's first paint needs (no schema library).
import { PERMISSION_AREAS } from './access.ts';

/** The request header an internal user sends to act for a customer tenant (its cdb_id). */
export const ACTING_TENANT_HEADER = 'x-acting-tenant';

/** A user's state: invited (no password yet), active, or disabled (every session refused). */
export const USER_STATES = ['invited', 'active', 'disabled'] as const;
export type UserState = (typeof USER_STATES)[number];

/** The results an audit entry can have. */
export const AUDIT_RESULTS = ['success', 'failure', 'denied'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** The areas audit entries are filed under: the permission areas, administration and sign-in. */
export const AUDIT_AREAS = ['account', 'admin', ...PERMISSION_AREAS, 'task'] as const;

/** A permission level as the role editor offers it: `none` leaves the area out. */
export const ROLE_LEVELS = ['none', 'read', 'manage'] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];
