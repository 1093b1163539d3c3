import { lazy, Suspense, useState, type ComponentType, type KeyboardEvent } from 'react';
import { retryingImport } from '../internal/retryingImport.ts';
import { mdiDotsVertical } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import type { RowActionsProps } from './RowActionsMenu.tsx';

// Radix Dropdown Menu (and its layers, focus handling, positioning) is not needed to show a list:
// it loads when a row's menu is first pointed at, focused or opened. Once loaded, every row renders
// the menu at once.
const load = retryingImport(() => import('./RowActionsMenu.tsx'));
let loaded: ComponentType<RowActionsProps> | null = null;
const preload = () => {
  void load().then((module) => {
    loaded = module.default;
  });
};
const LazyMenu = lazy(load);

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * A row's actions: a kebab button opening a menu. An action with a `disabledReason` stays in the
 * arrow-key order (`aria-disabled`), shows the reason under its label and does nothing.
 */
export function RowActions(props: Omit<RowActionsProps, 'openedBy'>) {
  const [openedBy, setOpenedBy] = useState<RowActionsProps['openedBy']>(undefined);
  // Decided once per row: swapping a mounted button for the menu's would drop its focus.
  const [Menu] = useState(() => loaded);
  const { actions, label, inGrid = false } = props;
  if (Menu) return <Menu {...props} />;
  // The same button Radix's trigger renders; the press that opens it is handed to the menu.
  const button = (
    <IconButton
      size="small"
      icon={mdiDotsVertical}
      aria-label={`Actions for ${label}`}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      tabIndex={inGrid ? -1 : undefined}
      disabled={actions.length === 0}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix does: the menu, not the button, takes focus.
        event.preventDefault();
        setOpenedBy('pointer');
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        setOpenedBy('keyboard');
      }}
    />
  );
  if (!openedBy) return button;
  return (
    <Suspense fallback={button}>
      <LazyMenu {...props} openedBy={openedBy} />
    </Suspense>
  );
}
