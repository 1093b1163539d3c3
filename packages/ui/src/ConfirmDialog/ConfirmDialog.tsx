import { useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { Dialog, type DialogSize } from '../Dialog/Dialog.tsx';
import { useOpenState } from '../internal/useControllableState.ts';
import { TextField } from '../TextField/TextField.tsx';
import { Fields, Form, Name } from './ConfirmDialog.styles.ts';

/** Colour of the confirm button: `danger` (red, the default) or `primary` for non-destructive confirmations. */
export type ConfirmDialogTone = 'danger' | 'primary';

export interface ConfirmDialogProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Defaults to false. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes (cancel, Escape, or after `onConfirm` succeeds). */
  onOpenChange?: (open: boolean) => void;
  /** The control that opens the dialog, usually a `Button`. Optional when `open` is controlled. */
  trigger?: ReactElement;
  /** The question, as the dialog title: "Delete web-01?". */
  title: ReactNode;
  /** What happens and whether it can be undone; the dialog's accessible description. */
  description?: ReactNode;
  /** More content between the description and the buttons. */
  children?: ReactNode;
  /** Label of the confirm button, a verb: "Delete". */
  confirmLabel: string;
  /** Label of the cancel button; defaults to "Cancel". */
  cancelLabel?: string;
  /**
   * Colour of the confirm button: `danger` for what deletes, cuts off or cannot be undone,
   * `primary` for the rest. Required, so a harmless confirmation ("Assign") is never red by default.
   */
  tone: ConfirmDialogTone;
  /**
   * Text the user must type exactly (usually the resource name) before the confirm button is
   * enabled. Adds a labelled field with the hint "Type {requireText} to confirm".
   */
  requireText?: string;
  /** Label of the `requireText` field; defaults to "Name". */
  requireTextLabel?: string;
  /**
   * The action. When it returns a promise the confirm button shows a spinner and the dialog
   * stays open; it closes when the promise resolves and shows the error's message if it rejects.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Dialog width; defaults to `small`. */
  size?: DialogSize;
}

const fallbackError = 'Something went wrong. Try again.';

/**
 * A confirmation for destructive actions: an `alertdialog` with Cancel (focused first) and a
 * confirm button, an optional "type the name to confirm" field, and async confirm handling.
 */
export function ConfirmDialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  size = 'small',
  ...rest
}: ConfirmDialogProps) {
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });
  const [pending, setPending] = useState(false);
  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(next) => {
        // While the action runs the dialog stays: its result (or error) is shown here.
        if (!pending || next) setOpen(next);
      }}
    >
      {trigger && <Dialog.Trigger>{trigger}</Dialog.Trigger>}
      <Dialog.Content
        size={size}
        role="alertdialog"
        // An alert dialog is dismissed by a decision, not by a stray click on the scrim.
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <ConfirmPanel
          {...rest}
          pending={pending}
          setPending={setPending}
          onDone={() => setOpen(false)}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}

type PanelProps = Omit<
  ConfirmDialogProps,
  'open' | 'defaultOpen' | 'onOpenChange' | 'trigger' | 'size'
> & {
  pending: boolean;
  setPending: (pending: boolean) => void;
  onDone: () => void;
};

/** The dialog's inside: mounted on open, so typed text and errors start fresh every time. */
function ConfirmPanel({
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone,
  requireText,
  requireTextLabel = 'Name',
  onConfirm,
  pending,
  setPending,
  onDone,
}: PanelProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const matches = requireText === undefined || typed === requireText;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || pending) return;
    setError(null);
    setPending(true);
    try {
      await onConfirm();
    } catch (reason) {
      setPending(false);
      setError(reason instanceof Error && reason.message ? reason.message : fallbackError);
      // The button was disabled while busy, which drops focus; put it back for a retry.
      requestAnimationFrame(() => confirmRef.current?.focus());
      return;
    }
    setPending(false);
    onDone();
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Dialog.Title>{title}</Dialog.Title>
      {description && <Dialog.Description>{description}</Dialog.Description>}
      {(children || requireText !== undefined || error) && (
        <Dialog.Body>
          <Fields>
            {children}
            {requireText !== undefined && (
              <TextField
                label={requireTextLabel}
                help={
                  <>
                    Type <Name>{requireText}</Name> to confirm
                  </>
                }
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                disabled={pending}
              />
            )}
            {error && <Alert kind="error">{error}</Alert>}
          </Fields>
        </Dialog.Body>
      )}
      <Dialog.Actions>
        <Dialog.Close>
          <Button variant="text" tone="secondary" disabled={pending}>
            {cancelLabel}
          </Button>
        </Dialog.Close>
        <Button
          ref={confirmRef}
          type="submit"
          variant={tone === 'danger' ? 'danger' : 'primary'}
          disabled={!matches}
          loading={pending}
        >
          {confirmLabel}
        </Button>
      </Dialog.Actions>
    </Form>
  );
}
