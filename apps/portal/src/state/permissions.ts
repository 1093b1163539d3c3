import { useSnapshot } from 'valtio';
import {
  hasPermission,
  type CurrentUser,
  type PermissionArea,
  type PermissionLevel,
} from '@portal/api/contract';
import { session } from '../services.ts';
import type { AreaPermission } from '../kit/area.tsx';

/** What the signed-in user may do in an area: `unknown` until their record has loaded. */
export type Can = 'unknown' | 'allowed' | 'denied';

/** The decision for one user; a user not (yet) known is `unknown`. */
export function canFor(
  user: Pick<CurrentUser, 'role'> | null | undefined,
  area: PermissionArea,
  level: PermissionLevel,
): Can {
  if (!user?.role?.permissions) return 'unknown';
  return hasPermission(user.role, area, level) ? 'allowed' : 'denied';
}

/** Whether the signed-in user may do `level` in `area`, or `unknown` while their record loads. */
export function useCanState(area: PermissionArea, level: PermissionLevel): Can {
  const { user } = useSnapshot(session);
  return canFor(user as CurrentUser | null, area, level);
}

/**
 * Whether the signed-in user may do `level` in `area`. While the user is not yet known this is
 * false, so manage actions render disabled (not hidden) and simply enable once it is known.
 * The server enforces the same rule; this only spares people an action bound to fail.
 */
export const useCan = (area: PermissionArea, level: PermissionLevel): boolean =>
  useCanState(area, level) === 'allowed';

/**
 * The tooltip for a manage action: the area's own sentence (its manifest's permission) when the
 * role may only look, else nothing.
 */
export function useManageReason(permission: AreaPermission): string | undefined {
  return useCanState(permission.area, 'manage') === 'denied' ? permission.readOnly : undefined;
}

/**
 * `useCan(area, 'manage')` and `useManageReason` of one area's permission together: whether the
 * role may change things there, and, when it may only look, the sentence its actions show.
 */
export function useManage(permission: AreaPermission): {
  canManage: boolean;
  readOnlyReason: string | undefined;
} {
  const can = useCanState(permission.area, 'manage');
  return {
    canManage: can === 'allowed',
    readOnlyReason: can === 'denied' ? permission.readOnly : undefined,
  };
}
