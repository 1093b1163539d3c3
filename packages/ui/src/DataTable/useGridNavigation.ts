import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import type { Row, RowData } from '@tanstack/react-table';
import { positionOf, syncTabStops, type CellPosition } from './gridFocus.ts';
import type { Features } from './tableModel.ts';

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio'));

interface GridNavigationOptions<TData extends RowData> {
  rows: readonly Row<Features, TData>[];
  colCount: number;
  selectable: boolean;
  rowHeight: number;
  headerHeight: number;
  onRowClick: ((row: TData) => void) | undefined;
}

/**
 * The WAI-ARIA grid keyboard: one active cell holds the tab stop (roving focus); arrows, Home/End,
 * Ctrl+Home/End and PageUp/PageDown move it; Enter opens the row, Space selects it.
 */
export function useGridNavigation<TData extends RowData>({
  rows,
  colCount,
  selectable,
  rowHeight,
  headerHeight,
  onRowClick,
}: GridNavigationOptions<TData>) {
  // Roving focus: the active cell (clamped, as rows and columns come and go).
  const [active, setActive] = useState<CellPosition>({ row: 0, col: selectable ? 1 : 0 });
  const activeRow = clamp(active.row, -1, rows.length - 1);
  const activeCol = clamp(active.col, 0, colCount - 1);
  const focusPending = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  // The virtualizer lives in DataBody, whose layout effects run before this element's ref is
  // attached: holding the element in state renders the body again once the element exists.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const attachScroller = useCallback((element: HTMLDivElement | null) => {
    scrollerRef.current = element;
    setScroller(element);
  }, []);
  const getScrollElement = useCallback(() => scroller, [scroller]);

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const target = syncTabStops(grid, { row: activeRow, col: activeCol });
    if (target && focusPending.current) {
      focusPending.current = false;
      target.focus();
    }
  });

  const moveTo = (next: CellPosition) => {
    focusPending.current = true;
    setActive(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    if (!position || isTextEntry(event.target)) return;
    const { row, col } = position;
    const lastRow = rows.length - 1;
    const screenful = Math.max(
      1,
      Math.floor(((scrollerRef.current?.clientHeight ?? 0) - headerHeight) / rowHeight) - 1,
    );
    const pageStep = screenful > 1 ? screenful : 10;
    const ctrl = event.ctrlKey || event.metaKey;
    let next: CellPosition | null = null;
    switch (event.key) {
      case 'ArrowRight':
        next = { row, col: Math.min(col + 1, colCount - 1) };
        break;
      case 'ArrowLeft':
        next = { row, col: Math.max(col - 1, 0) };
        break;
      case 'ArrowDown':
        next = { row: Math.min(row + 1, lastRow), col };
        break;
      case 'ArrowUp':
        next = { row: Math.max(row - 1, -1), col };
        break;
      case 'Home':
        next = ctrl ? { row: -1, col: 0 } : { row, col: 0 };
        break;
      case 'End':
        next = ctrl ? { row: lastRow, col: colCount - 1 } : { row, col: colCount - 1 };
        break;
      case 'PageDown':
        next = { row: Math.min(row + pageStep, lastRow), col };
        break;
      case 'PageUp':
        next = { row: Math.max(row - pageStep, row >= 0 ? 0 : -1), col };
        break;
      case ' ':
      case 'Enter': {
        // On a widget (link, checkbox, sort button) the key keeps its own meaning.
        const target = event.target;
        const onCell = target instanceof HTMLElement && target.dataset.ci !== undefined;
        const current = rows[row];
        if (!onCell || !current) return;
        if (event.key === ' ' && selectable && current.getCanSelect()) current.toggleSelected();
        else if (event.key === 'Enter' && onRowClick) onRowClick(current.original);
        else return;
        event.preventDefault();
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    moveTo(next);
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    if (position && (position.row !== activeRow || position.col !== activeCol)) setActive(position);
  };

  return {
    activeRow,
    activeCol,
    gridRef,
    scrollerRef,
    attachScroller,
    getScrollElement,
    onKeyDown,
    onFocus,
  };
}
