import type { ButtonHTMLAttributes, ComponentType, ReactNode } from 'react';
import { LabelText, useFieldState } from './FieldMessages.tsx';
import { ChoiceField, ChoiceLabel, ChoiceMessages, ChoiceRow } from './choice.styles.ts';

/** The props a two-state control with a label beside it takes (Checkbox, Switch). */
export interface ChoiceControlProps<T> extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'value' | 'onChange' | 'defaultChecked' | 'type'
> {
  label: ReactNode;
  checked?: T | undefined;
  defaultChecked?: T | undefined;
  onCheckedChange?: ((checked: T) => void) | undefined;
  help?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
  name?: string | undefined;
  value?: string | undefined;
  className?: string | undefined;
}

/**
 * The state and wiring of a two-state control with its label beside it and its messages under
 * both (Checkbox, Switch): the control's own props (native ones, id, required, invalid,
 * described-by) and `frame`, which sets the control in its row, label and messages.
 */
export function useChoiceControl<T extends boolean | 'indeterminate'>(
  {
    label,
    checked: checkedProp,
    defaultChecked = false as T,
    onCheckedChange,
    help,
    error,
    required,
    disabled,
    className,
    id,
    'aria-describedby': describedBy,
    ...rest
  }: ChoiceControlProps<T>,
  /** The outer wrapper: `ChoiceField`, or a variant of it with its own indent. */
  Field: ComponentType<{ className?: string | undefined; children: ReactNode }> = ChoiceField,
) {
  const { value, setValue, controlId, ariaDescribedBy, invalid, messages } = useFieldState<T>({
    value: checkedProp,
    defaultValue: defaultChecked,
    onChange: onCheckedChange,
    id,
    help,
    error,
    describedBy,
  });
  const controlProps = {
    ...rest,
    id: controlId,
    required,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': ariaDescribedBy,
  };
  const frame = (control: ReactNode) => (
    <Field className={className}>
      <ChoiceRow>
        {control}
        <ChoiceLabel htmlFor={controlId} data-disabled={disabled ?? false}>
          <LabelText label={label} required={required} />
        </ChoiceLabel>
      </ChoiceRow>
      <ChoiceMessages>{messages}</ChoiceMessages>
    </Field>
  );
  return { checked: value, setChecked: setValue, controlProps, frame };
}
