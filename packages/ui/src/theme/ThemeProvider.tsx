import type { ReactNode } from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle.ts';
import { theme } from './theme.ts';

export interface ThemeProviderProps {
  /** The app. */
  children?: ReactNode;
}

/**
 * The styled-components theme (CSS-variable references) and the global styles. Light or dark is
 * chosen by `setThemeMode` (the `data-theme` attribute), not here, so switching never re-renders.
 */
export function ThemeProvider({ children }: ThemeProviderProps) {
  return (
    <StyledThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </StyledThemeProvider>
  );
}
