import { forwardRef, useContext, type ButtonHTMLAttributes } from 'react';
import { Icon } from '@portal/icons';
import { useDisabledReason } from '../internal/disabledReason.tsx';
import { ElevatedActionsContext } from '../internal/elevation.ts';
import { SpinnerGraphic } from '../internal/SpinnerGraphic.tsx';
import { Label, StyledButton } from '../internal/button.styles.ts';

/** Emphasis of a button, from strongest to weakest; `danger` for destructive actions. */
export type ButtonVariant = 'primary' | 'secondary' | 'outlined' | 'text' | 'danger';
/** Height: 32, 40 or 48 px. */
export type ButtonSize = 'small' | 'medium' | 'large';
/** Colour of `outlined` and `text` buttons: brand blue or neutral grey. */
export type ButtonTone = 'primary' | 'secondary';

/** Props every button-looking component shares (`Button`, `LinkButton`). */
export interface ButtonAppearance {
  /** Emphasis: `primary` (filled blue), `secondary` (filled grey, the default), `outlined`, `text`, `danger` (filled red). */
  variant?: ButtonVariant;
  /** Height and padding. Defaults to `medium`. */
  size?: ButtonSize;
  /** Colour of `outlined` and `text` variants: `primary` (default) or `secondary` (neutral). */
  tone?: ButtonTone;
  /** An icon before the label: an `@mdi/js` path or a custom icon. */
  leadingIcon?: string;
  /** Raised with a shadow, as card actions are. Defaults to true inside `Card` actions. */
  elevated?: boolean;
}

export const iconSizes: Record<ButtonSize, number> = { small: 16, medium: 18, large: 20 };

/** The data attributes that give a button-looking component its appearance, with the defaults. */
export function useButtonLook({
  variant = 'secondary',
  size = 'medium',
  tone = 'primary',
  elevated,
}: Omit<ButtonAppearance, 'leadingIcon'>) {
  const inCardActions = useContext(ElevatedActionsContext);
  return {
    'data-variant': variant,
    'data-size': size,
    'data-tone': tone,
    'data-elevated': elevated ?? inCardActions,
  };
}

export interface ButtonProps extends ButtonAppearance, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Work in progress: shows a spinner, sets `aria-busy` and disables the button. */
  loading?: boolean;
  /** Native type; defaults to `button` (pass `submit` for a form's main action). */
  type?: 'button' | 'submit' | 'reset';
  /**
   * Why the action is unavailable. Given, the button is disabled but stays focusable
   * (`aria-disabled="true"` instead of `disabled`): it ignores clicks, Enter and Space, shows the
   * reason in a tooltip on hover and focus, and is described by it (`aria-describedby`).
   */
  disabledReason?: string;
}

/** A button. All native button attributes pass through; the ref is the `<button>`. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size = 'medium',
    tone,
    leadingIcon,
    elevated,
    loading = false,
    disabled,
    type = 'button',
    disabledReason,
    children,
    ...rest
  },
  ref,
) {
  const look = useButtonLook({ variant, size, tone, elevated });
  const iconSize = iconSizes[size];
  const withReason = useDisabledReason(loading ? undefined : disabledReason, rest);
  const button = (
    <StyledButton
      {...rest}
      {...withReason?.props}
      ref={ref}
      type={type}
      disabled={withReason ? undefined : disabled || loading}
      aria-busy={loading || undefined}
      {...look}
    >
      {loading ? (
        <SpinnerGraphic size={iconSize} />
      ) : (
        leadingIcon && <Icon path={leadingIcon} size={iconSize} />
      )}
      <Label>{children}</Label>
    </StyledButton>
  );
  return withReason ? withReason.wrap(button) : button;
});
