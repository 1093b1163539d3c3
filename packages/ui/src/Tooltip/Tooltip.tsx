import {
  cloneElement,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { retryingImport } from '../internal/retryingImport.ts';
import { useOpenState } from '../internal/useControllableState.ts';
import type {
  DelayGroup,
  TooltipLayerProps,
  TriggerHandler,
  TriggerProps,
} from './TooltipLayer.tsx';

// Radix Tooltip (its layer, positioning) is not needed to show a page: it loads on the first
// hover or focus of a trigger, or at once for a tooltip shown from the start. The trigger itself
// is rendered here, the same element before and after, so it keeps its focus.
const load = retryingImport(() => import('./TooltipLayer.tsx'));
let loaded = false;
const LazyLayer = lazy(() =>
  load().then((module) => {
    loaded = true;
    return module;
  }),
);

const ProviderGroup = createContext<DelayGroup | null>(null);

function createDelayGroup(delayDuration: number, skipDelayDuration: number): DelayGroup {
  let openDelayed = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (openDelayed === value) return;
    openDelayed = value;
    for (const listener of listeners) listener();
  };
  return {
    delayDuration,
    skipDelayDuration,
    isOpenDelayed: () => openDelayed,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onOpen: () => {
      clearTimeout(timer);
      set(false);
    },
    onClose: () => {
      clearTimeout(timer);
      timer = setTimeout(() => set(true), skipDelayDuration);
    },
  };
}

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
  const [group, setGroup] = useState(() => createDelayGroup(delayDuration, skipDelayDuration));
  if (group.delayDuration !== delayDuration || group.skipDelayDuration !== skipDelayDuration) {
    setGroup(createDelayGroup(delayDuration, skipDelayDuration));
  }
  return <ProviderGroup.Provider value={group}>{children}</ProviderGroup.Provider>;
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

type Handler = (event: unknown) => void;
type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

const joinIds = (...values: unknown[]) => {
  const ids = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const id of value.trim().split(/\s+/)) if (id) ids.add(id);
  }
  return ids.size > 0 ? [...ids].join(' ') : undefined;
};

/** The trigger's props over the child's, as Radix's `Slot` merges them (child handlers first). */
function mergeProps(slot: Record<string, unknown>, child: ChildProps) {
  const merged: Record<string, unknown> = { ...child };
  for (const key of Object.keys(child)) {
    const slotValue = slot[key];
    const childValue = child[key];
    if (/^on[A-Z]/.test(key)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[key] = (...args: unknown[]) => {
          const result: unknown = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (typeof slotValue === 'function') merged[key] = slotValue;
    } else if (key === 'style') {
      merged[key] = { ...(slotValue as CSSProperties), ...(childValue as CSSProperties) };
    } else if (key === 'className') {
      merged[key] = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (key === 'aria-describedby') {
      merged[key] = joinIds(childValue, slotValue);
    }
  }
  return { ...slot, ...merged };
}

const setRef = (ref: Ref<HTMLElement> | undefined, value: HTMLElement | null) => {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
};

/** Two handlers as one: the first, then the second. */
const both =
  (first: Handler, second: TriggerHandler | undefined): Handler =>
  (event) => {
    first(event);
    second?.(event);
  };

/** What happens to a trigger before Radix is there to see it; the first hover or focus activates. */
function watchTrigger(activate: () => void) {
  const seen = {
    hovered: false,
    pointerType: '',
    focused: false,
    pointerDown: false,
    handlers: {} as Record<string, Handler>,
  };
  seen.handlers = {
    onPointerEnter: (event) => {
      seen.hovered = true;
      seen.pointerType = (event as PointerEvent).pointerType;
      activate();
    },
    onPointerLeave: () => {
      seen.hovered = false;
    },
    onPointerDown: () => {
      // As Radix: a press is not a hover to answer, and the focus it gives is not a keyboard's.
      seen.hovered = false;
      seen.pointerDown = true;
      document.addEventListener(
        'pointerup',
        () => {
          seen.pointerDown = false;
        },
        { once: true },
      );
    },
    onFocus: () => {
      seen.focused = !seen.pointerDown;
      activate();
    },
    onBlur: () => {
      seen.focused = false;
    },
  };
  return seen;
}

/** The trigger, with the tooltip's props merged in and the tooltip's ref on it. */
function Trigger({
  element,
  props,
  triggerRef,
}: {
  element: ReactElement;
  props: Record<string, unknown>;
  triggerRef: Ref<HTMLElement>;
}) {
  return cloneElement(element as ReactElement<ChildProps>, { ...props, ref: triggerRef });
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
  defaultOpen,
  onOpenChange,
}: TooltipProps) {
  const group = useContext(ProviderGroup);
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });
  // Once active, the layer stays: Radix then owns the trigger's events.
  const [active, setActive] = useState(() => loaded || isOpen);
  if (isOpen && !active) setActive(true);
  const [trigger, setTrigger] = useState<TriggerProps | null>(null);
  const element = useRef<HTMLElement | null>(null);
  const [seen] = useState(() => watchTrigger(() => setActive(true)));

  const { ref: childRef, ...childProps } = children.props as ChildProps;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      element.current = node;
      setRef(childRef, node);
    },
    [childRef],
  );

  // The hover or focus that loaded the layer still opens the tooltip, through Radix's own handlers.
  const handedOver = useRef(false);
  useEffect(() => {
    if (!trigger || handedOver.current) return;
    handedOver.current = true;
    const node = element.current;
    if (seen.focused && node && document.activeElement === node) {
      trigger.handlers.onFocus?.({ defaultPrevented: false });
    } else if (seen.hovered) {
      trigger.handlers.onPointerMove?.({ defaultPrevented: false, pointerType: seen.pointerType });
    }
  }, [trigger, seen]);

  const handlers = trigger?.handlers ?? {};
  const slot: Record<string, unknown> = {
    'aria-describedby': trigger?.['aria-describedby'],
    'data-state': trigger?.['data-state'],
    ...handlers,
  };
  for (const [key, handler] of Object.entries(seen.handlers))
    slot[key] = both(handler, handlers[key]);
  const layerProps: TooltipLayerProps = {
    content,
    side,
    align,
    delayDuration,
    open: isOpen,
    onOpenChange: setOpen,
    target: element,
    publish: setTrigger,
    group,
  };
  const merged = mergeProps(slot, childProps);
  return (
    <>
      <Trigger element={children} props={merged} triggerRef={ref} />
      {active && (
        // Once loaded, the lazy layer renders at once, without suspending.
        <Suspense fallback={null}>
          <LazyLayer {...layerProps} />
        </Suspense>
      )}
    </>
  );
}
