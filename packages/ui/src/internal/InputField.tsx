import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { LabelText, useFieldMessages } from './FieldMessages.tsx';
import { Input, InputBox, Label, Root, Trailing } from './input.styles.ts';

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
  const {
    controlId: inputId,
    ariaDescribedBy,
    messages,
  } = useFieldMessages({ id, help, error, describedBy });
  const invalid = Boolean(error) || ariaInvalid === true || ariaInvalid === 'true';
  return (
    <Root className={className}>
      <Label htmlFor={inputId}>
        <LabelText label={label} required={required} />
      </Label>
      <InputBox data-invalid={invalid} data-disabled={disabled ?? false}>
        <Input
          {...rest}
          ref={ref}
          id={inputId}
          required={required}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={ariaDescribedBy}
        />
        {trailing && <Trailing>{trailing(inputId)}</Trailing>}
      </InputBox>
      {messages}
    </Root>
  );
});
