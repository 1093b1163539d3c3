import {
  useController,
  useFormContext,
  type Control,
  type FieldPath,
  type FieldValues,
  type PathValue,
} from 'react-hook-form';

/**
 * `useController` plus the kit's rule for errors in place: once a field shows an error, each
 * change checks it again, so the sentence goes as soon as the value is right (react-hook-form
 * alone would wait for the next submit). A server's error on the field goes with the change too.
 * The re-check needs the enclosing FormProvider (`FormDialog`, `CreateFlow` give one).
 */
export function useFormController<T extends FieldValues, V>(
  name: FieldPath<T>,
  control: Control<T> | undefined,
  onValueChange?: (value: V) => void,
) {
  // null outside a FormProvider, whatever the library's type says
  const context = useFormContext<T>() as ReturnType<typeof useFormContext<T>> | null;
  const { field, fieldState } = useController<T>({ name, control });
  const change = (value: V) => {
    field.onChange(value as PathValue<T, FieldPath<T>>);
    onValueChange?.(value);
    if (fieldState.invalid) void context?.trigger(name);
  };
  // Spread out so that only `ref` is a ref (the React compiler's lint treats `field` as one).
  const { ref, name: fieldName, value, onBlur } = field;
  return {
    ref,
    name: fieldName,
    value: value as unknown,
    onBlur,
    error: fieldState.error?.message,
    change,
  };
}
