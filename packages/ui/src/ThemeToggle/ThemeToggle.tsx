import { forwardRef } from 'react';
import { mdiWeatherNight, mdiWhiteBalanceSunny } from '@mdi/js';
import { IconButton, type IconButtonProps } from '../IconButton/IconButton.tsx';
import { useControllableState } from '../internal/useControllableState.ts';

export interface ThemeToggleProps extends Omit<
  IconButtonProps,
  'icon' | 'aria-label' | 'aria-pressed' | 'onClick' | 'defaultValue'
> {
  /** Dark mode on (controlled). */
  pressed?: boolean;
  /** Dark mode on at first (uncontrolled). Defaults to false. */
  defaultPressed?: boolean;
  /** Called with the new state. Apply it with `setThemeMode` (and persist it) in the app. */
  onPressedChange?: (pressed: boolean) => void;
  /** Accessible name; defaults to "Dark mode". */
  'aria-label'?: string;
}

/**
 * The dark-mode switch: a toggle button (`aria-pressed`) showing a moon when dark mode is on and
 * a sun when it is off. It only reports; the app applies the theme with `setThemeMode`.
 */
export const ThemeToggle = forwardRef<HTMLButtonElement, ThemeToggleProps>(function ThemeToggle(
  {
    pressed: pressedProp,
    defaultPressed = false,
    onPressedChange,
    'aria-label': label = 'Dark mode',
    title,
    ...rest
  },
  ref,
) {
  const [pressed, setPressed] = useControllableState({
    value: pressedProp,
    defaultValue: defaultPressed,
    onChange: onPressedChange,
  });
  return (
    <IconButton
      {...rest}
      ref={ref}
      icon={pressed ? mdiWeatherNight : mdiWhiteBalanceSunny}
      aria-label={label}
      aria-pressed={pressed}
      title={title ?? label}
      onClick={() => setPressed(!pressed)}
    />
  );
});
