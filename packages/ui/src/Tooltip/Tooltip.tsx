import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useControllableState } from '../internal/useControllableState.ts';
import { StyledArrow, StyledContent } from './Tooltip.styles.ts';

const ProviderPresent = createContext(false);

export interface TooltipProviderProps {
  /** Hover time before a tooltip opens, in ms. Defaults to 500. */
  delayDuration?: number;
  /** After one tooltip closes, others open at once within this time (ms). Defaults to 300. */
  skipDelayDuration?: number;
  /** The app, or the part of it with tooltips. */
  children: ReactNode;
}

/**
 * Shares the delay between tooltips, so moving along a toolbar opens each at once. Put one near
 * the root of the app; a `Tooltip` outside any provider makes its own.
 */
export function TooltipProvider({
  delayDuration = 500,
  skipDelayDuration = 300,
  children,
}: TooltipProviderProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration}>
      <ProviderPresent.Provider value={true}>{children}</ProviderPresent.Provider>
    </RadixTooltip.Provider>
  );
}

export interface TooltipProps {
  /** The tooltip's text: a short phrase, no interactive content. */
  content: ReactNode;
  /**
   * The element it describes: one focusable element, usually an `IconButton` (Radix `asChild`).
   * Drop the button's native `title`, or the browser shows a second tooltip.
   */
  children: ReactElement;
  /** Preferred side; it flips when there is no room. Defaults to `top`. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Alignment along that side. Defaults to `center`. */
  align?: 'start' | 'center' | 'end';
  /** Hover time before opening, in ms; defaults to the provider's. Keyboard focus opens at once. */
  delayDuration?: number;
  /** Whether the tooltip is shown (controlled). */
  open?: boolean;
  /** Whether the tooltip starts shown (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when the tooltip opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A short description shown on hover and on keyboard focus, over Radix Tooltip. The trigger is
 * described by it (`aria-describedby`) while it is open; Escape hides it.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  align = 'center',
  delayDuration,
  open,
  defaultOpen = false,
  onOpenChange,
}: TooltipProps) {
  const hasProvider = useContext(ProviderPresent);
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const tooltip = (
    <RadixTooltip.Root open={isOpen} onOpenChange={setOpen} delayDuration={delayDuration}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <StyledContent side={side} align={align} sideOffset={6} collisionPadding={8}>
          {content}
          <StyledArrow width={10} height={5} />
        </StyledContent>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
