import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { mdiAlertCircle } from '@mdi/js';
import { Icon } from '@portal/icons';
import {
  ErrorMessage,
  Help,
  Input,
  InputBox,
  Label,
  RequiredMark,
  Root,
  Trailing,
} from './input.styles.ts';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The visible label, tied to the input with `for`/`id`. */
  label: ReactNode;
  /** Guidance under the input, read out with it (`aria-describedby`). */
  help?: ReactNode;
  /** An error sentence: marks the input `aria-invalid` and is read out with it. */
  error?: string;
  /** Marks the field required: a visual asterisk and the native `required` attribute. */
  required?: boolean;
  /** Class of the outer wrapper (label, input, messages); every other attribute goes to the `<input>`. */
  className?: string;
}

interface InputFieldProps extends TextFieldProps {
  /** Controls inside the input box after the text (the password toggle), given the input's id. */
  trailing?: (inputId: string) => ReactNode;
}

/** The label, input box and messages that `TextField` and `PasswordField` share. */
export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  {
    label,
    help,
    error,
    required,
    className,
    id,
    trailing,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': ariaInvalid,
    ...rest
  },
  ref,
) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, error ? errorId : undefined, help ? helpId : undefined]
    .filter(Boolean)
    .join(' ');
  const invalid = Boolean(error) || ariaInvalid === true || ariaInvalid === 'true';
  return (
    <Root className={className}>
      <Label htmlFor={inputId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Label>
      <InputBox data-invalid={invalid} data-disabled={disabled ?? false}>
        <Input
          {...rest}
          ref={ref}
          id={inputId}
          required={required}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedByIds || undefined}
        />
        {trailing && <Trailing>{trailing(inputId)}</Trailing>}
      </InputBox>
      {error && (
        <ErrorMessage id={errorId}>
          <Icon path={mdiAlertCircle} size={16} />
          {error}
        </ErrorMessage>
      )}
      {help && <Help id={helpId}>{help}</Help>}
    </Root>
  );
});
