import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

const lost = () => {
  const active = document.activeElement;
  return !active || active === document.body;
};

/**
 * Keeps keyboard focus on one control (the power button, a menu trigger) while the page changes
 * under it. A control that gets or loses a disabled reason is re-created (its tooltip wraps it),
 * and a dialog opened from a menu has no trigger to return to: either way focus would drop to
 * `<body>`. Once armed, any render that finds focus lost puts it back on the control; focusing
 * something else disarms it.
 */
export function useFocusReturn<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const armed = useRef(false);

  useLayoutEffect(() => {
    if (armed.current && lost()) ref.current?.focus();
  });

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== ref.current) armed.current = false;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  /** Focus stays here through the next renders (an operation started from the control). */
  const keep = useCallback(() => {
    armed.current = true;
  }, []);

  /** Focus comes back here now that a dialog closed (after the dialog's own clean-up). */
  const restore = useCallback(() => {
    armed.current = true;
    setTimeout(() => {
      if (armed.current && lost()) ref.current?.focus();
    }, 0);
  }, []);

  return { ref, keep, restore };
}
