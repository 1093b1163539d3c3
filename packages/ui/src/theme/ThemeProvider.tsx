import type { ReactNode } from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { useInputModality } from '../internal/useInputModality.ts';
import { GlobalStyle } from './GlobalStyle.ts';
import { theme } from './theme.ts';

export interface ThemeProviderProps {
  /** The app. */
  children?: ReactNode;
}

/**
 * The styled-components theme (CSS-variable references) and the global styles. Light or dark is
 * chosen by `setThemeMode` (the `data-theme` attribute), not here, so switching never re-renders.
 * It also tracks pointer or keyboard input, so focus rings show for keyboard focus only.
 */
export function ThemeProvider({ children }: ThemeProviderProps) {
  useInputModality();
  return (
    <StyledThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </StyledThemeProvider>
  );
}
