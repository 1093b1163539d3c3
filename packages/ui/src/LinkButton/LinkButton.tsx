import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Icon } from '@portal/icons';
import { iconSizes, useButtonLook, type ButtonAppearance } from '../Button/Button.tsx';
import { Label } from '../internal/button.styles.ts';
import { useDisabledReason } from '../internal/disabledReason.tsx';
import { StyledDisabledLink, StyledLink } from './LinkButton.styles.ts';

export interface LinkButtonProps extends ButtonAppearance, AnchorHTMLAttributes<HTMLAnchorElement> {
  /**
   * Where the link goes. Routed client-side through the `LinkProvider` when the app has one;
   * an `onClick` that calls `preventDefault` still takes over.
   */
  href: string;
  /**
   * Why the destination is unavailable. Given, the link loses its `href` but stays focusable
   * (`role="link"`, `aria-disabled="true"`): it shows the reason in a tooltip on hover and focus
   * and is described by it (`aria-describedby`).
   */
  disabledReason?: string;
}

/** A link that looks like a `Button`: for navigation, not actions. The ref is the `<a>`. */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { variant, size = 'medium', tone, leadingIcon, elevated, disabledReason, children, ...rest },
  ref,
) {
  const look = useButtonLook({ variant, size, tone, elevated });
  const withReason = useDisabledReason(disabledReason, rest);
  const content = (
    <>
      {leadingIcon && <Icon path={leadingIcon} size={iconSizes[size]} />}
      <Label>{children}</Label>
    </>
  );
  if (withReason) {
    // Without `href` an anchor is no link and not focusable: the role and tab stop put both back.
    const { href: _href, ...anchor } = rest;
    return withReason.wrap(
      <StyledDisabledLink
        {...anchor}
        {...withReason.props}
        {...look}
        ref={ref}
        role="link"
        tabIndex={0}
      >
        {content}
      </StyledDisabledLink>,
    );
  }
  return (
    <StyledLink {...rest} {...look} ref={ref}>
      {content}
    </StyledLink>
  );
});
