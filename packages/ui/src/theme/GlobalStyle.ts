import { createGlobalStyle } from 'styled-components';

/**
 * The few global rules every page needs. The tokens themselves come from the stylesheet
 * `@portal/ui/styles.css`, which every app imports once from its entry: a real stylesheet paints
 * the right theme before any script runs, and no script carries the tokens a second time.
 */
export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: var(--ui-font-family);
    font-size: var(--ui-font-size-md);
    line-height: var(--ui-line-height-normal);
    color: var(--ui-color-text);
    background: var(--ui-color-background);
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  button,
  input,
  select,
  textarea {
    font: inherit;
  }

  a {
    color: var(--ui-color-primary-text);
  }

  :focus-visible {
    outline: var(--ui-focus-ring-width) solid var(--ui-color-focus-ring);
    outline-offset: var(--ui-focus-ring-offset);
  }

  /*
   * Keyboard focus only: after a pointer press, focus that a script moved (Radix tabs, dialogs,
   * menus) shows no ring until the next key (useInputModality). Text fields keep theirs, as
   * typing follows. Important: it must win over every component's own ring.
   */
  [data-ui-input='pointer'] :focus-visible:not(input, textarea, select, [contenteditable='true']) {
    outline: none !important;
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
