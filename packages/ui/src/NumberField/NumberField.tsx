import { forwardRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { mdiMinus, mdiPlus } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import { InputField, type TextFieldProps } from '../internal/InputField.tsx';
import { Steppers, Unit } from './NumberField.styles.ts';

export interface NumberFieldProps extends Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step' | 'role'
> {
  /** The number (controlled); `null` is empty. */
  value?: number | null;
  /** The number at first (uncontrolled); defaults to empty. */
  defaultValue?: number | null;
  /** Called with the committed number (on blur, Enter, arrow keys or the buttons), or `null`. */
  onValueChange?: (value: number | null) => void;
  /** Smallest allowed value: typed values below it are raised to it, with a message naming it. */
  min?: number;
  /** Largest allowed value: typed values above it are lowered to it, with a message naming it. */
  max?: number;
  /** Change per arrow key or button press (Page Up/Down: ten steps). Defaults to 1. */
  step?: number;
  /** Unit after the number ("GB"); also read out with the value. */
  unit?: string;
  /** Accessible name of the minus button; defaults to "Decrease {label}". */
  decrementLabel?: string;
  /** Accessible name of the plus button; defaults to "Increase {label}". */
  incrementLabel?: string;
}

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/** "1,5" and "1.5" are both one and a half; anything else that is not a number is `undefined`. */
function parse(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A number input (`role="spinbutton"`) with − and + buttons, an optional unit, and `min`/`max`
 * that clamp what is typed and say why. Shares label, help and error wiring with `TextField`.
 * The ref is the `<input>`.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  {
    value: valueProp,
    defaultValue = null,
    onValueChange,
    min,
    max,
    step = 1,
    unit,
    label,
    error,
    disabled,
    readOnly,
    decrementLabel,
    incrementLabel,
    onBlur,
    onKeyDown,
    ...rest
  },
  ref,
) {
  const [value, setValue] = useControllableState<number | null>({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  // What the user is typing, until it is committed; null when the input shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const places = Math.max(decimals(step), decimals(min ?? 0));
  const round = (n: number) => Number(n.toFixed(places));
  const withUnit = (n: number) => (unit ? `${n} ${unit}` : String(n));
  const outOfRange = (n: number) =>
    max !== undefined && n > max
      ? `The maximum is ${withUnit(max)}.`
      : min !== undefined && n < min
        ? `The minimum is ${withUnit(min)}.`
        : null;
  const clamp = (n: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));

  const commit = () => {
    if (draft === null) return;
    const n = parse(draft);
    if (n === undefined) {
      setProblem('Enter a number.');
      return;
    }
    setDraft(null);
    if (n === null) {
      setProblem(null);
      if (value !== null) setValue(null);
      return;
    }
    setProblem(outOfRange(n));
    const next = round(clamp(n));
    if (next !== value) setValue(next);
  };

  const stepBy = (steps: number) => {
    const typed = draft === null ? value : parse(draft);
    const base = typeof typed === 'number' ? typed : null;
    const next =
      base === null
        ? (min ?? (max !== undefined && max < 0 ? max : 0))
        : round(clamp(base + steps * step));
    setDraft(null);
    setProblem(null);
    if (next !== value) setValue(next);
  };

  const setTo = (n: number) => {
    setDraft(null);
    setProblem(null);
    if (n !== value) setValue(n);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || disabled || readOnly) return;
    const keys: Record<string, () => void> = {
      ArrowUp: () => stepBy(1),
      ArrowDown: () => stepBy(-1),
      PageUp: () => stepBy(10),
      PageDown: () => stepBy(-10),
      ...(min !== undefined && { Home: () => setTo(min) }),
      ...(max !== undefined && { End: () => setTo(max) }),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    } else if (event.key === 'Enter') {
      commit();
    }
  };

  const name = typeof label === 'string' ? label : 'value';
  const atMin = value !== null && min !== undefined && value <= min;
  const atMax = value !== null && max !== undefined && value >= max;
  const inputMode = places > 0 ? 'decimal' : min !== undefined && min >= 0 ? 'numeric' : 'text';

  return (
    <InputField
      {...rest}
      ref={ref}
      label={label}
      type="text"
      role="spinbutton"
      inputMode={inputMode}
      autoComplete="off"
      disabled={disabled}
      readOnly={readOnly}
      value={draft ?? (value === null ? '' : String(value))}
      aria-valuenow={value ?? undefined}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={value !== null && unit ? withUnit(value) : undefined}
      error={error ?? problem ?? undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setDraft(event.target.value);
        const n = parse(event.target.value);
        setProblem(typeof n === 'number' ? outOfRange(n) : null);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={handleKeyDown}
      trailing={(inputId) => (
        <>
          {/* Read out through aria-valuetext instead. */}
          {unit && <Unit aria-hidden="true">{unit}</Unit>}
          <Steppers>
            {/* Out of the tab order (the arrow keys do the same); pressing them keeps focus in the input. */}
            <IconButton
              size="small"
              icon={mdiMinus}
              aria-label={decrementLabel ?? `Decrease ${name}`}
              aria-controls={inputId}
              tabIndex={-1}
              disabled={disabled || readOnly || atMin}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => stepBy(-1)}
            />
            <IconButton
              size="small"
              icon={mdiPlus}
              aria-label={incrementLabel ?? `Increase ${name}`}
              aria-controls={inputId}
              tabIndex={-1}
              disabled={disabled || readOnly || atMax}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => stepBy(1)}
            />
          </Steppers>
        </>
      )}
    />
  );
});
