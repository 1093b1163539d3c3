import {
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { functionalUpdate, useTable, type RowData } from '@tanstack/react-table';
import { useControllableState } from '../internal/useControllableState.ts';
import type { ColumnMenuItem } from './ColumnMenu.tsx';
import type { ColumnView } from './DataRow.tsx';
import type { DataTableColumnVisibility, DataTableProps } from './DataTable.types.ts';
import {
  ACTIONS_COLUMN_ID,
  SELECT_COLUMN_ID,
  SearchIndex,
  columnTrack,
  columnsToDrop,
  contentTrack,
  flooredTrack,
  distinctValues,
  features,
  formatValue,
  makeGlobalFilterFn,
  readValue,
  toTableColumns,
} from './tableModel.ts';

export const ROW_HEIGHT = { comfortable: 48, compact: 36 } as const;
export const HEADER_HEIGHT = { comfortable: 48, compact: 40 } as const;
const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Width of the checkbox and the actions columns. */
const UTILITY_TRACK = { track: '56px', min: 56 };

/** What the table shows in place of, or with, its rows. */
export type TableStatus = 'error' | 'loading' | 'empty' | 'no-match' | 'rows';

/**
 * The table's state and derived models: search (deferred), sorting, filters, selection, column
 * visibility (controllable), pagination, the column layout and the status. `DataTable` and its
 * parts only render what this returns.
 */
export function useDataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    data,
    columns,
    getRowId,
    getRowLabel,
    loading = false,
    error,
    globalFilter,
    defaultGlobalFilter = '',
    onGlobalFilterChange,
    defaultSorting,
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    defaultPageSize,
    virtualized = false,
    density = 'comfortable',
    selectable = Boolean(props.renderBulkActions),
    rowActions,
    columnVisibility,
    defaultColumnVisibility,
    onColumnVisibilityChange,
    onFilteredRowsChange,
    manualRows = false,
    onSortingChange,
    ref,
  } = props;
  const rowHeight = ROW_HEIGHT[density];
  const headerHeight = HEADER_HEIGHT[density];
  const withActions = Boolean(rowActions);

  // Search: the box shows every keystroke at once; the table filters with the deferred value, so
  // typing never waits for 10,000 rows.
  const [search, setSearch] = useControllableState({
    value: globalFilter,
    defaultValue: defaultGlobalFilter,
    onChange: onGlobalFilterChange,
  });
  const appliedSearch = useDeferredValue(search.trim());

  const [visibility, setVisibility] = useControllableState<DataTableColumnVisibility>({
    value: columnVisibility,
    defaultValue:
      defaultColumnVisibility ??
      Object.fromEntries(
        columns.filter((column) => column.defaultHidden).map((column) => [column.id, false]),
      ),
    onChange: onColumnVisibilityChange,
  });

  const searchIndex = useMemo(() => new SearchIndex(columns, data), [columns, data]);
  const globalFilterFn = useMemo(() => makeGlobalFilterFn<TData>(searchIndex), [searchIndex]);
  const searchAnchor = useMemo(
    () => columns.find((column) => column.accessor && (column.searchable ?? true))?.id,
    [columns],
  );
  const tableColumns = useMemo(
    () => toTableColumns(columns, selectable, withActions),
    [columns, selectable, withActions],
  );
  const defsById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  // Fitting: the width the grid has (measured by `DataTable`; undefined on phones, where rows are
  // cards) and the measured width of each column's content, which its track never goes below.
  const [fitWidth, setFitWidth] = useState<number | undefined>(undefined);
  const [floors, setFloors] = useState<Readonly<Record<string, number>>>({});
  // A new set of columns is measured afresh.
  const [floorsFor, setFloorsFor] = useState(columns);
  if (floorsFor !== columns) {
    setFloorsFor(columns);
    setFloors({});
  }
  const baseTracks = useMemo(() => {
    const tracks = new Map<string, { track: string; min: number }>();
    for (const column of columns)
      tracks.set(
        column.id,
        column.width === undefined ? contentTrack(column, data) : columnTrack(column.width),
      );
    tracks.set(SELECT_COLUMN_ID, UTILITY_TRACK);
    tracks.set(ACTIONS_COLUMN_ID, UTILITY_TRACK);
    return tracks;
  }, [columns, data]);
  // Columns that do not fit drop out, least important first; the person's own choice in the
  // column menu (shown: `true`) keeps a column, and what cannot drop makes the grid scroll.
  // As a key: the same columns dropped again (new floors, a new width) are the same visibility, so
  // the grid's columns keep their identity and are not measured again for nothing.
  const droppedKey = useMemo(() => {
    if (fitWidth === undefined) return '';
    const candidates = [
      ...(selectable
        ? [{ id: SELECT_COLUMN_ID, min: UTILITY_TRACK.min, priority: undefined }]
        : []),
      ...columns
        .filter((column) => visibility[column.id] !== false)
        .map((column) => ({
          id: column.id,
          min: flooredTrack(baseTracks.get(column.id) ?? UTILITY_TRACK, floors[column.id]).min,
          priority:
            column.hideable === false || visibility[column.id] === true
              ? undefined
              : (column.priority ?? 3),
        })),
      ...(withActions
        ? [{ id: ACTIONS_COLUMN_ID, min: UTILITY_TRACK.min, priority: undefined }]
        : []),
    ];
    return columnsToDrop(candidates, fitWidth).join('\n');
  }, [fitWidth, selectable, withActions, columns, visibility, baseTracks, floors]);
  const dropped = useMemo(() => (droppedKey === '' ? [] : droppedKey.split('\n')), [droppedKey]);
  const tableVisibility = useMemo(
    () =>
      dropped.length === 0
        ? visibility
        : { ...visibility, ...Object.fromEntries(dropped.map((id) => [id, false])) },
    [visibility, dropped],
  );

  const [initialState] = useState(() => ({
    sorting: defaultSorting ? [{ id: defaultSorting.id, desc: defaultSorting.desc ?? false }] : [],
    pagination: {
      pageIndex: 0,
      pageSize: defaultPageSize ?? (pageSizeOptions.includes(25) ? 25 : (pageSizeOptions[0] ?? 25)),
    },
  }));

  const table = useTable({
    features,
    data,
    columns: tableColumns,
    getRowId,
    initialState,
    state: { globalFilter: appliedSearch, columnVisibility: tableVisibility },
    onGlobalFilterChange: (updater) => setSearch(String(functionalUpdate(updater, search) ?? '')),
    onColumnVisibilityChange: (updater) => setVisibility(functionalUpdate(updater, visibility)),
    globalFilterFn,
    // The filter function reads the whole row's index, so one column is enough to run it.
    getColumnCanGlobalFilter: (column) => column.id === searchAnchor,
    manualPagination: virtualized,
    manualFiltering: manualRows,
    manualSorting: manualRows,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: selectable,
  });

  // Report the sort (the table keeps its state): a server sorts the rows of `manualRows`.
  const sorting = table.state.sorting;
  const reportSorting = useRef(onSortingChange);
  useLayoutEffect(() => {
    reportSorting.current = onSortingChange;
  });
  const sortedOnce = useRef(false);
  useEffect(() => {
    if (!sortedOnce.current) {
      sortedOnce.current = true;
      return;
    }
    const first = sorting[0];
    reportSorting.current?.(first ? { id: first.id, desc: first.desc } : undefined);
  }, [sorting]);

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
  const filteredRows = table.getPrePaginatedRowModel().rows;
  const filteredCount = filteredRows.length;
  const visibleLeafColumns = table.getVisibleLeafColumns();
  const visibleColumns = useMemo(
    (): ColumnView<TData>[] =>
      visibleLeafColumns.map((column) => ({ id: column.id, def: defsById.get(column.id) })),
    [visibleLeafColumns, defsById],
  );
  const dataColumns = useMemo(
    () => visibleColumns.flatMap((column) => (column.def ? [column.def] : [])),
    [visibleColumns],
  );

  // The row model keeps its identity until sorting, filters or data change: report only then.
  const reportFiltered = useRef(onFilteredRowsChange);
  useLayoutEffect(() => {
    reportFiltered.current = onFilteredRowsChange;
  });
  useEffect(() => {
    reportFiltered.current?.(filteredRows.map((row) => row.original));
  }, [filteredRows]);

  useImperativeHandle(
    ref,
    () => ({
      getVisibleRows: () => table.getPrePaginatedRowModel().rows.map((row) => row.original),
      // What the person chose to see, including columns left out only for want of room.
      getVisibleColumns: () => columns.filter((column) => visibility[column.id] !== false),
    }),
    [table, columns, visibility],
  );

  const layout = useMemo(() => {
    const tracks = visibleColumns.map((column) =>
      flooredTrack(baseTracks.get(column.id) ?? UTILITY_TRACK, floors[column.id]),
    );
    return {
      '--dt-cols': tracks.map((t) => t.track).join(' '),
      '--dt-min-width': `${tracks.reduce((sum, t) => sum + t.min, 0)}px`,
      '--dt-row-height': `${rowHeight}px`,
      '--dt-header-height': `${headerHeight}px`,
    } as CSSProperties;
  }, [visibleColumns, baseTracks, floors, rowHeight, headerHeight]);

  const labelOf = useMemo(() => {
    if (getRowLabel) return getRowLabel;
    const first = columns.find((column) => column.accessor)?.accessor;
    return (row: TData) => (first ? formatValue(readValue(first, row)) : '') || 'row';
  }, [getRowLabel, columns]);

  // Selection.
  const selectedRows = selectable ? table.getFilteredSelectedRowModel().rows : [];
  const allPageSelected = selectable && rows.length > 0 && table.getIsAllPageRowsSelected();
  const somePageSelected = selectable && table.getIsSomePageRowsSelected() && !allPageSelected;

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
  const columnFilters = table.state.columnFilters;
  const filtering = Boolean(search.trim()) || columnFilters.length > 0;
  const clearFilters = () => {
    setSearch('');
    table.resetColumnFilters(true);
  };

  // Column menu.
  const hideableColumns = table
    .getAllLeafColumns()
    .filter((c) => c.id !== SELECT_COLUMN_ID && c.id !== ACTIONS_COLUMN_ID);
  const shownDataColumns = hideableColumns.filter((c) => c.getIsVisible()).length;
  const menuItems: ColumnMenuItem[] = hideableColumns.map((column) => {
    const visible = column.getIsVisible();
    return {
      id: column.id,
      label: defsById.get(column.id)?.header ?? column.id,
      visible,
      fitHidden: dropped.includes(column.id),
      canToggle: column.getCanHide() && !(visible && shownDataColumns === 1),
    };
  });

  const status: TableStatus = error
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

  return {
    table,
    search,
    setSearch,
    appliedSearch,
    searchable: searchIndex.searchable,
    rows,
    filteredCount,
    visibleColumns,
    dataColumns,
    layout,
    rowHeight,
    headerHeight,
    labelOf,
    selectable,
    selectedRows,
    allPageSelected,
    somePageSelected,
    filterColumns,
    selectChoices,
    columnFilters,
    filtering,
    clearFilters,
    menuItems,
    dropped,
    setFitWidth,
    widthKnown: fitWidth !== undefined,
    setFloors,
    status,
    pageSize,
    firstShown,
  };
}

/** What `useDataTable` returns: handed to the table's parts. */
export type DataTableModel<TData extends RowData> = ReturnType<typeof useDataTable<TData>>;
