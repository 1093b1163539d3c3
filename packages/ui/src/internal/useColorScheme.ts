import { useCallback, useSyncExternalStore } from 'react';
import type { ThemeMode } from '../theme/themeMode.ts';

const readScheme = (element: Element | null): ThemeMode => {
  if (typeof document === 'undefined') return 'light';
  const host = (element ?? document.documentElement).closest('[data-theme]');
  return host?.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
};

/**
 * The theme that applies to `element`: the nearest `data-theme` attribute (on `<html>` in the
 * portal, on a wrapper in Storybook's docs). Re-renders when any `data-theme` changes, for the
 * parts that cannot follow CSS variables by themselves (canvas charts, React Flow's colour mode).
 */
export function useColorScheme(element: Element | null): ThemeMode {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof MutationObserver === 'undefined') return () => {};
    const observer = new MutationObserver(onChange);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
      subtree: true,
    });
    return () => observer.disconnect();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => readScheme(element),
    () => 'light',
  );
}
