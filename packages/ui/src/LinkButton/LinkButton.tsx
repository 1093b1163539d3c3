import { forwardRef, useContext, type AnchorHTMLAttributes } from 'react';
import { Icon } from '@portal/icons';
import { iconSizes, type ButtonAppearance } from '../Button/Button.tsx';
import { Label } from '../Button/Button.styles.ts';
import { ElevatedActionsContext } from '../internal/elevation.ts';
import { StyledLink } from './LinkButton.styles.ts';

export interface LinkButtonProps extends ButtonAppearance, AnchorHTMLAttributes<HTMLAnchorElement> {
  /**
   * Where the link goes. Routed client-side through the `LinkProvider` when the app has one;
   * an `onClick` that calls `preventDefault` still takes over.
   */
  href: string;
}

/** A link that looks like a `Button`: for navigation, not actions. The ref is the `<a>`. */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  {
    variant = 'secondary',
    size = 'medium',
    tone = 'primary',
    leadingIcon,
    elevated,
    children,
    ...rest
  },
  ref,
) {
  const inCardActions = useContext(ElevatedActionsContext);
  return (
    <StyledLink
      {...rest}
      ref={ref}
      data-variant={variant}
      data-size={size}
      data-tone={tone}
      data-elevated={elevated ?? inCardActions}
    >
      {leadingIcon && <Icon path={leadingIcon} size={iconSizes[size]} />}
      <Label>{children}</Label>
    </StyledLink>
  );
});
