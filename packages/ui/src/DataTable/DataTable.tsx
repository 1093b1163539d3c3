import { useEffect, useId, useMemo, useState, type CSSProperties } from 'react';
import type { RowData } from '@tanstack/react-table';
import { useMediaQuery } from '../internal/useMediaQuery.ts';
import { BulkBar } from './BulkBar.tsx';
import type * as CardsModule from './CardList.tsx';
import type { CardListProps } from './CardList.tsx';
import { DataBody } from './DataBody.tsx';
import {
  BusyBar,
  Caption,
  Grid,
  Root,
  ScrollArea,
  Scroller,
  VisuallyHidden,
} from './DataTable.styles.ts';
import type { DataTableProps } from './DataTable.types.ts';
import { HeaderRow } from './HeaderRow.tsx';
import { Pagination } from './Pagination.tsx';
import { count } from './tableModel.ts';
import { TableState } from './TableState.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useColumnFit } from './useColumnFit.ts';
import { useDataTable } from './useDataTable.ts';
import { useGridNavigation } from './useGridNavigation.ts';

const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;
const EMPTY: never[] = [];
/** Below this width rows become cards: a grid scrolling sideways is unusable on a phone. */
export const PHONE_QUERY = '(max-width: 599.98px)';

// The cards are code only a phone runs: fetched once the phone query matches, not with every list.
// State rather than Suspense: the list shows at once when the code is there, and a test's render
// need not wait inside `act` for a module.
let cardsModule: typeof CardsModule | undefined;
let cardsLoading: Promise<typeof CardsModule> | undefined;
const loadCards = () =>
  (cardsLoading ??= import('./CardList.tsx').then((module) => (cardsModule = module)));

function CardList<TData extends RowData>(props: CardListProps<TData>) {
  const [module, setModule] = useState(cardsModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadCards().then((loaded) => live && setModule(loaded));
    return () => {
      live = false;
    };
  }, [module]);
  if (!module) return null;
  const Cards = module.CardList;
  return <Cards {...props} />;
}

const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/** A virtualized body's height when none is given, in CSS pixels. */
const VIRTUAL_HEIGHT = 560;

/**
 * A data grid for the portal's lists: search, column filters, sorting, pagination or a virtualized
 * body for thousands of rows, row selection with bulk actions, row actions, a column menu, and
 * loading, empty and error states. Below 600px wide the rows are a list of cards. Built on
 * TanStack Table v9 (state and row models) and TanStack Virtual.
 *
 * Keyboard (the WAI-ARIA grid pattern): Tab enters the grid at one cell; arrow keys move between
 * cells (the header row included), Home/End to the row's ends, Ctrl+Home/End to the first and last
 * rows, PageUp/PageDown by a screenful. A cell holding a link, button or checkbox focuses that
 * widget. Enter on a cell calls `onRowClick`; Space selects the row.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    loading = false,
    error,
    onRetry,
    emptyState,
    searchable = true,
    searchLabel = 'Search',
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    virtualized = false,
    height,
    density = 'comfortable',
    renderBulkActions,
    onRowClick,
    rowActions,
    busyRowId,
    busyRowIds,
    onEndReached,
    toolbar,
    filters,
    className,
    caption,
  } = props;
  const captionId = useId();
  // One set, stable while the same rows are busy (the body re-renders only when it changes).
  const busyKey = [busyRowId ?? '', ...(busyRowIds ?? [])].join('\n');
  const busyRows = useMemo(() => new Set(busyKey.split('\n').filter(Boolean)), [busyKey]);
  const gridId = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) void loadCards();
  const model = useDataTable(props);
  const { table, rows, status, filteredCount, selectable, visibleColumns } = model;
  const {
    activeRow,
    activeCol,
    gridRef,
    scrollerRef,
    attachScroller,
    getScrollElement,
    onKeyDown,
    onFocus,
  } = useGridNavigation({
    rows,
    colCount: visibleColumns.length,
    selectable,
    rowHeight: model.rowHeight,
    headerHeight: model.headerHeight,
    onRowClick,
  });

  useColumnFit({
    enabled: !phone,
    scrollerRef,
    gridRef,
    columns: visibleColumns,
    rows,
    widthKnown: model.widthKnown,
    setFitWidth: model.setFitWidth,
    setFloors: model.setFloors,
  });

  // New filters show their first rows, not some scrolled-to middle.
  useEffect(() => {
    scrollerRef.current?.scrollTo?.({ top: 0 });
  }, [scrollerRef, model.appliedSearch, model.columnFilters]);

  const name = caption
    ? { 'aria-labelledby': captionId }
    : { 'aria-label': props['aria-label'], 'aria-labelledby': props['aria-labelledby'] };
  const scrollerStyle: CSSProperties = virtualized
    ? { height: cssLength(height ?? VIRTUAL_HEIGHT) }
    : { maxHeight: cssLength(height ?? '70vh') };
  const selectedCount = model.selectedRows.length;
  // Shown in the grid's place (or the cards'), whatever the layout.
  const tableState = status !== 'rows' && (
    <TableState
      status={status}
      error={error}
      onRetry={onRetry}
      emptyState={emptyState}
      clearFilters={model.clearFilters}
    />
  );
  const busyBar = loading && props.data.length > 0 && <BusyBar aria-hidden="true" />;

  return (
    <Root className={className} data-density={density} data-layout={phone ? 'cards' : 'grid'}>
      {caption && <Caption id={captionId}>{caption}</Caption>}
      <Toolbar
        model={model}
        searchable={searchable}
        searchLabel={searchLabel}
        gridId={gridId}
        filters={filters}
      >
        {toolbar}
      </Toolbar>
      <BulkBar model={model} virtualized={virtualized} renderBulkActions={renderBulkActions} />

      {phone ? (
        <ScrollArea id={gridId} aria-busy={loading || undefined}>
          {busyBar}
          {status === 'rows' ? (
            <CardList
              model={model}
              onRowClick={onRowClick}
              rowActions={rowActions}
              busyRows={busyRows}
              name={name}
            />
          ) : (
            tableState
          )}
        </ScrollArea>
      ) : (
        <ScrollArea>
          {busyBar}
          <Scroller ref={attachScroller} style={{ ...model.layout, ...scrollerStyle }}>
            <Grid
              ref={gridRef}
              id={gridId}
              role="grid"
              {...name}
              aria-rowcount={status === 'rows' ? filteredCount + 1 : 1}
              aria-colcount={visibleColumns.length}
              aria-multiselectable={selectable || undefined}
              aria-busy={loading || undefined}
              data-virtualized={virtualized}
              onKeyDown={onKeyDown}
              onFocus={onFocus}
            >
              <HeaderRow model={model} virtualized={virtualized} />
              <DataBody
                rows={status === 'rows' ? rows : EMPTY}
                columns={visibleColumns}
                rowSelection={table.state.rowSelection}
                selectable={selectable}
                onRowClick={onRowClick}
                labelOf={model.labelOf}
                rowActions={rowActions}
                busyRows={busyRows}
                onEndReached={onEndReached}
                rowOffset={model.firstShown - 1}
                virtualized={virtualized}
                getScrollElement={getScrollElement}
                rowHeight={model.rowHeight}
                headerHeight={model.headerHeight}
                viewportHeight={typeof height === 'number' ? height : VIRTUAL_HEIGHT}
                activeRow={activeRow}
                activeCol={activeCol}
              />
            </Grid>
            {tableState}
          </Scroller>
        </ScrollArea>
      )}

      {(status === 'rows' || status === 'no-match') && (
        <Pagination model={model} virtualized={virtualized} pageSizeOptions={pageSizeOptions} />
      )}
      <VisuallyHidden role="status">
        {status === 'rows' || status === 'no-match'
          ? `${count.format(filteredCount)} ${filteredCount === 1 ? 'row' : 'rows'}${
              selectedCount ? `, ${count.format(selectedCount)} selected` : ''
            }`
          : ''}
      </VisuallyHidden>
    </Root>
  );
}
