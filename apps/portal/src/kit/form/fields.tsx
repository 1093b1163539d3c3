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

/** A typed-in field's binding, with the blur its control reports. */
interface TypedProps<T extends FieldValues, V> extends Bound<T, V> {
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A typed-in field's props for its control: the caller's own props, the field's ref, name and
 * error, and a blur that marks the field touched before the caller's own `onBlur` runs. `value`
 * and `change` are left for the caller to adapt to its control.
 */
function useTypedField<T extends FieldValues, V, P extends TypedProps<T, V>>({
  name,
  control,
  onValueChange,
  onBlur,
  ...rest
}: P) {
  const {
    ref,
    value,
    onBlur: blur,
    name: fieldName,
    error,
    change,
  } = useFormController<T, V>(name, control, onValueChange);
  return {
    props: {
      ...rest,
      ref,
      name: fieldName,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        blur();
        onBlur?.(event);
      },
      error,
    },
    value,
    change,
  };
}

/**
 * A choice's props for its control (`Select`, `RadioGroup`): the caller's own props and a string
 * value, `''` while none is chosen.
 */
function useChoiceField<T extends FieldValues, P extends Bound<T, string>>({
  name,
  control,
  onValueChange,
  ...rest
}: P) {
  const { ref, value, error, change } = useFormController<T, string>(name, control, onValueChange);
  return {
    ...rest,
    ref,
    value: (value as string | null | undefined) ?? '',
    onValueChange: change,
    error,
  };
}

/**
 * An on/off control's props (`Checkbox`, `Switch`): the caller's own props, and `checked` only
 * when the field is `true` (a checkbox's "indeterminate" saves as `false`).
 */
function useToggleField<T extends FieldValues, P extends Bound<T, boolean>>({
  name,
  control,
  onValueChange,
  ...rest
}: P) {
  const { ref, value, error, change } = useFormController<T, boolean>(name, control, onValueChange);
  return {
    ...rest,
    ref,
    checked: value === true,
    onCheckedChange: (checked: boolean | 'indeterminate') => change(checked === true),
    error,
  };
}

export type FormTextFieldProps<T extends FieldValues> = Bound<T, string> &
  Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'>;

/** A `TextField` bound to a string field. */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { props: bound, value, change } = useTypedField<T, string, FormTextFieldProps<T>>(props);
  return (
    <TextField
      {...bound}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => change(event.target.value)}
    />
  );
}

export type FormNumberFieldProps<T extends FieldValues> = Bound<T, number | null> &
  Omit<NumberFieldProps, 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'error'>;

/** A `NumberField` bound to a `number | null` field (null is empty). */
export function FormNumberField<T extends FieldValues>(props: FormNumberFieldProps<T>) {
  const {
    props: bound,
    value,
    change,
  } = useTypedField<T, number | null, FormNumberFieldProps<T>>(props);
  return (
    <NumberField
      {...bound}
      value={(value as number | null | undefined) ?? null}
      onValueChange={change}
    />
  );
}

/** A choice control's props less what the binding sets. */
type BoundChoiceProps<T extends FieldValues, P> = Bound<T, string> &
  Omit<P, 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'error'>;

export type FormSelectProps<T extends FieldValues> = BoundChoiceProps<T, SelectProps>;

/** A `Select` bound to a string field (`''` is none). */
export function FormSelect<T extends FieldValues>(props: FormSelectProps<T>) {
  return <Select {...useChoiceField<T, FormSelectProps<T>>(props)} />;
}

export type FormRadioGroupProps<T extends FieldValues> = BoundChoiceProps<T, RadioGroupProps>;

/** A `RadioGroup` bound to a string field. */
export function FormRadioGroup<T extends FieldValues>(props: FormRadioGroupProps<T>) {
  return <RadioGroup {...useChoiceField<T, FormRadioGroupProps<T>>(props)} />;
}

/** An on/off control's props less what the binding sets. */
type BoundToggleProps<T extends FieldValues, P> = Bound<T, boolean> &
  Omit<P, 'name' | 'checked' | 'defaultChecked' | 'onCheckedChange' | 'error'>;

export type FormCheckboxProps<T extends FieldValues> = BoundToggleProps<T, CheckboxProps>;

/** A `Checkbox` bound to a boolean field: the choice a form saves with its submit button. */
export function FormCheckbox<T extends FieldValues>(props: FormCheckboxProps<T>) {
  return <Checkbox {...useToggleField<T, FormCheckboxProps<T>>(props)} />;
}

export type FormSwitchProps<T extends FieldValues> = BoundToggleProps<T, SwitchProps>;

/** A `Switch` bound to a boolean field. */
export function FormSwitch<T extends FieldValues>(props: FormSwitchProps<T>) {
  return <Switch {...useToggleField<T, FormSwitchProps<T>>(props)} />;
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
