import { useId, type ReactNode } from 'react';
import { mdiAlertCircle } from '@mdi/js';
import { Icon } from '@portal/icons';
import { ErrorMessage, Help, RequiredMark } from './field.styles.ts';
import { useControllableState } from './useControllableState.ts';

interface FieldMessagesOptions {
  /** The control's id, if the caller gave one. */
  id: string | undefined;
  /** Help text under the control. */
  help: ReactNode;
  /** Error sentence. */
  error: string | undefined;
  /** Ids the caller already wants in `aria-describedby`. */
  describedBy: string | undefined;
}

/**
 * The help and error wiring every field shares (text inputs, Select, Checkbox, Switch,
 * RadioGroup): the control's id, its `aria-describedby`, and the messages in one order and look.
 */
export function useFieldMessages({ id, help, error, describedBy }: FieldMessagesOptions) {
  const ownId = useId();
  const controlId = id ?? `${ownId}-control`;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const ariaDescribedBy =
    [describedBy, error ? errorId : undefined, help ? helpId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  const messages = (
    <>
      {error && (
        <ErrorMessage id={errorId}>
          <Icon path={mdiAlertCircle} size={16} />
          {error}
        </ErrorMessage>
      )}
      {help && <Help id={helpId}>{help}</Help>}
    </>
  );
  return { controlId, ariaDescribedBy, invalid: Boolean(error), messages };
}

/** A field's label text, with the visual asterisk of a required field (hidden from readers). */
export function LabelText({
  label,
  required,
}: {
  label: ReactNode;
  required?: boolean | undefined;
}) {
  return (
    <>
      {label}
      {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
    </>
  );
}

interface FieldStateOptions<T> extends FieldMessagesOptions {
  /** The controlled value; `undefined` means uncontrolled. */
  value: T | undefined;
  /** Initial value when uncontrolled. */
  defaultValue: T;
  /** Called with the new value. */
  onChange: ((value: T) => void) | undefined;
}

/**
 * The value (controlled or not) and the help and error wiring of a field that holds one value
 * (Select, RadioGroup, Checkbox, Switch).
 */
export function useFieldState<T>({
  value,
  defaultValue,
  onChange,
  ...wiring
}: FieldStateOptions<T>) {
  const [current, setCurrent] = useControllableState({ value, defaultValue, onChange });
  return { value: current, setValue: setCurrent, ...useFieldMessages(wiring) };
}

/** The props, under the names both take, of a field holding one string value (Select, RadioGroup). */
export interface ValueFieldProps {
  /** The chosen value (controlled); `''` for none. */
  value?: string | undefined;
  /** The value chosen at first (uncontrolled); defaults to none. */
  defaultValue?: string | undefined;
  /** Called with the newly chosen value. */
  onValueChange?: ((value: string) => void) | undefined;
  id?: string | undefined;
  help?: ReactNode;
  error?: string | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * `useFieldState` for a field holding one string value, straight from its props: the value, the
 * messages, `controlAria` for the element that is the control (its id, described-by and invalid
 * state), and `rest`, the props that are not the field's.
 */
export function useValueField<P extends ValueFieldProps>({
  value,
  defaultValue = '',
  onValueChange,
  id,
  help,
  error,
  'aria-describedby': describedBy,
  ...rest
}: P) {
  const state = useFieldState({
    value,
    defaultValue,
    onChange: onValueChange,
    id,
    help,
    error,
    describedBy,
  });
  const controlAria = {
    id: state.controlId,
    'aria-describedby': state.ariaDescribedBy,
    'aria-invalid': state.invalid || undefined,
  };
  return { ...state, controlAria, rest };
}
