// The current-user record's shape, checked by hand: the portal checks what the server answered
// before it trusts it (specification §8, 'Invalid user data received'), without downloading TypeBox.
import type { CurrentUser, Tenant } from './user.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isTenant = (value: unknown): value is Tenant =>
  isRecord(value) && typeof value.cdb_id === 'string' && typeof value.name === 'string';

const isPermissions = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((level) => level === 'read' || level === 'manage');

/** Whether a reply of `GET /services/user/{email}` has the shape of a current user. */
export function isCurrentUser(value: unknown): value is CurrentUser {
  if (!isRecord(value)) return false;
  const { email, tenant, role, home_tenant: home } = value;
  return (
    typeof email === 'string' &&
    isTenant(tenant) &&
    isRecord(role) &&
    typeof role.name === 'string' &&
    typeof role.builtin === 'boolean' &&
    isPermissions(role.permissions) &&
    (home === undefined || isTenant(home))
  );
}
