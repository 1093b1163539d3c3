import { useEffect } from 'react';

/**
 * Marks `<html>` with the last kind of input, `data-ui-input="pointer" | "keyboard"`. Browsers
 * match `:focus-visible` whenever a script moves focus, and Radix moves it after clicks (a tab in
 * Safari, a dialog opened from a menu, focus returned to a trigger): `GlobalStyle` hides the ring
 * after a pointer press until the next key, so the ring means keyboard focus only.
 */
export function useInputModality() {
  useEffect(() => {
    const root = document.documentElement;
    const onPointer = () => {
      root.dataset.uiInput = 'pointer';
    };
    const onKey = (event: KeyboardEvent) => {
      // Shortcuts with a modifier alone do not move focus.
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      root.dataset.uiInput = 'keyboard';
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, []);
}
