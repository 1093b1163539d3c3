import {
  forwardRef,
  Fragment,
  useId,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Icon } from '@portal/icons';
import { asChildPart } from '../internal/asChildPart.tsx';
import { useOpenState } from '../internal/useControllableState.ts';
import {
  ItemReason,
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

function Root({ open, defaultOpen, onOpenChange, children }: MenuRootProps) {
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });
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

const Trigger = asChildPart<MenuTriggerProps>(RadixMenu.Trigger, 'MenuTrigger');

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

export interface MenuAction {
  /** Stable, unique within the menu. */
  id: string;
  /** The item's text ("Restart"). */
  label: string;
  /** An icon before the text: an `@mdi/js` path. */
  icon?: string;
  /** Called when the action is chosen (click, Enter or Space). */
  onSelect: () => void;
  /** Why the action is unavailable: the item stays focusable, shows the reason and does nothing. */
  disabledReason?: string;
  /** `danger` colours the item red, for destructive actions. Defaults to `default`. */
  tone?: 'default' | 'danger';
}

export interface MenuActionsProps {
  /** One item per action, in this order. */
  actions: readonly MenuAction[];
}

/**
 * An item per action. An action with a `disabledReason` stays in the arrow-key order
 * (`aria-disabled`), shows the reason under its label and does nothing.
 */
function Actions({ actions }: MenuActionsProps) {
  const idPrefix = useId();
  return actions.map((action) => {
    const reasonId = `${idPrefix}-${action.id}`;
    return (
      <Fragment key={action.id}>
        <Item
          icon={action.icon}
          tone={action.tone ?? 'default'}
          textValue={action.label}
          aria-disabled={action.disabledReason ? true : undefined}
          aria-describedby={action.disabledReason ? reasonId : undefined}
          onSelect={(event) => {
            if (action.disabledReason) {
              // Stay open: the reason is the answer.
              event.preventDefault();
              return;
            }
            action.onSelect();
          }}
        >
          {action.label}
        </Item>
        {action.disabledReason && (
          // Read as the item's description; hidden itself so the menu holds only items.
          <ItemReason id={reasonId} aria-hidden="true">
            {action.disabledReason}
          </ItemReason>
        )}
      </Fragment>
    );
  });
}

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
 *
 * `Menu.Actions` renders a list of actions as items, with the reason under each one refused.
 */
export const Menu = { Root, Trigger, Content, Item, Actions, Separator, Label };
