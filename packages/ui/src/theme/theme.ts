import 'styled-components';

/** `var(--ui-<name>)`: the value of a token, resolved by the browser for the current theme. */
const v = <N extends string>(name: N) => `var(--ui-${name})` as const;

const kind = <K extends 'primary' | 'error' | 'success' | 'warning' | 'info'>(k: K) => ({
  /** Accent for icons, borders and indicators (3:1, not for small text). */
  accent: v(`color-${k}`),
  /** Fill of filled controls and snackbars. */
  strong: v(`color-${k}-strong`),
  /** Text and icons on `strong`. */
  on: v(`color-on-${k}`),
  /** Text on background and surfaces. */
  text: v(`color-${k}-text`),
  /** Tinted background of inline messages and selected items. */
  container: v(`color-${k}-container`),
  /** Text and icons on `container`. */
  onContainer: v(`color-on-${k}-container`),
});

/**
 * The styled-components theme: every value is a `var(--ui-…)` reference to a token declared in
 * `tokens.css`, so switching light and dark is an attribute swap on `<html>` with no re-render.
 */
export const theme = {
  color: {
    primary: v('color-primary'),
    primaryStrong: v('color-primary-strong'),
    onPrimary: v('color-on-primary'),
    primaryText: v('color-primary-text'),
    primaryContainer: v('color-primary-container'),
    onPrimaryContainer: v('color-on-primary-container'),
    secondary: v('color-secondary'),
    onSecondary: v('color-on-secondary'),
    secondaryText: v('color-secondary-text'),
    secondaryFill: v('color-secondary-fill'),
    onSecondaryFill: v('color-on-secondary-fill'),
    error: v('color-error'),
    errorStrong: v('color-error-strong'),
    onError: v('color-on-error'),
    errorText: v('color-error-text'),
    background: v('color-background'),
    surface: v('color-surface'),
    surfaceRaised: v('color-surface-raised'),
    text: v('color-text'),
    textSecondary: v('color-text-secondary'),
    textDisabled: v('color-text-disabled'),
    border: v('color-border'),
    borderStrong: v('color-border-strong'),
    focusRing: v('color-focus-ring'),
    stateHover: v('color-state-hover'),
    statePressed: v('color-state-pressed'),
    scrim: v('color-scrim'),
  },
  /** The five semantic colour families, each with accent, fill, text and container shades. */
  kind: {
    primary: kind('primary'),
    error: kind('error'),
    success: kind('success'),
    warning: kind('warning'),
    info: kind('info'),
  },
  space: {
    1: v('space-1'),
    2: v('space-2'),
    3: v('space-3'),
    4: v('space-4'),
    5: v('space-5'),
    6: v('space-6'),
    8: v('space-8'),
    12: v('space-12'),
  },
  radius: { sm: v('radius-sm'), md: v('radius-md'), lg: v('radius-lg'), full: v('radius-full') },
  elevation: { 1: v('elevation-1'), 2: v('elevation-2'), 3: v('elevation-3'), 4: v('elevation-4') },
  font: {
    family: v('font-family'),
    familyMono: v('font-family-mono'),
    size: {
      xs: v('font-size-xs'),
      sm: v('font-size-sm'),
      md: v('font-size-md'),
      lg: v('font-size-lg'),
      xl: v('font-size-xl'),
      '2xl': v('font-size-2xl'),
    },
    weight: {
      regular: v('font-weight-regular'),
      medium: v('font-weight-medium'),
      semibold: v('font-weight-semibold'),
      bold: v('font-weight-bold'),
    },
    lineHeight: { tight: v('line-height-tight'), normal: v('line-height-normal') },
  },
  focusRing: { width: v('focus-ring-width'), offset: v('focus-ring-offset') },
  motion: {
    short: v('duration-short'),
    medium: v('duration-medium'),
    easing: v('easing-standard'),
  },
  layout: {
    appBarHeight: v('appbar-height'),
    drawerWidth: v('drawer-width'),
    drawerRailWidth: v('drawer-rail-width'),
  },
  z: { appBar: v('z-appbar'), drawer: v('z-drawer'), snackbar: v('z-snackbar') },
} as const;

/** The shape of `theme`, and so of styled-components' `DefaultTheme`. */
export type UiTheme = typeof theme;

/** One of the semantic colour families: `'primary' | 'error' | 'success' | 'warning' | 'info'`. */
export type ColorKind = keyof UiTheme['kind'];

/** The feedback kinds of snackbars and alerts. */
export type FeedbackKind = Exclude<ColorKind, 'primary'>;

declare module 'styled-components' {
  export interface DefaultTheme {
    color: UiTheme['color'];
    kind: UiTheme['kind'];
    space: UiTheme['space'];
    radius: UiTheme['radius'];
    elevation: UiTheme['elevation'];
    font: UiTheme['font'];
    focusRing: UiTheme['focusRing'];
    motion: UiTheme['motion'];
    layout: UiTheme['layout'];
    z: UiTheme['z'];
  }
}
