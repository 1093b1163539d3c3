import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { ColumnView } from './DataRow.tsx';
import { ACTIONS_COLUMN_ID, SELECT_COLUMN_ID } from './tableModel.ts';

/** The most a column's content may ask for: a long message still ends in an ellipsis. */
export const MAX_FLOOR_PX = 320;

interface ColumnFitOptions<TData> {
  /** False on phones (cards): nothing is measured and no column drops. */
  enabled: boolean;
  scrollerRef: RefObject<HTMLDivElement | null>;
  gridRef: RefObject<HTMLTableElement | null>;
  /** The columns shown; measured again when they or the rows change. */
  columns: readonly ColumnView<TData>[];
  rows: unknown;
  /**
   * Whether the model has the grid's width: until it has, the columns that will drop are not known,
   * and measuring them would be measuring again once they are.
   */
  widthKnown: boolean;
  setFitWidth: (width: number | undefined) => void;
  setFloors: (
    update: (floors: Readonly<Record<string, number>>) => Readonly<Record<string, number>>,
  ) => void;
}

/**
 * Makes the grid fit its width: tells the model how wide the scroller is (so columns that do not
 * fit drop out) and how wide each column's content is when nothing is cut (so its track never
 * goes below it). A column declared flexible (an `fr` track) is measured by its heading only: its
 * values may end in an ellipsis, its heading may not. Content is measured in one synchronous
 * pass with every cell at its max-content width (`data-measuring`), before the browser paints.
 */
export function useColumnFit<TData extends RowData>({
  enabled,
  scrollerRef,
  gridRef,
  columns,
  rows,
  widthKnown,
  setFitWidth,
  setFloors,
}: ColumnFitOptions<TData>) {
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!enabled || !scroller) {
      setFitWidth(undefined);
      return;
    }
    const update = () => setFitWidth(scroller.clientWidth || undefined);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [enabled, scrollerRef, setFitWidth]);

  // Text measured before a web font arrives is measured again once it has.
  const [fontsLoaded, setFontsLoaded] = useState(0);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!enabled || !fonts?.addEventListener) return;
    const remeasure = () => setFontsLoaded((count) => count + 1);
    fonts.addEventListener('loadingdone', remeasure);
    // Fonts already loaded when the grid was first measured: that measure stands.
    if (fonts.status !== 'loaded') void fonts.ready.then(remeasure);
    return () => fonts.removeEventListener('loadingdone', remeasure);
  }, [enabled]);

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!enabled || !grid || !widthKnown) return;
    const headerOnly = new Set(
      columns.flatMap((column) => {
        const width = column.def?.width;
        return typeof width === 'string' && width.includes('fr') ? [column.id] : [];
      }),
    );
    grid.setAttribute('data-measuring', '');
    const measured: Record<string, number> = {};
    for (const cell of grid.querySelectorAll<HTMLElement>('[data-col]')) {
      const id = cell.dataset.col;
      if (!id || id === SELECT_COLUMN_ID || id === ACTIONS_COLUMN_ID) continue;
      if (cell.tagName === 'TD' && headerOnly.has(id)) continue;
      const width = Math.min(Math.ceil(cell.getBoundingClientRect().width), MAX_FLOOR_PX);
      if (width > (measured[id] ?? 0)) measured[id] = width;
    }
    grid.removeAttribute('data-measuring');
    setFloors((floors) => {
      let next: Record<string, number> | undefined;
      for (const [id, width] of Object.entries(measured)) {
        if (width <= (floors[id] ?? 0)) continue;
        next ??= { ...floors };
        next[id] = width;
      }
      return next ?? floors;
    });
  }, [enabled, gridRef, columns, rows, setFloors, fontsLoaded, widthKnown]);
}
