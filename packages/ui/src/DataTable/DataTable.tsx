import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import {
  mdiAlertCircleOutline,
  mdiArrowDown,
  mdiArrowUp,
  mdiChevronLeft,
  mdiChevronRight,
  mdiMagnify,
  mdiPageFirst,
  mdiPageLast,
} from '@mdi/js';
import { functionalUpdate, useTable, type RowData } from '@tanstack/react-table';
import { Icon } from '@portal/icons';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { useControllableState } from '../internal/useControllableState.ts';
import { ColumnMenu, type ColumnMenuItem } from './ColumnMenu.tsx';
import { DataBody } from './DataBody.tsx';
import type { ColumnView } from './DataRow.tsx';
import { positionOf, syncTabStops, type CellPosition } from './gridFocus.ts';
import {
  BulkActions,
  BulkBar,
  BulkCount,
  BusyBar,
  Caption,
  Checkbox,
  FilterInput,
  FilterLabel,
  Footer,
  FooterGroup,
  Grid,
  HeaderText,
  RangeText,
  Root,
  ScrollArea,
  Scroller,
  SearchBox,
  SearchInput,
  Select,
  SortButton,
  StateMessage,
  StatePanel,
  Toolbar,
  ToolbarEnd,
  VisuallyHidden,
} from './DataTable.styles.ts';
import type { DataTableColumn, DataTableProps } from './DataTable.types.ts';
import {
  SELECT_COLUMN_ID,
  SearchIndex,
  columnTrack,
  distinctValues,
  features,
  formatValue,
  makeGlobalFilterFn,
  readValue,
  toTableColumns,
} from './tableModel.ts';

const ROW_HEIGHT = { comfortable: 48, compact: 36 } as const;
const HEADER_HEIGHT = { comfortable: 48, compact: 40 } as const;
const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;
const EMPTY: never[] = [];
const count = new Intl.NumberFormat('en-US');

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio'));

const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/**
 * A data grid for the portal's lists: search, column filters, sorting, pagination or a virtualized
 * body for thousands of rows, row selection with bulk actions, a column menu, and loading, empty
 * and error states. Built on TanStack Table v9 (state and row models) and TanStack Virtual.
 *
 * Keyboard (the WAI-ARIA grid pattern): Tab enters the grid at one cell; arrow keys move between
 * cells (the header row included), Home/End to the row's ends, Ctrl+Home/End to the first and last
 * rows, PageUp/PageDown by a screenful. A cell holding a link, button or checkbox focuses that
 * widget. Enter on a cell calls `onRowClick`; Space selects the row.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    data,
    columns,
    getRowId,
    getRowLabel,
    loading = false,
    error,
    onRetry,
    emptyState,
    globalFilter,
    defaultGlobalFilter = '',
    onGlobalFilterChange,
    searchable = true,
    searchLabel = 'Search',
    defaultSorting,
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    defaultPageSize,
    virtualized = false,
    height,
    density = 'comfortable',
    selectable = Boolean(props.renderBulkActions),
    renderBulkActions,
    onRowClick,
    toolbar,
    className,
    caption,
  } = props;
  const captionId = useId();
  const gridId = useId();
  const rowHeight = ROW_HEIGHT[density];
  const headerHeight = HEADER_HEIGHT[density];

  // Search: the box shows every keystroke at once; the table filters with the deferred value, so
  // typing never waits for 10,000 rows.
  const [search, setSearch] = useControllableState({
    value: globalFilter,
    defaultValue: defaultGlobalFilter,
    onChange: onGlobalFilterChange,
  });
  const appliedSearch = useDeferredValue(search.trim());

  const searchIndex = useMemo(() => new SearchIndex(columns, data), [columns, data]);
  const globalFilterFn = useMemo(() => makeGlobalFilterFn<TData>(searchIndex), [searchIndex]);
  const searchAnchor = useMemo(
    () => columns.find((column) => column.accessor && (column.searchable ?? true))?.id,
    [columns],
  );
  const tableColumns = useMemo(() => toTableColumns(columns, selectable), [columns, selectable]);
  const defsById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const [initialState] = useState(() => ({
    sorting: defaultSorting ? [{ id: defaultSorting.id, desc: defaultSorting.desc ?? false }] : [],
    pagination: {
      pageIndex: 0,
      pageSize: defaultPageSize ?? (pageSizeOptions.includes(25) ? 25 : (pageSizeOptions[0] ?? 25)),
    },
    columnVisibility: Object.fromEntries(
      columns.filter((column) => column.defaultHidden).map((column) => [column.id, false]),
    ),
  }));

  const table = useTable({
    features,
    data,
    columns: tableColumns,
    getRowId,
    initialState,
    state: { globalFilter: appliedSearch },
    onGlobalFilterChange: (updater) => setSearch(String(functionalUpdate(updater, search) ?? '')),
    globalFilterFn,
    // The filter function reads the whole row's index, so one column is enough to run it.
    getColumnCanGlobalFilter: (column) => column.id === searchAnchor,
    manualPagination: virtualized,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: selectable,
  });

  // Build the search index while the browser is idle, so the first keystroke does not pay for it.
  useEffect(() => {
    if (!searchIndex.searchable || data.length === 0) return;
    let from = 0;
    let timer = 0;
    const step = () => {
      const end = performance.now() + 8;
      from = searchIndex.warm(() => performance.now() > end, from);
      if (from < data.length) timer = window.setTimeout(step, 16);
    };
    timer = window.setTimeout(step, 50);
    return () => window.clearTimeout(timer);
  }, [searchIndex, data]);

  const rows = table.getRowModel().rows;
  const filteredCount = table.getPrePaginatedRowModel().rows.length;
  const visibleLeafColumns = table.getVisibleLeafColumns();
  const visibleColumns = useMemo(
    (): ColumnView<TData>[] =>
      visibleLeafColumns.map((column) => ({ id: column.id, def: defsById.get(column.id) })),
    [visibleLeafColumns, defsById],
  );
  const colCount = visibleColumns.length;

  const layout = useMemo(() => {
    const tracks = visibleColumns.map((column) =>
      column.def ? columnTrack(column.def.width) : { track: '52px', min: 52 },
    );
    return {
      '--dt-cols': tracks.map((t) => t.track).join(' '),
      '--dt-min-width': `${tracks.reduce((sum, t) => sum + t.min, 0)}px`,
      '--dt-row-height': `${rowHeight}px`,
      '--dt-header-height': `${headerHeight}px`,
    } as CSSProperties;
  }, [visibleColumns, rowHeight, headerHeight]);

  const labelOf = useMemo(() => {
    if (getRowLabel) return getRowLabel;
    const first = columns.find((column) => column.accessor)?.accessor;
    return (row: TData) => (first ? formatValue(readValue(first, row)) : '') || 'row';
  }, [getRowLabel, columns]);

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

  // New filters show their first rows, not some scrolled-to middle.
  const columnFilters = table.state.columnFilters;
  useEffect(() => {
    scrollerRef.current?.scrollTo?.({ top: 0 });
  }, [appliedSearch, columnFilters]);

  const moveTo = (next: CellPosition) => {
    focusPending.current = true;
    setActive(next);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    if (!position || isTextEntry(event.target)) return;
    const { row, col } = position;
    const lastRow = rows.length - 1;
    const scroller = scrollerRef.current;
    const screenful = Math.max(
      1,
      Math.floor(((scroller?.clientHeight ?? 0) - headerHeight) / rowHeight) - 1,
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

  const onGridFocus = (event: FocusEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    if (position && (position.row !== activeRow || position.col !== activeCol)) setActive(position);
  };

  // Selection.
  const selectedRows = selectable ? table.getFilteredSelectedRowModel().rows : [];
  const selectedCount = selectedRows.length;
  const clearSelection = () => table.resetRowSelection(true);
  const allPageSelected = selectable && rows.length > 0 && table.getIsAllPageRowsSelected();
  const somePageSelected = selectable && table.getIsSomePageRowsSelected() && !allPageSelected;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = somePageSelected;
  }, [somePageSelected]);

  // Filters in the toolbar.
  const filterColumns = useMemo(
    () => columns.filter((column) => column.filter && column.accessor),
    [columns],
  );
  const selectChoices = useMemo(() => {
    const choices = new Map<string, readonly string[]>();
    for (const column of filterColumns) {
      if (column.filter !== 'select' || !column.accessor) continue;
      choices.set(column.id, column.filterOptions ?? distinctValues(data, column.accessor));
    }
    return choices;
  }, [filterColumns, data]);
  const filtering = Boolean(search.trim()) || columnFilters.length > 0;
  const clearFilters = () => {
    setSearch('');
    table.resetColumnFilters(true);
  };

  // Column menu.
  const hideableColumns = table.getAllLeafColumns().filter((c) => c.id !== SELECT_COLUMN_ID);
  const shownDataColumns = hideableColumns.filter((c) => c.getIsVisible()).length;
  const menuItems: ColumnMenuItem[] = hideableColumns.map((column) => {
    const visible = column.getIsVisible();
    return {
      id: column.id,
      label: defsById.get(column.id)?.header ?? column.id,
      visible,
      canToggle: column.getCanHide() && !(visible && shownDataColumns === 1),
    };
  });

  const status: 'error' | 'loading' | 'empty' | 'no-match' | 'rows' = error
    ? 'error'
    : loading && data.length === 0
      ? 'loading'
      : data.length === 0
        ? 'empty'
        : rows.length === 0
          ? 'no-match'
          : 'rows';

  const { pageIndex, pageSize } = table.state.pagination;
  const firstShown = virtualized ? 1 : pageIndex * pageSize + 1;
  const name = caption
    ? { 'aria-labelledby': captionId }
    : { 'aria-label': props['aria-label'], 'aria-labelledby': props['aria-labelledby'] };

  const scrollerStyle: CSSProperties = virtualized
    ? { height: cssLength(height ?? 560) }
    : { maxHeight: cssLength(height ?? '70vh') };

  return (
    <Root className={className} data-density={density}>
      {caption && <Caption id={captionId}>{caption}</Caption>}
      <Toolbar>
        {searchable && searchIndex.searchable && (
          <SearchBox>
            <Icon path={mdiMagnify} size={20} />
            <SearchInput
              type="search"
              aria-label={searchLabel}
              aria-controls={gridId}
              placeholder={`${searchLabel}…`}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </SearchBox>
        )}
        {filterColumns.map((column) => (
          <ColumnFilter
            key={column.id}
            column={column}
            value={table.getColumn(column.id)?.getFilterValue()}
            choices={selectChoices.get(column.id)}
            onChange={(value) => table.getColumn(column.id)?.setFilterValue(value || undefined)}
          />
        ))}
        {filtering && (
          <Button variant="text" size="small" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
        <ToolbarEnd>
          {toolbar}
          <ColumnMenu
            items={menuItems}
            onToggle={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
          />
        </ToolbarEnd>
      </Toolbar>

      {selectable && selectedCount > 0 && (
        <BulkBar aria-label="Selected rows">
          <BulkCount>{count.format(selectedCount)} selected</BulkCount>
          {!virtualized && allPageSelected && selectedCount < filteredCount && (
            <Button variant="text" size="small" onClick={() => table.toggleAllRowsSelected(true)}>
              Select all {count.format(filteredCount)}
            </Button>
          )}
          <BulkActions>
            {renderBulkActions?.(
              selectedRows.map((row) => row.original),
              clearSelection,
            )}
          </BulkActions>
          <Button variant="text" size="small" onClick={clearSelection}>
            Clear selection
          </Button>
        </BulkBar>
      )}

      <ScrollArea>
        {loading && data.length > 0 && <BusyBar aria-hidden="true" />}
        <Scroller ref={attachScroller} style={{ ...layout, ...scrollerStyle }}>
          <Grid
            ref={gridRef}
            id={gridId}
            role="grid"
            {...name}
            aria-rowcount={status === 'rows' ? filteredCount + 1 : 1}
            aria-colcount={colCount}
            aria-multiselectable={selectable || undefined}
            aria-busy={loading || undefined}
            data-virtualized={virtualized}
            onKeyDown={onGridKeyDown}
            onFocus={onGridFocus}
          >
            <thead role="rowgroup">
              <tr role="row" aria-rowindex={1} data-ri={-1}>
                {visibleColumns.map((view, ci) => {
                  if (!view.def) {
                    return (
                      <th key={view.id} role="columnheader" tabIndex={-1} data-ci={ci}>
                        <Checkbox
                          ref={selectAllRef}
                          tabIndex={-1}
                          checked={allPageSelected}
                          disabled={rows.length === 0}
                          onChange={table.getToggleAllPageRowsSelectedHandler()}
                          aria-label={
                            virtualized ? 'Select all rows' : 'Select all rows on this page'
                          }
                        />
                      </th>
                    );
                  }
                  const column = table.getColumn(view.id);
                  const sorted = column?.getIsSorted() ?? false;
                  const canSort = column?.getCanSort() ?? false;
                  return (
                    <th
                      key={view.id}
                      role="columnheader"
                      tabIndex={-1}
                      data-ci={ci}
                      data-align={view.def.align ?? 'start'}
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : undefined
                      }
                    >
                      {canSort && column ? (
                        <SortButton
                          type="button"
                          tabIndex={-1}
                          data-sorted={Boolean(sorted)}
                          onClick={column.getToggleSortingHandler()}
                        >
                          <HeaderText>{view.def.header}</HeaderText>
                          <Icon path={sorted === 'desc' ? mdiArrowDown : mdiArrowUp} size={16} />
                        </SortButton>
                      ) : (
                        <HeaderText>{view.def.header}</HeaderText>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <DataBody
              rows={status === 'rows' ? rows : EMPTY}
              columns={visibleColumns}
              rowSelection={table.state.rowSelection}
              selectable={selectable}
              onRowClick={onRowClick}
              labelOf={labelOf}
              rowOffset={firstShown - 1}
              virtualized={virtualized}
              getScrollElement={getScrollElement}
              rowHeight={rowHeight}
              headerHeight={headerHeight}
              activeRow={activeRow}
              activeCol={activeCol}
            />
          </Grid>
          {status !== 'rows' && (
            <StatePanel data-tone={status === 'error' ? 'error' : undefined}>
              {status === 'loading' && <Spinner label="Loading…" showLabel size="medium" />}
              {status === 'error' && (
                <>
                  <StateMessage role="alert">
                    <Icon path={mdiAlertCircleOutline} size={24} />
                    {error}
                  </StateMessage>
                  {onRetry && (
                    <Button variant="outlined" onClick={onRetry}>
                      Try again
                    </Button>
                  )}
                </>
              )}
              {status === 'empty' && (emptyState ?? <StateMessage>No rows yet.</StateMessage>)}
              {status === 'no-match' && (
                <>
                  <StateMessage>No rows match the search and filters.</StateMessage>
                  <Button variant="outlined" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </>
              )}
            </StatePanel>
          )}
        </Scroller>
      </ScrollArea>

      {(status === 'rows' || status === 'no-match') && (
        <Footer>
          {!virtualized && (
            <FilterLabel>
              Rows per page
              <Select
                value={pageSize}
                onChange={(event) => table.setPageSize(Number(event.currentTarget.value))}
              >
                {pageSizeOptions.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </Select>
            </FilterLabel>
          )}
          <RangeText>
            {virtualized || filteredCount === 0
              ? `${count.format(filteredCount)} ${filteredCount === 1 ? 'row' : 'rows'}`
              : `${count.format(firstShown)}–${count.format(firstShown + rows.length - 1)} of ${count.format(filteredCount)}`}
          </RangeText>
          {!virtualized && (
            <FooterGroup>
              <IconButton
                size="small"
                icon={mdiPageFirst}
                aria-label="First page"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.firstPage()}
              />
              <IconButton
                size="small"
                icon={mdiChevronLeft}
                aria-label="Previous page"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
              />
              <IconButton
                size="small"
                icon={mdiChevronRight}
                aria-label="Next page"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
              />
              <IconButton
                size="small"
                icon={mdiPageLast}
                aria-label="Last page"
                disabled={!table.getCanNextPage()}
                onClick={() => table.lastPage()}
              />
            </FooterGroup>
          )}
        </Footer>
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

interface ColumnFilterProps<TData> {
  column: DataTableColumn<TData>;
  value: unknown;
  choices: readonly string[] | undefined;
  onChange: (value: string) => void;
}

function ColumnFilter<TData>({ column, value, choices, onChange }: ColumnFilterProps<TData>) {
  const current = typeof value === 'string' ? value : '';
  return (
    <FilterLabel>
      {column.header}
      {column.filter === 'select' ? (
        <Select value={current} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">All</option>
          {choices?.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </Select>
      ) : (
        <FilterInput
          type="text"
          value={current}
          placeholder="Contains…"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </FilterLabel>
  );
}
