// The tooltip proper (Radix Tooltip, its layer and positioning), loaded on the first hover or
// focus of any tooltip's trigger (see Tooltip.tsx). It drives the trigger the page already shows.
import {
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { StyledArrow, StyledContent } from './Tooltip.styles.ts';

/** A handler Radix's trigger gives its element, called with the element's event. */
export type TriggerHandler = (event: unknown) => void;

/** What Radix's trigger puts on its element: state, description, handlers. */
export interface TriggerProps {
  'aria-describedby'?: string | undefined;
  'data-state'?: string | undefined;
  handlers: Record<string, TriggerHandler>;
}

/** The delay shared by the tooltips of one `TooltipProvider`, as Radix's provider keeps it. */
export interface DelayGroup {
  delayDuration: number;
  skipDelayDuration: number;
  /** False from a tooltip's opening until `skipDelayDuration` after it closes: open at once. */
  isOpenDelayed: () => boolean;
  subscribe: (listener: () => void) => () => void;
  onOpen: () => void;
  onClose: () => void;
}

export interface TooltipLayerProps {
  content: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  align: 'start' | 'center' | 'end';
  delayDuration: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger the page renders; Radix anchors to it and reads its events. */
  target: RefObject<HTMLElement | null>;
  /** Receives what Radix's trigger would put on the element. */
  publish: (props: TriggerProps) => void;
  /** The provider's shared delay; without one the tooltip has its own, as before. */
  group: DelayGroup | null;
}

const alwaysDelayed = () => true;
const noSubscription = () => () => {};

interface AnchorProps extends Record<string, unknown> {
  target: RefObject<HTMLElement | null>;
  publish: (props: TriggerProps) => void;
  ref?: Ref<HTMLElement>;
}

/**
 * Stands where Radix's `Trigger asChild` expects its element: hands Radix the real trigger as its
 * ref and the trigger's props back to the page, instead of rendering (and re-creating) a button.
 */
function Anchor({ target, publish, ref, ...props }: AnchorProps) {
  const latest = useRef(props);
  // Stable handlers calling Radix's latest ones: publishing once is enough.
  const [handlers] = useState(() => {
    const stable: Record<string, TriggerHandler> = {};
    for (const key of Object.keys(props)) {
      if (!/^on[A-Z]/.test(key)) continue;
      stable[key] = (event) => {
        const handler = latest.current[key];
        if (typeof handler === 'function') handler(event);
      };
    }
    return stable;
  });
  useLayoutEffect(() => {
    latest.current = props;
  });
  const describedBy =
    typeof props['aria-describedby'] === 'string' ? props['aria-describedby'] : undefined;
  const state = typeof props['data-state'] === 'string' ? props['data-state'] : undefined;
  useLayoutEffect(() => {
    publish({
      'aria-describedby': describedBy,
      'data-state': state,
      handlers,
    });
  }, [publish, describedBy, state, handlers]);
  useLayoutEffect(() => {
    const element = target.current;
    if (!element || !ref) return;
    if (typeof ref !== 'function') {
      ref.current = element;
      return () => {
        ref.current = null;
      };
    }
    const cleanup = ref(element);
    return () => {
      if (typeof cleanup === 'function') cleanup();
      else ref(null);
    };
  }, [ref, target]);
  return null;
}

/** See the file's first lines. */
export default function TooltipLayer({
  content,
  side,
  align,
  delayDuration,
  open,
  onOpenChange,
  target,
  publish,
  group,
}: TooltipLayerProps) {
  const delayed = useSyncExternalStore(
    group?.subscribe ?? noSubscription,
    group?.isOpenDelayed ?? alwaysDelayed,
  );
  const root = (
    <RadixTooltip.Root
      open={open}
      onOpenChange={(next) => {
        if (next) group?.onOpen();
        else group?.onClose();
        onOpenChange(next);
      }}
      // Within a provider, a tooltip opening soon after another closed opens at once.
      delayDuration={delayed ? delayDuration : 0}
    >
      <RadixTooltip.Trigger asChild>
        <Anchor target={target} publish={publish} />
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <StyledContent side={side} align={align} sideOffset={6} collisionPadding={8}>
          {content}
          <StyledArrow width={10} height={5} />
        </StyledContent>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return (
    <RadixTooltip.Provider
      delayDuration={group?.delayDuration ?? 500}
      skipDelayDuration={group?.skipDelayDuration ?? 300}
    >
      {root}
    </RadixTooltip.Provider>
  );
}
