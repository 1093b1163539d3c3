import type { MouseEvent } from 'react';
import type { RowData } from '@tanstack/react-table';
import { SpinnerGraphic } from '../internal/SpinnerGraphic.tsx';
import { renderCell } from './DataRow.tsx';
import { Checkbox, RowSpinner, VisuallyHidden } from './DataTable.styles.ts';
import {
  CardFields,
  CardHeader,
  CardList as List,
  CardNote,
  CardOpen,
  CardTitle,
  RowCard,
} from './CardList.styles.ts';
import type { DataTableColumn, DataTableRowAction } from './DataTable.types.ts';
import { count, formatValue, readValue } from './tableModel.ts';
import { RowActions } from './RowActions.tsx';
import type { DataTableModel } from './useDataTable.ts';

/** The column that already titles the card (its value is the label) is not repeated. */
const isTitle = <TData,>(column: DataTableColumn<TData>, row: TData, label: string) =>
  column.accessor !== undefined && formatValue(readValue(column.accessor, row)) === label;

/** Cards rendered at most on a phone: more is a search away, and a phone would crawl. */
const MAX_CARDS = 200;
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="menuitem"]';

export interface CardListProps<TData extends RowData> {
  model: DataTableModel<TData>;
  onRowClick: ((row: TData) => void) | undefined;
  rowActions: ((row: TData) => DataTableRowAction[]) | undefined;
  /** Ids of the rows being opened or worked on. */
  busyRows: ReadonlySet<string>;
  /** Names the list (the table's name). */
  name: { 'aria-label'?: string | undefined; 'aria-labelledby'?: string | undefined };
}

/**
 * The phone layout: each row a card, titled by its label, with the visible columns as label and
 * value pairs, its checkbox, row actions and opening (a click on the card, or its title button).
 */
export function CardList<TData extends RowData>({
  model,
  onRowClick,
  rowActions,
  busyRows,
  name,
}: CardListProps<TData>) {
  const { rows, dataColumns, labelOf, selectable } = model;
  const shown = rows.slice(0, MAX_CARDS);
  const open = (row: TData) => (event: MouseEvent<HTMLElement>) => {
    if (!onRowClick || !(event.target instanceof Element)) return;
    if (event.target !== event.currentTarget && event.target.closest(INTERACTIVE)) return;
    if (window.getSelection?.()?.toString()) return;
    onRowClick(row);
  };
  return (
    <>
      <List role="list" {...name}>
        {shown.map((row) => {
          const label = labelOf(row.original);
          const busy = busyRows.has(row.id);
          return (
            <RowCard
              key={row.id}
              aria-busy={busy || undefined}
              data-clickable={Boolean(onRowClick)}
              data-selected={selectable && row.getIsSelected()}
              onClick={open(row.original)}
            >
              <CardHeader>
                {selectable && (
                  <Checkbox
                    checked={row.getIsSelected()}
                    onChange={row.getToggleSelectedHandler()}
                    aria-label={`Select ${label}`}
                  />
                )}
                <CardTitle>
                  {busy && (
                    <RowSpinner>
                      <SpinnerGraphic size={16} />
                      <VisuallyHidden>Working…</VisuallyHidden>
                    </RowSpinner>
                  )}
                  {onRowClick ? (
                    <CardOpen type="button" onClick={() => onRowClick(row.original)}>
                      {label}
                    </CardOpen>
                  ) : (
                    label
                  )}
                </CardTitle>
                {rowActions && <RowActions actions={rowActions(row.original)} label={label} />}
              </CardHeader>
              <CardFields>
                {dataColumns
                  .filter((column) => !isTitle(column, row.original, label))
                  .map((column) => (
                    <div key={column.id} style={{ display: 'contents' }}>
                      <dt>{column.header}</dt>
                      <dd>{renderCell(column, row)}</dd>
                    </div>
                  ))}
              </CardFields>
            </RowCard>
          );
        })}
      </List>
      {rows.length > shown.length && (
        <CardNote>
          Showing the first {count.format(shown.length)} of {count.format(rows.length)} rows. Search
          or filter to find the others.
        </CardNote>
      )}
    </>
  );
}
