// The packages/ui controls bound to react-hook-form. Each shows its field's error in place; the
// control itself wires `aria-invalid` and `aria-describedby`. Inside `FormDialog`/`CreateFlow`
// (or any FormProvider) `control` may be left out.
import type { FocusEvent } from 'react';
import { useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  Alert,
  Checkbox,
  NumberField,
  RadioGroup,
  Select,
  Switch,
  TextField,
  type CheckboxProps,
  type NumberFieldProps,
  type RadioGroupProps,
  type SelectProps,
  type SwitchProps,
  type TextFieldProps,
} from '@portal/ui';
import { useFormController } from './useFormController.ts';

interface Bound<T extends FieldValues, V> {
  /** The field's path in the form's values. */
  name: FieldPath<T>;
  /** The form's control; defaults to the enclosing FormProvider's. */
  control?: Control<T>;
  /** Called after the form's value changed (to clear choices that depend on this one). */
  onValueChange?: (value: V) => void;
}

/**
 * A typed-in field's binding: its ref, name and error, and a blur that marks the field touched
 * before the caller's own `onBlur` runs.
 */
function useTypedField<T extends FieldValues, V>(
  name: FieldPath<T>,
  control: Control<T> | undefined,
  onValueChange: ((value: V) => void) | undefined,
  onBlur: ((event: FocusEvent<HTMLInputElement>) => void) | undefined,
) {
  const {
    ref,
    value,
    onBlur: blur,
    name: fieldName,
    error,
    change,
  } = useFormController<T, V>(name, control, onValueChange);
  return {
    ref,
    name: fieldName,
    value,
    change,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      blur();
      onBlur?.(event);
    },
    error,
  };
}

/** A choice's binding (`Select`, `RadioGroup`): a string value, `''` while none is chosen. */
function useChoiceField<T extends FieldValues>(
  name: FieldPath<T>,
  control: Control<T> | undefined,
  onValueChange: ((value: string) => void) | undefined,
) {
  const { ref, value, error, change } = useFormController<T, string>(name, control, onValueChange);
  return {
    ref,
    value: (value as string | null | undefined) ?? '',
    onValueChange: change,
    error,
  };
}

export type FormTextFieldProps<T extends FieldValues> = Bound<T, string> &
  Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'>;

/** A `TextField` bound to a string field. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  onValueChange,
  onBlur,
  ...rest
}: FormTextFieldProps<T>) {
  const { value, change, ...bound } = useTypedField<T, string>(
    name,
    control,
    onValueChange,
    onBlur,
  );
  return (
    <TextField
      {...rest}
      {...bound}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => change(event.target.value)}
    />
  );
}

export type FormNumberFieldProps<T extends FieldValues> = Bound<T, number | null> &
  Omit<NumberFieldProps, 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'error'>;

/** A `NumberField` bound to a `number | null` field (null is empty). */
export function FormNumberField<T extends FieldValues>({
  name,
  control,
  onValueChange,
  onBlur,
  ...rest
}: FormNumberFieldProps<T>) {
  const { value, change, ...bound } = useTypedField<T, number | null>(
    name,
    control,
    onValueChange,
    onBlur,
  );
  return (
    <NumberField
      {...rest}
      {...bound}
      value={(value as number | null | undefined) ?? null}
      onValueChange={change}
    />
  );
}

export type FormSelectProps<T extends FieldValues> = Bound<T, string> &
  Omit<SelectProps, 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'error'>;

/** A `Select` bound to a string field (`''` is none). */
export function FormSelect<T extends FieldValues>({
  name,
  control,
  onValueChange,
  ...rest
}: FormSelectProps<T>) {
  return <Select {...rest} {...useChoiceField(name, control, onValueChange)} />;
}

export type FormRadioGroupProps<T extends FieldValues> = Bound<T, string> &
  Omit<RadioGroupProps, 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'error'>;

/** A `RadioGroup` bound to a string field. */
export function FormRadioGroup<T extends FieldValues>({
  name,
  control,
  onValueChange,
  ...rest
}: FormRadioGroupProps<T>) {
  return <RadioGroup {...rest} {...useChoiceField(name, control, onValueChange)} />;
}

export type FormCheckboxProps<T extends FieldValues> = Bound<T, boolean> &
  Omit<CheckboxProps, 'name' | 'checked' | 'defaultChecked' | 'onCheckedChange' | 'error'>;

/** A `Checkbox` bound to a boolean field: the choice a form saves with its submit button. */
export function FormCheckbox<T extends FieldValues>({
  name,
  control,
  onValueChange,
  ...rest
}: FormCheckboxProps<T>) {
  const { ref, value, error, change } = useFormController<T, boolean>(name, control, onValueChange);
  return (
    <Checkbox
      {...rest}
      ref={ref}
      checked={value === true}
      onCheckedChange={(checked) => change(checked === true)}
      error={error}
    />
  );
}

export type FormSwitchProps<T extends FieldValues> = Bound<T, boolean> &
  Omit<SwitchProps, 'name' | 'checked' | 'defaultChecked' | 'onCheckedChange' | 'error'>;

/** A `Switch` bound to a boolean field. */
export function FormSwitch<T extends FieldValues>({
  name,
  control,
  onValueChange,
  ...rest
}: FormSwitchProps<T>) {
  const { ref, value, error, change } = useFormController<T, boolean>(name, control, onValueChange);
  return (
    <Switch {...rest} ref={ref} checked={value === true} onCheckedChange={change} error={error} />
  );
}

/**
 * The form-level error (a failed request that names no field of the form, or a contract problem
 * the form has no field for), as an Alert; nothing while there is none.
 */
export function FormAlert<T extends FieldValues>({ control }: { control?: Control<T> }) {
  const { errors } = useFormState<T>({ control });
  const message = errors.root?.form?.message;
  return message ? <Alert kind="error">{message}</Alert> : null;
}
