import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type FilterFn,
  type RowData,
} from '@tanstack/react-table';
import type { DataTableAccessor, DataTableColumn, DataTableValue } from './DataTable.types.ts';

/**
 * The TanStack Table v9 features the table registers, with their row-model slots after them.
 * Module scope: the same object for every render and every table.
 */
export const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  filterFns: { includesString: filterFn_includesString, equalsString: filterFn_equalsString },
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    datetime: sortFn_datetime,
    basic: sortFn_basic,
  },
});
export type Features = typeof features;

/** Id of the checkbox column that selection adds in front. */
export const SELECT_COLUMN_ID = '__select';
/** Id of the row actions column that `rowActions` adds at the end. */
export const ACTIONS_COLUMN_ID = '__actions';

/**
 * The attributes every cell of column `ci` carries, heading or body: focusable by the grid's
 * keyboard navigation, and aligned as its column says; the actions column is pinned to the end.
 */
export const cellAttributes = (
  ci: number,
  column: { id: string; def?: Pick<DataTableColumn<never>, 'align'> | undefined },
) => ({
  tabIndex: -1,
  'data-ci': ci,
  'data-col': column.id,
  ...(column.id === ACTIONS_COLUMN_ID
    ? { 'data-pin': 'end', 'data-align': 'center' }
    : column.def && { 'data-align': column.def.align ?? 'start' }),
});

export const readValue = <TData>(
  accessor: DataTableAccessor<TData>,
  row: TData,
): DataTableValue => {
  if (typeof accessor === 'function') return accessor(row);
  const value: unknown = row[accessor];
  return value as DataTableValue;
};

const numberFormat = new Intl.NumberFormat('en-US');
/** Counts in the table's texts: "1,250 rows". */
export const count = numberFormat;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** How a value reads in a cell (and in the search index, so search finds what is shown). */
export function formatValue(value: DataTableValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return dateFormat.format(value);
  return value;
}

/** Our column shape as TanStack column definitions (plus the selection column). */
export function toTableColumns<TData extends RowData>(
  columns: readonly DataTableColumn<TData>[],
  selectable: boolean,
  withActions = false,
): ColumnDef<Features, TData>[] {
  const defs: ColumnDef<Features, TData>[] = columns.map((column): ColumnDef<Features, TData> => {
    const { accessor } = column;
    const base = {
      id: column.id,
      header: column.header,
      enableHiding: column.hideable ?? true,
      enableColumnFilter: Boolean(column.filter && accessor),
      filterFn:
        column.filter === 'select' ? ('equalsString' as const) : ('includesString' as const),
    };
    if (!accessor) return { ...base, enableSorting: false, enableGlobalFilter: false };
    return {
      ...base,
      // `undefined` rather than `null`, so `sortUndefined` puts empty cells last.
      accessorFn: (row: TData) => readValue(accessor, row) ?? undefined,
      enableSorting: column.sortable ?? true,
      sortUndefined: 'last',
      enableGlobalFilter: column.searchable ?? true,
    };
  });
  if (withActions) {
    defs.push({
      id: ACTIONS_COLUMN_ID,
      header: 'Actions',
      enableHiding: false,
      enableSorting: false,
      enableColumnFilter: false,
      enableGlobalFilter: false,
    });
  }
  if (selectable) {
    defs.unshift({
      id: SELECT_COLUMN_ID,
      header: 'Select',
      enableHiding: false,
      enableSorting: false,
      enableColumnFilter: false,
      enableGlobalFilter: false,
    });
  }
  return defs;
}

/**
 * Lower-case text of each row's searchable columns, built once per row on first use and kept
 * until `data` or `columns` change. A keystroke then costs one `includes` per row and term
 * instead of formatting and lower-casing every cell of every row again.
 */
export class SearchIndex<TData> {
  private readonly texts: (string | undefined)[] = [];
  private readonly accessors: DataTableAccessor<TData>[];

  constructor(
    columns: readonly DataTableColumn<TData>[],
    private readonly data: readonly TData[],
  ) {
    this.accessors = columns.flatMap((column) =>
      column.accessor && (column.searchable ?? true) ? [column.accessor] : [],
    );
  }

  get searchable() {
    return this.accessors.length > 0;
  }

  text(row: TData, index: number): string {
    let text = this.texts[index];
    if (text === undefined) {
      // A separator no one types keeps a term from matching across two cells.
      text = this.accessors
        .map((accessor) => formatValue(readValue(accessor, row)))
        .join('\u0000')
        .toLowerCase();
      this.texts[index] = text;
    }
    return text;
  }

  /** Builds every row's text ahead of the first search (called when the browser is idle). */
  warm(deadline: () => boolean, from = 0): number {
    let index = from;
    for (; index < this.data.length; index++) {
      const row = this.data[index];
      if (row !== undefined) this.text(row, index);
      if (index % 256 === 0 && deadline()) return index + 1;
    }
    return index;
  }
}

/** Search terms: lower case, split on white space; a row must contain every one. */
export const searchTerms = (value: unknown): string[] =>
  String(value ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);

/**
 * The global filter: every term in the row's indexed text. TanStack runs the global filter per
 * eligible column until one matches, so the table makes only one column eligible
 * (`getColumnCanGlobalFilter`) and this function ignores which one it is given.
 */
export function makeGlobalFilterFn<TData extends RowData>(
  index: SearchIndex<TData>,
): FilterFn<Features, TData> {
  const filter: FilterFn<Features, TData> = (row, _columnId, terms: readonly string[]) => {
    const text = index.text(row.original, row.index);
    for (const term of terms) if (!text.includes(term)) return false;
    return true;
  };
  filter.resolveFilterValue = searchTerms;
  return filter;
}

/** The distinct values of a column, sorted: the default choices of a `select` filter. */
export function distinctValues<TData>(
  data: readonly TData[],
  accessor: DataTableAccessor<TData>,
): string[] {
  const values = new Set<string>();
  for (const row of data) {
    const value = readValue(accessor, row);
    if (value !== null && value !== undefined && value !== '') values.add(String(value));
  }
  return [...values].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** Average advance of a character of the table's 14px text, with room to spare. */
const CHAR_PX = 7.6;
/** Cell padding on both sides, plus the sort arrow or a chip's icon and padding. */
const CELL_EXTRA_PX = 24 + 22;
/** Rows sampled to size a column: enough to see its typical widest value, cheap for 10,000. */
const SAMPLE = 200;

/**
 * A default track from the column's content: the widest of its header and sampled values gives
 * the least width (so `192.168.100.200` or a status chip is not cut while other columns have
 * room), and a share of the remaining width in proportion to it. Every row is its own grid (rows
 * are positioned when virtualized), so tracks cannot be sized by the browser from content.
 */
export function contentTrack<TData>(
  column: DataTableColumn<TData>,
  data: readonly TData[],
): { track: string; min: number } {
  let chars = column.header.length;
  if (column.accessor) {
    const step = Math.max(1, Math.floor(data.length / SAMPLE));
    for (let index = 0; index < data.length; index += step) {
      const row = data[index];
      if (row !== undefined)
        chars = Math.max(chars, formatValue(readValue(column.accessor, row)).length);
    }
  }
  const natural = Math.ceil(chars * CHAR_PX + CELL_EXTRA_PX);
  const min = Math.max(column.minWidth ?? 0, Math.min(Math.max(natural, 96), 280));
  const share = Math.min(Math.max(natural / 160, 1), 3).toFixed(2);
  return { track: `minmax(${min}px, ${share}fr)`, min };
}

/** A grid track for a column width, and the pixels it needs at least (for horizontal scroll). */
export function columnTrack(width: number | string | undefined): { track: string; min: number } {
  if (typeof width === 'number') return { track: `${width}px`, min: width };
  if (width === undefined) return { track: 'minmax(120px, 1fr)', min: 120 };
  const px = /^(?:minmax\(\s*)?(\d+(?:\.\d+)?)px/.exec(width);
  return { track: width, min: px?.[1] ? Number(px[1]) : 120 };
}

/**
 * A column's track widened to `floor` pixels (its content's measured width), so that a status
 * chip, a version or a heading is never cut: the least width becomes the larger of the two.
 */
export function flooredTrack(
  base: { track: string; min: number },
  floor: number | undefined,
): { track: string; min: number } {
  if (!floor || floor <= base.min) return base;
  const px = Math.ceil(floor);
  if (/^\d+(?:\.\d+)?px$/.test(base.track)) return { track: `${px}px`, min: px };
  const minmax = /^minmax\(\s*\d+(?:\.\d+)?px\s*,/.exec(base.track);
  if (minmax) return { track: base.track.replace(minmax[0], `minmax(${px}px,`), min: px };
  return { track: `minmax(${px}px, ${base.track})`, min: px };
}

/** A column the table may leave out when it is too narrow, and how much it matters. */
export interface FitCandidate {
  id: string;
  /** The least width of its track, in pixels. */
  min: number;
  /** 1 (kept longest) to 5; `undefined` when it must stay. */
  priority: number | undefined;
}

/**
 * The columns to leave out so that the rest fit `available` pixels without scrolling sideways:
 * the least important first (highest `priority`, then the rightmost), until the least widths of
 * the others fit. Columns without a priority stay, even when the table then has to scroll.
 */
export function columnsToDrop(columns: readonly FitCandidate[], available: number): string[] {
  let total = columns.reduce((sum, column) => sum + column.min, 0);
  if (total <= available) return [];
  const order = columns
    .map((column, index) => ({ ...column, index }))
    .filter((column) => column.priority !== undefined)
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0) || b.index - a.index);
  const dropped: string[] = [];
  for (const column of order) {
    if (total <= available) break;
    dropped.push(column.id);
    total -= column.min;
  }
  return dropped;
}
