import { memo, type ReactNode } from 'react';
import type { Row, RowData } from '@tanstack/react-table';
import { SpinnerGraphic } from '../internal/SpinnerGraphic.tsx';
import { CellContent, Checkbox, Empty, RowSpinner, VisuallyHidden } from './DataTable.styles.ts';
import type { DataTableColumn, DataTableRowAction, DataTableValue } from './DataTable.types.ts';
import { RowActions } from './RowActions.tsx';
import { ACTIONS_COLUMN_ID, cellAttributes, formatValue, type Features } from './tableModel.ts';

/** A visible column: ours, or the selection checkboxes (no `def`). */
export interface ColumnView<TData> {
  id: string;
  def?: DataTableColumn<TData>;
}

interface DataRowProps<TData extends RowData> {
  row: Row<Features, TData>;
  columns: readonly ColumnView<TData>[];
  /** Position in the row model (the page, or every filtered row when virtualized). */
  index: number;
  /** 1-based position among all rows of the grid, the header row being 1. */
  ariaRowIndex: number;
  selectable: boolean;
  selected: boolean;
  clickable: boolean;
  /** Names the row's checkbox and its actions menu. */
  label: string;
  /** The row's actions menu, when the table has `rowActions`. */
  rowActions: ((row: TData) => DataTableRowAction[]) | undefined;
  /** Being opened or worked on: a spinner and `aria-busy`. */
  busy: boolean;
  /** Virtualized: the row's offset from the top of the body. */
  offset?: number;
}

export function renderCell<TData extends RowData>(
  def: DataTableColumn<TData>,
  row: Row<Features, TData>,
): ReactNode {
  const value = def.accessor ? row.getValue<DataTableValue>(def.id) : undefined;
  if (def.cell) return <CellContent>{def.cell(row.original, value)}</CellContent>;
  const text = formatValue(value);
  if (!text)
    return (
      <Empty>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>No value</VisuallyHidden>
      </Empty>
    );
  return <CellContent title={text.length > 24 ? text : undefined}>{text}</CellContent>;
}

/**
 * One body row. Memoized: scrolling, typing in the search box or moving focus re-renders only the
 * rows whose props change. Every cell is focusable (`tabIndex={-1}`); `DataTable` gives the
 * active cell, or the widget in it, the single `tabIndex={0}`.
 */
function DataRowImpl<TData extends RowData>({
  row,
  columns,
  index,
  ariaRowIndex,
  selectable,
  selected,
  clickable,
  label,
  rowActions,
  busy,
  offset,
}: DataRowProps<TData>) {
  const firstData = columns.findIndex((column) => column.def);
  return (
    <tr
      role="row"
      aria-rowindex={ariaRowIndex}
      aria-selected={selectable ? selected : undefined}
      aria-busy={busy || undefined}
      data-ri={index}
      data-clickable={clickable}
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
    >
      {columns.map((column, ci) =>
        column.id === ACTIONS_COLUMN_ID ? (
          <td key={column.id} role="gridcell" {...cellAttributes(ci, column)}>
            {rowActions && <RowActions actions={rowActions(row.original)} label={label} inGrid />}
          </td>
        ) : column.def ? (
          <td key={column.id} role="gridcell" {...cellAttributes(ci, column)}>
            {busy && ci === firstData && (
              <RowSpinner>
                <SpinnerGraphic size={16} />
                <VisuallyHidden>Working…</VisuallyHidden>
              </RowSpinner>
            )}
            {renderCell(column.def, row)}
          </td>
        ) : (
          <td key={column.id} role="gridcell" {...cellAttributes(ci, column)}>
            <Checkbox
              tabIndex={-1}
              checked={selected}
              onChange={row.getToggleSelectedHandler()}
              aria-label={`Select ${label}`}
            />
          </td>
        ),
      )}
    </tr>
  );
}

// `memo` drops the type parameter; this restores it.
export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
