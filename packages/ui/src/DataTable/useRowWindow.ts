import { useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type * as VirtualModule from '@tanstack/react-virtual';
import type { Range, VirtualItem, Virtualizer, VirtualizerOptions } from '@tanstack/react-virtual';

interface RowWindowOptions {
  enabled: boolean;
  count: number;
  getScrollElement: () => HTMLElement | null;
  /** Every row's height: rows never change size, so nothing is measured. */
  rowHeight: number;
  /** Height of the sticky header above the first row, inside the scroll element. */
  headerHeight: number;
  /**
   * The scroll element's height as set in CSS, used while it measures nothing (not laid out yet,
   * or a DOM without layout): the rows that will show are rendered rather than none.
   */
  viewportHeight: number;
  getItemKey: (index: number) => string | number;
  rangeExtractor: (range: Range) => number[];
  overscan: number;
}

/** The rows to render and the body's full height. */
export interface RowWindow {
  items: readonly VirtualItem[];
  totalSize: number;
}

type VirtualCore = typeof VirtualModule;
let core: VirtualCore | undefined;
let loading: Promise<VirtualCore> | undefined;
/**
 * TanStack Virtual is fetched the first time a table is virtualized: most tables page, and the
 * first page after sign-in should not download a virtualizer it does not use.
 */
export const loadVirtualizer = () =>
  (loading ??= import('@tanstack/react-virtual').then((module) => (core = module)));

/** Enough to construct a Virtualizer; the real options are set on the next render. */
const placeholderOptions = (module: VirtualCore): VirtualizerOptions<HTMLElement, HTMLElement> => ({
  count: 0,
  getScrollElement: () => null,
  estimateSize: () => 0,
  observeElementRect: module.observeElementRect,
  observeElementOffset: module.observeElementOffset,
  scrollToFn: module.elementScroll,
});

/** `defaultRangeExtractor` of TanStack Virtual: the visible range widened by the overscan. */
export function overscanRange(range: Range): number[] {
  const start = Math.max(range.startIndex - range.overscan, 0);
  const end = Math.min(range.endIndex + range.overscan, range.count - 1);
  const indexes: number[] = [];
  for (let i = start; i <= end; i++) indexes.push(i);
  return indexes;
}

/**
 * TanStack Virtual's `Virtualizer` for fixed-height rows, returning plain values. Unlike
 * `useVirtualizer`, which re-renders on every scroll event, this re-renders only when the range of
 * rendered rows changes: scrolling within a window costs React nothing.
 */
export function useRowWindow({
  enabled,
  count,
  getScrollElement,
  rowHeight,
  headerHeight,
  viewportHeight,
  getItemKey,
  rangeExtractor,
  overscan,
}: RowWindowOptions): RowWindow {
  // The rendered range as state: setting the same range again is a no-op for React.
  const [, setShownRange] = useState('');
  // Created once the module is here; `setOptions` below gives it the current options each render.
  const [virtualizer, setVirtualizer] = useState<Virtualizer<HTMLElement, HTMLElement> | null>(
    () => (core ? new core.Virtualizer(placeholderOptions(core)) : null),
  );
  useEffect(() => {
    if (!enabled || virtualizer) return;
    let live = true;
    void loadVirtualizer().then((module) => {
      if (live) setVirtualizer(new module.Virtualizer(placeholderOptions(module)));
    });
    return () => {
      live = false;
    };
  }, [enabled, virtualizer]);

  if (virtualizer && core) {
    virtualizer.setOptions({
      enabled,
      count,
      getScrollElement,
      estimateSize: () => rowHeight,
      getItemKey,
      rangeExtractor,
      overscan,
      // Rows start below the sticky header, and scrolling to a row must not hide it under it.
      scrollMargin: headerHeight,
      scrollPaddingStart: headerHeight,
      initialRect: { width: 0, height: viewportHeight },
      observeElementRect: (instance, report) => {
        const observe = core!.observeElementRect;
        return observe(instance, (rect) =>
          report(rect.height > 0 ? rect : { width: rect.width, height: viewportHeight }),
        );
      },
      observeElementOffset: core.observeElementOffset,
      scrollToFn: core.elementScroll,
      onChange: (instance, sync) => {
        const range = instance.range;
        const key = range ? `${range.startIndex}:${range.endIndex}` : '';
        // Inside a scroll event, render before the frame is painted, so no blank rows show.
        if (sync) flushSync(() => setShownRange(key));
        else setShownRange(key);
      },
    });
  }
  useLayoutEffect(() => virtualizer?._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer?._willUpdate());

  if (virtualizer) {
    return { items: virtualizer.getVirtualItems(), totalSize: virtualizer.getTotalSize() };
  }
  // While the virtualizer loads: the rows it will show at the top (those the viewport holds, and
  // its overscan), laid out as it will lay them out. No more: each costs the first paint.
  const first = enabled ? Math.min(count, Math.ceil(viewportHeight / rowHeight) + overscan) : 0;
  const items: VirtualItem[] = [];
  for (let index = 0; index < first; index++) {
    const start = headerHeight + index * rowHeight;
    items.push({
      index,
      key: getItemKey(index),
      start,
      size: rowHeight,
      end: start + rowHeight,
      lane: 0,
    });
  }
  return { items, totalSize: count * rowHeight };
}
