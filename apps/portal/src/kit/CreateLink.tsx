import type { ReactNode } from 'react';
import { mdiPlus } from '@mdi/js';
import { Button, EmptyState, LinkButton } from '@portal/ui';
import { useManage } from '../state/permissions.ts';
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
  const { canManage, readOnlyReason } = useManage(permission);
  return canManage ? (
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

/**
 * A list's empty state that invites creating: for a role that may create, how to start and a link
 * to the create page; for the others, that what their organisation creates appears here.
 */
export function CreateEmptyState({
  icon,
  title,
  canCreate,
  hint,
  href,
  createLabel,
  plural,
}: {
  /** An `@mdi/js` path. */
  icon: string;
  /** "No virtual machines yet". */
  title: string;
  /** Whether the role may create here. */
  canCreate: boolean;
  /** For a role that may create: how to start. */
  hint: string;
  /** The create page. */
  href: string;
  /** The link's text: "Create a virtual machine". */
  createLabel: string;
  /** What the list holds, capitalised: "Virtual machines". */
  plural: string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={canCreate ? hint : `${plural} your organisation creates appear here.`}
      action={
        canCreate ? (
          <LinkButton href={href} variant="primary">
            {createLabel}
          </LinkButton>
        ) : undefined
      }
    />
  );
}
