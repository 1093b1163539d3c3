import {
  forwardRef,
  useCallback,
  useState,
  type ComponentPropsWithoutRef,
  type ForwardedRef,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { asChildPart } from '../internal/asChildPart.tsx';
import { useOpenState } from '../internal/useControllableState.ts';
import {
  Panel,
  Scrim,
  StyledActions,
  StyledBody,
  StyledDescription,
  StyledTitle,
} from './Dialog.styles.ts';

export interface DialogRootProps {
  /** Whether the dialog is open (controlled). Leave undefined to let the dialog own it. */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Defaults to false. */
  defaultOpen?: boolean;
  /** Called when the dialog asks to open or close: trigger, Escape, scrim click, `Dialog.Close`. */
  onOpenChange?: (open: boolean) => void;
  /** A `Dialog.Trigger` (optional when `open` is controlled) and a `Dialog.Content`. */
  children: ReactNode;
}

/** Holds the open state. Renders nothing itself. */
function Root({ open, defaultOpen, onOpenChange, children }: DialogRootProps) {
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={setOpen}>
      {children}
    </RadixDialog.Root>
  );
}

export interface DialogTriggerProps {
  /**
   * The control that opens the dialog: one element, usually a `Button`. It receives the
   * trigger's props and ref (Radix `asChild`), and gets focus back when the dialog closes.
   */
  children: ReactElement;
}

const Trigger = asChildPart<DialogTriggerProps>(RadixDialog.Trigger, 'DialogTrigger');

/** Maximum width: `small` 400 px, `medium` 560 px, `large` 800 px. */
export type DialogSize = 'small' | 'medium' | 'large';

export interface DialogContentProps extends Omit<
  ComponentPropsWithoutRef<typeof RadixDialog.Content>,
  'asChild' | 'forceMount'
> {
  /** Maximum width; defaults to `medium`. On phone widths every size fills the screen. */
  size?: DialogSize;
  /**
   * Extra description ids. `Dialog.Description` is added to `aria-describedby` on its own; pass
   * ids here for other text the dialog should be described by.
   */
  'aria-describedby'?: string;
  /** `dialog` (default) or `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** `Dialog.Title` (required for a name), then `Description`, `Body`, `Actions`. */
  children: ReactNode;
}

/**
 * The modal panel, portalled to `<body>` over a scrim. Focus moves into it and is trapped; Escape
 * and a scrim click close it; page scroll is locked; focus returns to the trigger on close.
 * Labelled by `Dialog.Title` and described by `Dialog.Description` automatically.
 */
const Content = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
  { size = 'medium', children, ...rest },
  ref,
) {
  return (
    <RadixDialog.Portal>
      <Scrim />
      {/* Radix hides the rest of the page; aria-modal says so to browsers that read it. */}
      <Panel aria-modal="true" {...rest} ref={ref} data-size={size}>
        {children}
      </Panel>
    </RadixDialog.Portal>
  );
});

export type DialogTitleProps = HTMLAttributes<HTMLHeadingElement>;

/** The dialog's heading (`<h2>`) and accessible name. Every dialog needs one. */
const Title = forwardRef<HTMLHeadingElement, DialogTitleProps>(function DialogTitle(props, ref) {
  return <StyledTitle {...props} ref={ref} />;
});

export type DialogDescriptionProps = HTMLAttributes<HTMLParagraphElement>;

/** A sentence under the title; the dialog's accessible description. */
const Description = forwardRef<HTMLParagraphElement, DialogDescriptionProps>(
  function DialogDescription(props, ref) {
    return <StyledDescription {...props} ref={ref} />;
  },
);

export type DialogBodyProps = HTMLAttributes<HTMLDivElement>;

/**
 * The dialog's content. It scrolls when the dialog is taller than the screen, and then becomes
 * focusable so keyboard users can scroll it too.
 */
const Body = forwardRef<HTMLDivElement, DialogBodyProps>(function DialogBody(props, ref) {
  const [scrollable, setScrollable] = useState(false);
  const measure = useCallback(
    (node: HTMLDivElement | null) => {
      assignRef(ref, node);
      if (!node || typeof ResizeObserver === 'undefined') return;
      const update = () => setScrollable(node.scrollHeight > node.clientHeight + 1);
      update();
      const observer = new ResizeObserver(update);
      observer.observe(node);
      for (const child of Array.from(node.children)) observer.observe(child);
      return () => {
        observer.disconnect();
        assignRef(ref, null);
      };
    },
    [ref],
  );
  return <StyledBody tabIndex={scrollable ? 0 : undefined} {...props} ref={measure} />;
});

export type DialogActionsProps = HTMLAttributes<HTMLDivElement>;

/** The button row at the bottom, right-aligned (specification: dialog actions right-aligned). */
const Actions = forwardRef<HTMLDivElement, DialogActionsProps>(function DialogActions(props, ref) {
  return <StyledActions {...props} ref={ref} />;
});

export interface DialogCloseProps {
  /** The control that closes the dialog: one element, usually a `Button` (Radix `asChild`). */
  children: ReactElement;
}

const Close = asChildPart<DialogCloseProps>(RadixDialog.Close, 'DialogClose');

function assignRef<T>(ref: ForwardedRef<T>, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A modal dialog, built from parts over Radix Dialog:
 *
 * ```tsx
 * <Dialog.Root>
 *   <Dialog.Trigger><Button>Rename</Button></Dialog.Trigger>
 *   <Dialog.Content size="small">
 *     <Dialog.Title>Rename web-01</Dialog.Title>
 *     <Dialog.Description>The new name shows everywhere at once.</Dialog.Description>
 *     <Dialog.Body>…</Dialog.Body>
 *     <Dialog.Actions>
 *       <Dialog.Close><Button variant="text">Cancel</Button></Dialog.Close>
 *       <Button variant="primary">Rename</Button>
 *     </Dialog.Actions>
 *   </Dialog.Content>
 * </Dialog.Root>
 * ```
 */
export const Dialog = {
  Root,
  Trigger,
  Content,
  Title,
  Description,
  Body,
  Actions,
  Close,
};
