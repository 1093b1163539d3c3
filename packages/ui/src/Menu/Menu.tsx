import { forwardRef, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Icon } from '@portal/icons';
import { useControllableState } from '../internal/useControllableState.ts';
import {
  ItemText,
  StyledContent,
  StyledItem,
  StyledLabel,
  StyledSeparator,
} from './Menu.styles.ts';

export interface MenuRootProps {
  /** Whether the menu is open (controlled). */
  open?: boolean;
  /** Whether the menu starts open (uncontrolled). Defaults to false. */
  defaultOpen?: boolean;
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** A `Menu.Trigger` and a `Menu.Content`. */
  children: ReactNode;
}

function Root({ open, defaultOpen = false, onOpenChange, children }: MenuRootProps) {
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  // Not modal: a menu (unlike a dialog) leaves the page readable. A modal one hides the rest of
  // the page with aria-hidden, trigger included, so a focusable element sits in hidden content.
  return (
    <RadixMenu.Root open={isOpen} onOpenChange={setOpen} modal={false}>
      {children}
    </RadixMenu.Root>
  );
}

export interface MenuTriggerProps {
  /**
   * The button that opens the menu: one element, usually an `IconButton` (with `aria-label`) or
   * a `Button`. It receives `aria-haspopup`, `aria-expanded` and the ref (Radix `asChild`).
   */
  children: ReactElement;
}

const Trigger = forwardRef<HTMLButtonElement, MenuTriggerProps>(function MenuTrigger(
  { children },
  ref,
) {
  return (
    <RadixMenu.Trigger asChild ref={ref}>
      {children}
    </RadixMenu.Trigger>
  );
});

export interface MenuContentProps extends HTMLAttributes<HTMLDivElement> {
  /** Alignment against the trigger; defaults to `end` (menus of row actions open leftwards). */
  align?: 'start' | 'center' | 'end';
  /** Preferred side; it flips when there is no room. Defaults to `bottom`. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** The items, separators and labels. */
  children: ReactNode;
  /** Called as the menu takes focus on opening; `preventDefault()` to put focus elsewhere. */
  onOpenAutoFocus?: (event: Event) => void;
}

/** The floating list, portalled to `<body>` and kept on screen. Arrow keys, Home/End, typeahead. */
const Content = forwardRef<HTMLDivElement, MenuContentProps>(function MenuContent(
  { align = 'end', side = 'bottom', ...rest },
  ref,
) {
  return (
    <RadixMenu.Portal>
      <StyledContent
        {...rest}
        ref={ref}
        align={align}
        side={side}
        sideOffset={4}
        collisionPadding={8}
        loop
      />
    </RadixMenu.Portal>
  );
});

export interface MenuItemProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onSelect'> {
  /** An icon before the text: an `@mdi/js` path. */
  icon?: string;
  /** `danger` colours the item red, for destructive actions. Defaults to `default`. */
  tone?: 'default' | 'danger';
  /** Shown but not selectable; skipped by the arrow keys. */
  disabled?: boolean;
  /** Called when the item is chosen by click, Enter or Space. The menu then closes. */
  onSelect?: (event: Event) => void;
  /** Text for typeahead when the children are not plain text. */
  textValue?: string;
  /** The item's text. */
  children: ReactNode;
}

const Item = forwardRef<HTMLDivElement, MenuItemProps>(function MenuItem(
  { icon, tone = 'default', children, ...rest },
  ref,
) {
  return (
    <StyledItem {...rest} ref={ref} data-tone={tone}>
      {icon && <Icon path={icon} size={20} />}
      <ItemText>{children}</ItemText>
    </StyledItem>
  );
});

export type MenuSeparatorProps = HTMLAttributes<HTMLDivElement>;

/** A line between groups of items. */
const Separator = forwardRef<HTMLDivElement, MenuSeparatorProps>(
  function MenuSeparator(props, ref) {
    return <StyledSeparator {...props} ref={ref} />;
  },
);

export type MenuLabelProps = HTMLAttributes<HTMLDivElement>;

/** A small heading over a group of items; not focusable. */
const Label = forwardRef<HTMLDivElement, MenuLabelProps>(function MenuLabel(props, ref) {
  return <StyledLabel {...props} ref={ref} />;
});

/**
 * An action menu over Radix Dropdown Menu:
 *
 * ```tsx
 * <Menu.Root>
 *   <Menu.Trigger><IconButton icon={mdiDotsVertical} aria-label="Actions for web-01" /></Menu.Trigger>
 *   <Menu.Content>
 *     <Menu.Item icon={mdiPlay} onSelect={start}>Start</Menu.Item>
 *     <Menu.Separator />
 *     <Menu.Item icon={mdiDelete} tone="danger" onSelect={remove}>Delete</Menu.Item>
 *   </Menu.Content>
 * </Menu.Root>
 * ```
 */
export const Menu = { Root, Trigger, Content, Item, Separator, Label };
