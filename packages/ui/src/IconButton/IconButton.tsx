import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Icon } from '@portal/icons';
import { useDisabledReason } from '../internal/disabledReason.tsx';
import { StyledIconButton } from './IconButton.styles.ts';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  /** The icon: an `@mdi/js` path or a custom icon. */
  icon: string;
  /** Required: an icon-only button has no visible label, so this is its accessible name. */
  'aria-label': string;
  /** `medium` (40 px, the default) or `small` (32 px). */
  size?: 'small' | 'medium';
  /** Tooltip shown on hover (the native `title`), usually the same words as `aria-label`. */
  title?: string;
  /**
   * Why the action is unavailable. Given, the button is disabled but stays focusable
   * (`aria-disabled="true"` instead of `disabled`): it ignores clicks, Enter and Space, shows the
   * reason in a tooltip on hover and focus (instead of `title`), and is described by it.
   */
  disabledReason?: string;
}

/**
 * A round, icon-only button. It takes the text colour around it. Toggles pass `aria-pressed`,
 * disclosure buttons `aria-expanded`; both pass through with every other native attribute.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, size = 'medium', type = 'button', disabledReason, disabled, title, ...rest },
  ref,
) {
  const withReason = useDisabledReason(disabledReason, rest);
  const button = (
    <StyledIconButton
      {...rest}
      {...withReason?.props}
      title={withReason ? undefined : title}
      disabled={withReason ? undefined : disabled}
      ref={ref}
      type={type}
      data-size={size}
    >
      <Icon path={icon} size={size === 'small' ? 20 : 24} />
    </StyledIconButton>
  );
  return withReason ? withReason.wrap(button) : button;
});
