import { useCallback, useState } from 'react';

interface ControllableStateOptions<T> {
  /** The controlled value; `undefined` means uncontrolled. */
  value: T | undefined;
  /** Initial value when uncontrolled. */
  defaultValue: T;
  /** Called with every change, controlled or not. */
  onChange?: (value: T) => void;
}

/**
 * One state for controlled and uncontrolled use (`value`/`defaultValue`/`onValueChange`): the
 * component reads and sets it the same way whoever owns it.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>) {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [current, set] as const;
}
