import { createGlobalStyle } from 'styled-components';
import tokensCss from './tokens.css?raw';

/**
 * Tokens for both themes and the few global rules every page needs. Apps that want a flash-free
 * first paint also import `@portal/ui/styles.css` (the same tokens as a real stylesheet).
 */
export const GlobalStyle = createGlobalStyle`
  ${tokensCss}

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
