import type { ReactNode, Ref } from 'react';
import type { RowData } from '@tanstack/react-table';

/** What a column's accessor returns: what sorting, filters and search work on. */
export type DataTableValue = string | number | boolean | Date | null | undefined;

/** Keys of `TData` whose values are plain `DataTableValue`s. */
type ValueKey<TData> = {
  [K in keyof TData]-?: TData[K] extends DataTableValue ? K : never;
}[keyof TData] &
  string;

/** A key of the row (`'name'`) or a function of it (`(vm) => vm.ip`). */
export type DataTableAccessor<TData> = ValueKey<TData> | ((row: TData) => DataTableValue);

/**
 * One column. Our own small shape rather than TanStack column definitions: the portal's lists
 * need no TanStack types, and the table stays free to change how it maps them.
 */
export interface DataTableColumn<TData> {
  /** Stable, unique id: the key of sorting, filter and visibility state (and of URLs that keep them). */
  id: string;
  /** The heading; also the name of its sort button, its filter and its column-menu checkbox. */
  header: string;
  /**
   * The cell's value: a key of the row or a function of it. Sorting, filters and search use it, and
   * the cell shows it unless `cell` is given. A column without one (actions) cannot sort or filter.
   */
  accessor?: DataTableAccessor<TData>;
  /** Custom content (a link, a status badge), given the row and the accessor's value. */
  cell?: (row: TData, value: DataTableValue) => ReactNode;
  /** Sort by activating the heading. Defaults to true when there is an accessor. */
  sortable?: boolean;
  /** A filter in the toolbar: `text` (contains, ignoring case) or `select` (one value). */
  filter?: 'text' | 'select';
  /** Choices of a `select` filter. Defaults to the column's distinct values in `data`, sorted. */
  filterOptions?: readonly string[];
  /** Part of the global search. Defaults to true when there is an accessor. */
  searchable?: boolean;
  /**
   * Width: pixels, or a CSS grid track such as `'minmax(200px, 2fr)'`. Defaults to a track sized
   * from the header and the values (`minmax(<their width>, <share>fr)`), so an IP address or a
   * status is not cut while other columns have room.
   */
  width?: number | string;
  /** The least width in pixels of the default track (ignored when `width` is given). */
  minWidth?: number;
  /** Horizontal alignment of heading and cells; `end` for numbers. Defaults to `start`. */
  align?: 'start' | 'center' | 'end';
  /** The column menu may hide it. Defaults to true. */
  hideable?: boolean;
  /** Hidden at first; the column menu shows it. */
  defaultHidden?: boolean;
  /**
   * How much the column matters when the table is too narrow for every column: 1 (kept longest)
   * to 5 (dropped first). Defaults to 3; among equals the rightmost drops first. A column that
   * does not fit is left out rather than cut or scrolled to, and stays in the column menu, where
   * showing it keeps it (others drop instead). Columns that are not `hideable` never drop.
   */
  priority?: 1 | 2 | 3 | 4 | 5;
}

/** Sorting by one column. */
export interface DataTableSort {
  /** The column's `id`. */
  id: string;
  /** Descending; defaults to ascending. */
  desc?: boolean;
}

/** The accessible name, required: a visible caption, or a label for a table titled elsewhere. */
export type DataTableName =
  | {
      /** A visible title above the table, which also names it. */
      caption: ReactNode;
      'aria-label'?: never;
      'aria-labelledby'?: never;
    }
  | {
      caption?: never;
      /** The table's accessible name when no caption is shown. */
      'aria-label': string;
      'aria-labelledby'?: never;
    }
  | {
      caption?: never;
      'aria-label'?: never;
      /** The id of the heading that names the table. */
      'aria-labelledby': string;
    };

export interface DataTableBaseProps<TData extends RowData> {
  /** The rows. Keep the array's identity stable between real changes (memoize it). */
  data: readonly TData[];
  /** The columns, in order. Keep the array's identity stable (define it outside the component). */
  columns: readonly DataTableColumn<TData>[];
  /** A stable id per row: keys selection and React rendering. */
  getRowId: (row: TData) => string;
  /** How a row is named in its selection checkbox ("Select web-01"). Defaults to the first column's value. */
  getRowLabel?: (row: TData) => string;

  /** Loading: a spinner while there are no rows yet, a busy bar while refreshing them. */
  loading?: boolean;
  /** Why loading failed, in a sentence. Replaces the rows. */
  error?: ReactNode;
  /** Offered as "Try again" next to `error`. */
  onRetry?: () => void;
  /** Shown when `data` is empty (not when filters hide every row: that has its own message). */
  emptyState?: ReactNode;

  /** The search text, controlled (e.g. kept in the URL). */
  globalFilter?: string;
  /** The initial search text when uncontrolled. */
  defaultGlobalFilter?: string;
  /** Called with the new search text on every keystroke. */
  onGlobalFilterChange?: (value: string) => void;
  /** Show the search box. Defaults to true. */
  searchable?: boolean;
  /** Accessible name and placeholder of the search box. Defaults to "Search". */
  searchLabel?: string;

  /** Sorting at first. */
  defaultSorting?: DataTableSort;
  /** Rows per page choices (paginated mode). Defaults to 10, 25, 50, 100. */
  pageSizeOptions?: readonly number[];
  /** Rows per page at first. Defaults to 25 (or the first choice). */
  defaultPageSize?: number;
  /**
   * Show every row in one scrolling body, only the visible ones in the DOM, instead of pages. For
   * long lists (thousands of rows).
   */
  virtualized?: boolean;
  /**
   * Height of the scrolling body: fixed when virtualized (default 560 px), a maximum otherwise
   * (default `70vh`). The header sticks to its top.
   */
  height?: number | string;
  /** Row height: `comfortable` (48 px, the default) or `compact` (36 px). */
  density?: 'comfortable' | 'compact';
  /**
   * The rows come already searched and sorted (by a server): the table neither filters them by
   * the search nor sorts them; `onSortingChange` tells what to sort by.
   */
  manualRows?: boolean;
  /** Called when the user sorts by a column (or stops sorting: `undefined`). */
  onSortingChange?: (sort: DataTableSort | undefined) => void;
  /** Virtualized: called when the last rows are rendered, to load more. */
  onEndReached?: () => void;

  /** Checkboxes to select rows. Defaults to true when `renderBulkActions` is given. */
  selectable?: boolean;
  /**
   * The actions for the selected rows (shown in a bar while some are selected), given the selected
   * rows that the current filters show and a function that clears the selection.
   */
  renderBulkActions?: (selectedRows: TData[], clearSelection: () => void) => ReactNode;

  /** A click on a row, or Enter on one of its cells, opens it. Links inside cells keep working. */
  onRowClick?: (row: TData) => void;
  /** More controls at the end of the toolbar (e.g. a "Create" button). */
  toolbar?: ReactNode;
  /**
   * The app's own filters (selects, text and date fields the server applies), on a row of their
   * own under the search, named "Filters" for assistive technology.
   */
  filters?: ReactNode;
  className?: string;

  /**
   * The actions of a row, shown as a menu (a kebab button named "Actions for {row label}") in a
   * trailing "Actions" column, and on each card on phones.
   */
  rowActions?: (row: TData) => DataTableRowAction[];
  /** Which columns show, controlled (e.g. persisted by the app). */
  columnVisibility?: DataTableColumnVisibility;
  /** Which columns show at first when uncontrolled. Defaults to hiding `defaultHidden` columns. */
  defaultColumnVisibility?: DataTableColumnVisibility;
  /** Called when the column menu shows or hides a column. */
  onColumnVisibilityChange?: (visibility: DataTableColumnVisibility) => void;
  /**
   * Called with every row the search and filters let through, in sort order (all pages),
   * whenever that list changes: what an export should write.
   */
  onFilteredRowsChange?: (rows: TData[]) => void;
  /** The id (from `getRowId`) of a row being opened or worked on: it shows a spinner, `aria-busy`. */
  busyRowId?: string;
  /** Rows with work under way (a task on them, started here or elsewhere): each shows a spinner, `aria-busy`. */
  busyRowIds?: readonly string[];
  /** `getVisibleRows()` and `getVisibleColumns()`, e.g. for a CSV export. */
  ref?: Ref<DataTableHandle<TData>>;
}

/** Which columns show, by column `id` (`false` hides it); a column not listed shows. */
export type DataTableColumnVisibility = Record<string, boolean>;

/** One entry of a row's actions menu. */
export interface DataTableRowAction {
  /** Stable, unique within the row. */
  id: string;
  /** The item's text ("Restart"). */
  label: string;
  /** An icon before the text: an `@mdi/js` path. */
  icon?: string;
  /** Called when the action is chosen (click, Enter or Space). */
  onSelect: () => void;
  /** Why the action is unavailable: the item stays focusable, shows the reason and does nothing. */
  disabledReason?: string;
  /** `danger` colours the item red, for destructive actions. */
  tone?: 'danger';
}

/** What a `ref` on `DataTable` gives: the rows and columns as the user sees them. */
export interface DataTableHandle<TData> {
  /** Every row the search and filters let through, in the current sort order (all pages). */
  getVisibleRows: () => TData[];
  /** The columns shown, in order (for `toCsv`). */
  getVisibleColumns: () => DataTableColumn<TData>[];
}

/** Props of `DataTable`: the base props and an accessible name. */
export type DataTableProps<TData extends RowData> = DataTableBaseProps<TData> & DataTableName;
