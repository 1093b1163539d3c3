// The identity forms' standard fields: each fixes what the browser and password managers read
// (name, autocomplete, input mode), so every form asks for the same thing the same way.
import type { Ref } from 'react';
import { PasswordField, TextField, type PasswordFieldProps, type TextFieldProps } from '@portal/ui';

type Fixed = 'name' | 'type' | 'autoComplete' | 'inputMode' | 'required';
type FieldProps<P, Also extends keyof P = never> = Omit<P, Fixed | Also> & {
  ref?: Ref<HTMLInputElement>;
};

/** The one-time code of a second factor: digits, filled in from a text message where it can. */
export function OneTimeCodeField(props: FieldProps<TextFieldProps>) {
  return (
    <TextField {...props} name="code" inputMode="numeric" autoComplete="one-time-code" required />
  );
}

/** The e-mail address a user signs in with, focused first. */
export function SignInEmailField(props: FieldProps<TextFieldProps, 'label' | 'autoFocus'>) {
  return (
    <TextField
      {...props}
      label="E-mail address"
      type="email"
      name="email"
      autoComplete="username"
      autoFocus
      required
    />
  );
}

/** The user's current password (signing in, or confirming who they are). */
export function CurrentPasswordField(props: FieldProps<PasswordFieldProps, 'label'>) {
  return (
    <PasswordField
      {...props}
      label="Password"
      name="password"
      autoComplete="current-password"
      required
    />
  );
}
