import { forwardRef } from 'react';
import { InputField, type TextFieldProps } from '../internal/InputField.tsx';

export type { TextFieldProps } from '../internal/InputField.tsx';

/**
 * A labelled text input with optional help and error text, both wired to the input with
 * `aria-describedby`; an error also sets `aria-invalid`. The ref is the `<input>`.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(
  function TextField(props, ref) {
    return <InputField {...props} ref={ref} />;
  },
);
