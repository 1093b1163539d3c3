// The row action menu proper (Radix Dropdown Menu), loaded on the first opening of any row's
// menu (see RowActions.tsx).
import { mdiDotsVertical } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Menu } from '../Menu/Menu.tsx';
import type { DataTableRowAction } from './DataTable.types.ts';

export interface RowActionsProps {
  actions: DataTableRowAction[];
  /** The row's name: "Actions for {label}". */
  label: string;
  /** In a grid cell the grid's roving focus gives the button its tab stop. */
  inGrid?: boolean;
  /** Opened by the first press on the kebab: start open, focus on the first item for keys. */
  openedBy?: 'pointer' | 'keyboard' | undefined;
}

/**
 * A row's actions: a kebab button opening a menu. An action with a `disabledReason` stays in the
 * arrow-key order (`aria-disabled`), shows the reason under its label and does nothing.
 */
export default function RowActionsMenu({
  actions,
  label,
  inGrid = false,
  openedBy,
}: RowActionsProps) {
  return (
    <Menu.Root defaultOpen={openedBy !== undefined}>
      <Menu.Trigger>
        <IconButton
          size="small"
          icon={mdiDotsVertical}
          aria-label={`Actions for ${label}`}
          tabIndex={inGrid ? -1 : undefined}
          disabled={actions.length === 0}
        />
      </Menu.Trigger>
      <Menu.Content
        aria-label={`Actions for ${label}`}
        onOpenAutoFocus={(event) => {
          // Radix puts keyboard focus on the first item only for a keypress it saw itself.
          if (openedBy !== 'keyboard' || !(event.target instanceof HTMLElement)) return;
          const first = event.target.querySelector<HTMLElement>('[role="menuitem"]');
          if (!first) return;
          event.preventDefault();
          first.focus({ preventScroll: true });
        }}
      >
        <Menu.Actions actions={actions} />
      </Menu.Content>
    </Menu.Root>
  );
}
