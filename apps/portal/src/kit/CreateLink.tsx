import type { ReactNode } from 'react';
import { mdiPlus } from '@mdi/js';
import { Button, LinkButton } from '@portal/ui';
import { useCanState, useManageReason } from '../state/permissions.ts';
import type { AreaPermission } from './area.tsx';

/**
 * A list page's "Create" action: a link to the create page for a role that may manage the area;
 * else a disabled button. While the role loads there is no reason yet (plainly disabled); then
 * the area's sentence, reachable by keyboard and read with the button.
 */
export function CreateLink({
  href,
  permission,
  children = 'Create',
}: {
  href: string;
  permission: AreaPermission;
  children?: ReactNode;
}) {
  const allowed = useCanState(permission.area, 'manage') === 'allowed';
  const readOnlyReason = useManageReason(permission);
  return allowed ? (
    <LinkButton href={href} variant="primary" leadingIcon={mdiPlus}>
      {children}
    </LinkButton>
  ) : (
    <Button
      variant="primary"
      leadingIcon={mdiPlus}
      disabled={!readOnlyReason}
      disabledReason={readOnlyReason}
    >
      {children}
    </Button>
  );
}
