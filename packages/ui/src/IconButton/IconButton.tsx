import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Icon } from '@portal/icons';
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
}

/**
 * A round, icon-only button. It takes the text colour around it. Toggles pass `aria-pressed`,
 * disclosure buttons `aria-expanded`; both pass through with every other native attribute.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, size = 'medium', type = 'button', ...rest },
  ref,
) {
  return (
    <StyledIconButton {...rest} ref={ref} type={type} data-size={size}>
      <Icon path={icon} size={size === 'small' ? 20 : 24} />
    </StyledIconButton>
  );
});
