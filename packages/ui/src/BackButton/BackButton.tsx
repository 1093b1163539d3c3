import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { mdiArrowLeft } from '@mdi/js';
import { Button } from '../Button/Button.tsx';
import { LinkButton } from '../LinkButton/LinkButton.tsx';

interface BackButtonLook {
  /** The label; defaults to "Back". */
  children?: ReactNode;
}

/** Acting as a button: pass `onClick` (for example `() => navigate(-1)`). */
export interface BackButtonAsButton
  extends BackButtonLook, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Absent: the back button is a `<button>`. */
  href?: undefined;
}

/** Acting as a link: pass `href`; a `LinkProvider` routes it client-side. */
export interface BackButtonAsLink
  extends BackButtonLook, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> {
  /** Where "back" is; the back button is then an `<a>`. */
  href: string;
}

export type BackButtonProps = BackButtonAsButton | BackButtonAsLink;

/** The back button of the specification: small, outlined, secondary, with a left arrow. */
export function BackButton(props: BackButtonProps) {
  if (props.href !== undefined) {
    const { children = 'Back', ...rest } = props;
    return (
      <LinkButton
        {...rest}
        variant="outlined"
        tone="secondary"
        size="small"
        leadingIcon={mdiArrowLeft}
      >
        {children}
      </LinkButton>
    );
  }
  const { children = 'Back', ...rest } = props;
  return (
    <Button {...rest} variant="outlined" tone="secondary" size="small" leadingIcon={mdiArrowLeft}>
      {children}
    </Button>
  );
}
