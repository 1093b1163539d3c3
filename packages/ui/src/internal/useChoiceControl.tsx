import type { ComponentType, ReactNode } from 'react';
import { LabelText } from './FieldMessages.tsx';
import { ChoiceField, ChoiceLabel, ChoiceMessages, ChoiceRow } from './choice.styles.ts';

interface ChoiceFrameProps {
  /** The outer wrapper: `ChoiceField`, or a variant of it with its own indent. */
  field?: ComponentType<{ className?: string | undefined; children: ReactNode }>;
  className: string | undefined;
  /** The control, labelled by the label beside it. */
  children: ReactNode;
  /** The control's id, which the label is `for`. */
  controlId: string;
  label: ReactNode;
  required?: boolean | undefined;
  disabled: boolean | undefined;
  /** The field's help and error lines (from `useFieldMessages`). */
  messages: ReactNode;
}

/** A control with its label beside it and its messages under both, as Checkbox and Switch show it. */
export function ChoiceFrame({
  field: Field = ChoiceField,
  className,
  children,
  controlId,
  label,
  required,
  disabled,
  messages,
}: ChoiceFrameProps) {
  return (
    <Field className={className}>
      <ChoiceRow>
        {children}
        <ChoiceLabel htmlFor={controlId} data-disabled={disabled ?? false}>
          <LabelText label={label} required={required} />
        </ChoiceLabel>
      </ChoiceRow>
      <ChoiceMessages>{messages}</ChoiceMessages>
    </Field>
  );
}
