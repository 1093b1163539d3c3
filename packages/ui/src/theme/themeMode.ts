/** The two colour themes. */
export type ThemeMode = 'light' | 'dark';

/** Switches the theme: sets `data-theme` on `<html>`; the CSS variables do the rest, no re-render. */
export function setThemeMode(mode: ThemeMode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = mode;
}

/** The theme currently applied to `<html>` (`light` unless `data-theme="dark"`). */
export function getThemeMode(): ThemeMode {
  if (typeof document === 'undefined') return 'light';
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/**
 * A small script for an inline `<script>` in `index.html`, placed before the stylesheets: it sets
 * `data-theme` from `localStorage[storageKey]` (a JSON boolean, `'true'` meaning dark) before the
 * first paint, so a dark-mode reload never flashes light.
 */
export function themeBootScript(storageKey: string): string {
  // JSON is a JS literal; escaping `<` keeps a key like `</script>` from closing the tag.
  const key = JSON.stringify(storageKey).replace(/</g, '\\u003c');
  return `try{document.documentElement.dataset.theme=localStorage.getItem(${key})==='true'?'dark':'light'}catch(e){}`;
}
