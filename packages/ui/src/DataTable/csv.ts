import type { DataTableAccessor, DataTableColumn, DataTableValue } from './DataTable.types.ts';

// tableModel's `readValue`, repeated: importing it would split tableModel (and TanStack Table's
// core) into a chunk of its own, shared with this file, which loads only on an export.
const readValue = <TData>(accessor: DataTableAccessor<TData>, row: TData): DataTableValue =>
  typeof accessor === 'function' ? accessor(row) : (row[accessor] as DataTableValue);

/** Leading characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One value as CSV text: numbers plain (no grouping), dates in ISO 8601, booleans Yes/No. */
function cellText(value: DataTableValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // Text a spreadsheet would run as a formula is written as text.
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The rows as CSV (RFC 4180, CRLF line ends): a header line of the columns' headers, then one line
 * per row of the columns' accessor values. Columns without an accessor (actions) are left out.
 * Text starting with `=`, `+`, `-`, `@` (or a tab or carriage return) gets a leading `'`, so a
 * spreadsheet shows it instead of running it. Pass `DataTable`'s visible rows and columns to
 * export what the user sees.
 */
export function toCsv<TData>(
  rows: readonly TData[],
  columns: readonly DataTableColumn<TData>[],
): string {
  const exported = columns.filter((column) => column.accessor);
  const lines = [exported.map((column) => field(cellText(column.header))).join(',')];
  for (const row of rows) {
    lines.push(
      exported
        .map((column) => (column.accessor ? field(cellText(readValue(column.accessor, row))) : ''))
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Saves `text` as a CSV file through the browser's download. A byte-order mark goes first, so
 * spreadsheet programs read the file as UTF-8.
 */
export function downloadCsv(filename: string, text: string): void {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
