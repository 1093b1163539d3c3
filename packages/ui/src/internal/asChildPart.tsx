import {
  forwardRef,
  type ForwardRefExoticComponent,
  type ReactElement,
  type ReactNode,
  type RefAttributes,
} from 'react';

/** A Radix part that can lend its behaviour to its child (`asChild`). */
type RadixPart = ForwardRefExoticComponent<
  { asChild?: boolean; children?: ReactNode } & RefAttributes<HTMLButtonElement>
>;

/**
 * A part (a dialog's or a menu's trigger, a dialog's close) that is its one child element,
 * usually a `Button`: the child gets the Radix part's props and the ref. `name` is the part's
 * name in React's tools ("DialogTrigger").
 */
export function asChildPart<P extends { children: ReactElement }>(Part: RadixPart, name: string) {
  const Lent = forwardRef<HTMLButtonElement, P>(({ children }, ref) => (
    <Part asChild ref={ref}>
      {children}
    </Part>
  ));
  Lent.displayName = name;
  return Lent;
}
