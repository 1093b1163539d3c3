import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  Virtualizer,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  type Range,
  type VirtualItem,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';

interface RowWindowOptions {
  enabled: boolean;
  count: number;
  getScrollElement: () => HTMLElement | null;
  /** Every row's height: rows never change size, so nothing is measured. */
  rowHeight: number;
  /** Height of the sticky header above the first row, inside the scroll element. */
  headerHeight: number;
  getItemKey: (index: number) => string | number;
  rangeExtractor: (range: Range) => number[];
  overscan: number;
}

/** The rows to render and the body's full height. */
export interface RowWindow {
  items: readonly VirtualItem[];
  totalSize: number;
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
  getItemKey,
  rangeExtractor,
  overscan,
}: RowWindowOptions): RowWindow {
  // The rendered range as state: setting the same range again is a no-op for React.
  const [, setShownRange] = useState('');
  const options: VirtualizerOptions<HTMLElement, HTMLElement> = {
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
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange: (instance, sync) => {
      const range = instance.range;
      const key = range ? `${range.startIndex}:${range.endIndex}` : '';
      // Inside a scroll event, render before the frame is painted, so no blank rows show.
      if (sync) flushSync(() => setShownRange(key));
      else setShownRange(key);
    },
  };
  const [virtualizer] = useState(() => new Virtualizer(options));
  virtualizer.setOptions(options);
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  return { items: virtualizer.getVirtualItems(), totalSize: virtualizer.getTotalSize() };
}
