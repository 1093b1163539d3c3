import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Dialog } from '@portal/ui';

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

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title ("Rename web-01"). */
  title: string;
  /** A sentence about what happens. */
  description?: ReactNode;
  /** The submit button's verb ("Rename"). */
  submitLabel: string;
  /** Validates and sends; resolves true to close the dialog, false to keep it (errors shown). */
  onSubmit: () => Promise<boolean> | boolean;
  /** The fields. */
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Fields side by side where there is room (long forms). Defaults to 1. */
  columns?: 1 | 2;
}

/** A dialog around a small form: Enter submits, the button spins while the request runs. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
  children,
  size = 'small',
  columns = 1,
}: FormDialogProps) {
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      if (await onSubmit()) onOpenChange(false);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}
    >
      <Dialog.Content size={size}>
        <Dialog.Title>{title}</Dialog.Title>
        {description && <Dialog.Description>{description}</Dialog.Description>}
        <Form onSubmit={(event) => void submit(event)} noValidate>
          <Dialog.Body>
            <Fields data-columns={columns}>{children}</Fields>
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
      </Dialog.Content>
    </Dialog.Root>
  );
}
