import { useEffect, useId, useRef, useState } from 'react';
import { mdiViewColumnOutline } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { Checkbox, MenuAnchor, MenuHint, MenuOption, MenuPanel } from './DataTable.styles.ts';

export interface ColumnMenuItem {
  id: string;
  label: string;
  visible: boolean;
  /** False for columns that must stay (not `hideable`, or the last one shown). */
  canToggle: boolean;
  /** Left out because the table is too narrow; checking it shows it (and others drop instead). */
  fitHidden?: boolean;
}

interface ColumnMenuProps {
  items: readonly ColumnMenuItem[];
  onToggle: (id: string, visible: boolean) => void;
}

/**
 * "Columns": a disclosure button and a small popover of checkboxes. Focus moves to the first
 * checkbox on open; Tab moves through them; Escape, or a click or focus outside, closes it and
 * Escape returns focus to the button.
 */
export function ColumnMenu({ items, onToggle }: ColumnMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && anchorRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  return (
    <MenuAnchor
      ref={anchorRef}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
      }}
    >
      <Button
        ref={buttonRef}
        variant="outlined"
        tone="secondary"
        size="small"
        leadingIcon={mdiViewColumnOutline}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        Columns
      </Button>
      {open && (
        <MenuPanel ref={panelRef} id={panelId}>
          <fieldset>
            <legend>Show columns</legend>
            {items.map((item) => (
              <MenuOption key={item.id} data-disabled={!item.canToggle}>
                <Checkbox
                  checked={item.visible}
                  disabled={!item.canToggle}
                  onChange={(event) => onToggle(item.id, event.currentTarget.checked)}
                />
                {item.label}
                {item.fitHidden && <MenuHint>hidden to fit</MenuHint>}
              </MenuOption>
            ))}
          </fieldset>
        </MenuPanel>
      )}
    </MenuAnchor>
  );
}
