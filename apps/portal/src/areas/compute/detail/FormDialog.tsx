import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@portal/ui';
import { Dialog } from './ui.ts';

const Fields = styled.div`
  display: grid;
  gap: 16px;
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
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Dialog.Body>
            <Fields>{children}</Fields>
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
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
