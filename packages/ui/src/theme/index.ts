export { theme } from './theme.ts';
export type { ColorKind, FeedbackKind, UiTheme } from './theme.ts';
export { GlobalStyle } from './GlobalStyle.ts';
export { ThemeProvider } from './ThemeProvider.tsx';
export type { ThemeProviderProps } from './ThemeProvider.tsx';
export { getThemeMode, setThemeMode, themeBootScript } from './themeMode.ts';
export type { ThemeMode } from './themeMode.ts';
