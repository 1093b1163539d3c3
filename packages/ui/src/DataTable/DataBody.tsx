import { memo, useCallback, useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import type { Row, RowData, RowSelectionState } from '@tanstack/react-table';
import type { Range } from '@tanstack/react-virtual';
import { DataRow, type ColumnView } from './DataRow.tsx';
import { positionOf, syncTabStops } from './gridFocus.ts';
import type { DataTableRowAction } from './DataTable.types.ts';
import type { Features } from './tableModel.ts';
import { overscanRange, useRowWindow } from './useRowWindow.ts';

/** How many rows before the end of the loaded rows `onEndReached` is called. */
const END_REACHED_ROWS = 40;

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';

interface DataBodyProps<TData extends RowData> {
  /** The row model to show: one page, or every filtered row when virtualized. */
  rows: readonly Row<Features, TData>[];
  columns: readonly ColumnView<TData>[];
  rowSelection: RowSelectionState;
  selectable: boolean;
  onRowClick: ((row: TData) => void) | undefined;
  labelOf: (row: TData) => string;
  rowActions: ((row: TData) => DataTableRowAction[]) | undefined;
  /** Ids of the rows being opened or worked on. */
  busyRows: ReadonlySet<string>;
  /** Virtualized: called when the last rows are rendered. */
  onEndReached?: () => void;
  /** `aria-rowindex` of the first row, minus 2 (rows before it: the header, earlier pages). */
  rowOffset: number;
  virtualized: boolean;
  getScrollElement: () => HTMLElement | null;
  rowHeight: number;
  headerHeight: number;
  /** The scroll area's height in CSS pixels, for the first render before it is measured. */
  viewportHeight: number;
  /** The grid's active cell: its row stays rendered, and keeps the tab stop. */
  activeRow: number;
  activeCol: number;
}

/**
 * The `<tbody>`. A component of its own (memoized) so that scrolling re-renders only it, only
 * when the window of rendered rows changes, and typing in the search box does not render it
 * until the filtered rows are ready.
 */
function DataBodyImpl<TData extends RowData>({
  rows,
  columns,
  rowSelection,
  selectable,
  onRowClick,
  labelOf,
  rowActions,
  busyRows,
  onEndReached,
  rowOffset,
  virtualized,
  getScrollElement,
  rowHeight,
  headerHeight,
  viewportHeight,
  activeRow,
  activeCol,
}: DataBodyProps<TData>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  // Keep the active row rendered even when scrolled out of view: focus never falls out of the grid.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = overscanRange(range);
      if (activeRow >= 0 && activeRow < range.count && !indexes.includes(activeRow)) {
        indexes.push(activeRow);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeRow],
  );
  // Stable between renders: the virtualizer recomputes every row's position when it changes.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const rowWindow = useRowWindow({
    enabled: virtualized,
    count: virtualized ? rows.length : 0,
    getScrollElement,
    rowHeight,
    headerHeight,
    viewportHeight,
    getItemKey,
    rangeExtractor,
    overscan: 8,
  });

  // Near the end of the loaded rows: ask for more before the reader gets there.
  const lastShown = rowWindow.items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastShown >= rows.length - END_REACHED_ROWS)
      onEndReached();
  }, [onEndReached, lastShown, rows.length]);

  // Rows that scrolling brings in may hold links: take them out of the tab order too.
  useLayoutEffect(() => {
    const grid = bodyRef.current?.closest<HTMLElement>('[role="grid"]');
    if (grid) syncTabStops(grid, { row: activeRow, col: activeCol });
  });

  const onClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    if (!onRowClick || !(event.target instanceof Element)) return;
    if (event.target.closest(INTERACTIVE)) return;
    // Selecting text in a row is not opening it.
    if (window.getSelection?.()?.toString()) return;
    const position = positionOf(event.target);
    const row = position ? rows[position.row] : undefined;
    if (row) onRowClick(row.original);
  };

  const renderRow = (index: number, offset?: number) => {
    const row = rows[index];
    if (!row) return null;
    return (
      <DataRow
        key={row.id}
        row={row}
        columns={columns}
        index={index}
        ariaRowIndex={rowOffset + index + 2}
        selectable={selectable}
        selected={selectable && rowSelection[row.id] === true}
        clickable={Boolean(onRowClick)}
        label={selectable || rowActions ? labelOf(row.original) : ''}
        rowActions={rowActions}
        busy={busyRows.has(row.id)}
        offset={offset}
      />
    );
  };

  return (
    <tbody
      ref={bodyRef}
      role="rowgroup"
      style={virtualized ? { height: rowWindow.totalSize } : undefined}
      onClick={onClick}
    >
      {virtualized
        ? rowWindow.items.map((item) => renderRow(item.index, item.start - headerHeight))
        : rows.map((_, index) => renderRow(index))}
    </tbody>
  );
}

// `memo` drops the type parameter; this restores it.
export const DataBody = memo(DataBodyImpl) as typeof DataBodyImpl;
