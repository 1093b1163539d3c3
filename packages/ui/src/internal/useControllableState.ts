import { useCallback, useLayoutEffect, useRef, useState } from 'react';

interface ControllableStateOptions<T> {
  /** The controlled value; `undefined` means uncontrolled. */
  value: T | undefined;
  /** Initial value when uncontrolled. */
  defaultValue: T;
  /** Called when the value really changes (`Object.is`), controlled or not. */
  onChange?: ((value: T) => void) | undefined;
}

/**
 * One state for controlled and uncontrolled use (`value`/`defaultValue`/`onValueChange`): the
 * component reads and sets it the same way whoever owns it. The setter keeps its identity across
 * renders (the latest `onChange` and value are read from refs), so it is safe in effect and memo
 * dependencies; setting the current value again calls nothing.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>) {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;

  const latest = useRef({ current, controlled, onChange });
  // Layout effect: updated before any effect or event handler of this render can call the setter.
  useLayoutEffect(() => {
    latest.current = { current, controlled, onChange };
  });

  const set = useCallback((next: T) => {
    const state = latest.current;
    if (Object.is(next, state.current)) return;
    if (!state.controlled) {
      // Two calls in one event see each other's value, as a real state update would. A
      // controlled value changes only when the owner re-renders with it.
      state.current = next;
      setOwn(next);
    }
    state.onChange?.(next);
  }, []);
  return [current, set] as const;
}

/** The props by which an overlay (dialog, menu, tooltip, panel) is opened, by its owner or itself. */
interface OpenStateProps {
  open?: boolean | undefined;
  /** Closed when absent. */
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/** `useControllableState` for an overlay's open state, under the props every overlay takes. */
export const useOpenState = ({ open, defaultOpen = false, onOpenChange }: OpenStateProps) =>
  useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
