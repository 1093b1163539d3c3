import { useRef, type FormEvent, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import styled from 'styled-components';
import { Button, Dialog } from '@portal/ui';
import { FormAlert } from './fields.tsx';
import { focusFirstInvalidSoon } from './focus.ts';
import { applyServerErrors, type ServerFieldMap } from './serverErrors.ts';

const Fields = styled.div`
  display: grid;
  gap: 16px;
  &[data-columns='2'] {
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  }
`;

// The dialog lays out its body (which scrolls) and its actions (which stay); the form must not
// come between them as a box of its own, or a long form pushes the buttons off screen.
const Form = styled.form`
  display: contents;
`;

/** Either the owner keeps the dialog's state, or the dialog is open as long as it is mounted. */
type FormDialogOpening =
  | {
      /** Whether the dialog is open. */
      open: boolean;
      /** Called to close (Cancel, Escape, after a successful submit); not while the submit runs. */
      onOpenChange: (open: boolean) => void;
      onClose?: never;
    }
  | {
      open?: never;
      onOpenChange?: never;
      /** For a dialog shown while mounted: called when it closes, as `onOpenChange(false)` is. */
      onClose: () => void;
    };

export type FormDialogProps<T extends FieldValues> = FormDialogOpening & {
  /** The form, from `useContractForm`; reset it when the dialog opens for a new edit. */
  form: UseFormReturn<T>;
  /** The dialog's title ("Rename web-01"). */
  title: string;
  /** A sentence about what happens. */
  description?: ReactNode;
  /** The submit button's verb ("Rename"). */
  submitLabel: string;
  /**
   * Sends the checked values. Resolve to close the dialog (answer `false` to keep it open);
   * throw to keep it open with the error where it belongs: a 400 naming a field at that field,
   * anything else above the buttons.
   */
  onSubmit: (values: T) => Promise<boolean | void> | boolean | void;
  /** Where a server 400's field shows in this form; defaults to the same name. */
  serverFields?: ServerFieldMap<T>;
  /** The fields (`FormTextField`, `FormSelect`, …) and any help between them. */
  children: ReactNode;
  /** Maximum width; defaults to `small`. */
  size?: 'small' | 'medium' | 'large';
  /** Fields side by side where there is room (long forms). Defaults to 1. */
  columns?: 1 | 2;
};

/**
 * A dialog around a small form: Enter submits; the contract's checks run first and the first
 * invalid field takes focus; the button spins while the request runs; Escape and Cancel close
 * it, except while it runs.
 */
export function FormDialog<T extends FieldValues>({
  form,
  onClose,
  open = true,
  onOpenChange = (next) => !next && onClose?.(),
  title,
  description,
  submitLabel,
  onSubmit,
  serverFields,
  children,
  size = 'small',
  columns = 1,
}: FormDialogProps<T>) {
  const body = useRef<HTMLDivElement>(null);
  const pending = form.formState.isSubmitting;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      async (values) => {
        try {
          if ((await onSubmit(values)) !== false) onOpenChange(false);
        } catch (error) {
          if (applyServerErrors(form, error, serverFields, { focus: false }))
            focusFirstInvalidSoon(() => body.current);
        }
      },
      () => focusFirstInvalidSoon(() => body.current),
    )(event);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}
    >
      <Dialog.Content size={size}>
        <Dialog.Title>{title}</Dialog.Title>
        {description && <Dialog.Description>{description}</Dialog.Description>}
        <FormProvider {...form}>
          <Form onSubmit={(event) => void submit(event)} noValidate>
            <Dialog.Body>
              <Fields ref={body} data-columns={columns}>
                {children}
                <FormAlert />
              </Fields>
            </Dialog.Body>
            <Dialog.Actions>
              <Dialog.Close>
                <Button variant="text" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button variant="primary" type="submit" loading={pending}>
                {submitLabel}
              </Button>
            </Dialog.Actions>
          </Form>
        </FormProvider>
      </Dialog.Content>
    </Dialog.Root>
  );
}
