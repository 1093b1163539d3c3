import type { ReactNode } from 'react';
import { Button } from '@portal/ui';
import { Actions } from './layout.ts';

/** A form's buttons: Cancel at the start when there is a way back, the main action at the end. */
export function FormActions({
  onCancel,
  children,
}: {
  onCancel?: () => void;
  /** The main action (a submit button, "Try again"). */
  children: ReactNode;
}) {
  return (
    <Actions>
      {onCancel ? (
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
      ) : (
        <span />
      )}
      {children}
    </Actions>
  );
}
