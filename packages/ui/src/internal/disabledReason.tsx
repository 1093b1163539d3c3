import {
  useId,
  useState,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type MouseEvent,
  type ReactElement,
} from 'react';
import styled from 'styled-components';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import { visuallyHidden } from './visuallyHidden.ts';

const Reason = styled.span`
  ${visuallyHidden}
`;

interface Handlers<E extends HTMLElement> {
  onKeyDown?: KeyboardEventHandler<E> | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * A control disabled with a reason: it stays focusable (`aria-disabled`, not `disabled`), ignores
 * clicks, Enter and Space, and is described by the reason, shown in a tooltip on hover and focus.
 * Returns the props for the control and a wrapper for the rendered control; `null` without a
 * reason.
 */
export function useDisabledReason<E extends HTMLElement>(
  reason: string | undefined,
  { onKeyDown, 'aria-describedby': describedBy }: Handlers<E>,
) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (!reason) return null;
  // While the tooltip shows, Radix describes the control by it: the hidden copy steps aside, so
  // the reason is not read twice.
  const reasonId = open ? undefined : id;
  return {
    props: {
      'aria-disabled': true as const,
      'aria-describedby': [describedBy, reasonId].filter(Boolean).join(' ') || undefined,
      onClick: (event: MouseEvent<E>) => {
        // No form submission, no navigation, no handler.
        event.preventDefault();
      },
      onKeyDown: (event: KeyboardEvent<E>) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          return;
        }
        onKeyDown?.(event);
      },
    },
    wrap: (control: ReactElement) => (
      <>
        <Tooltip content={reason} open={open} onOpenChange={setOpen}>
          {control}
        </Tooltip>
        <Reason id={id}>{reason}</Reason>
      </>
    ),
  };
}
