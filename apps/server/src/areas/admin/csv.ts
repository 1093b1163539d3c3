// CSV for the exports: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (=, +, -, @ first) are prefixed with an apostrophe.

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV line with its CRLF. */
export const csvLine = (values: readonly unknown[]): string => `${values.map(cell).join(',')}\r\n`;

/**
 * The CSV text of rows read batch by batch: the header, then each batch's lines as one chunk, so
 * that memory holds one batch however many rows there are.
 */
export async function* csvChunks<T>(
  columns: readonly { header: string; value: (row: T) => unknown }[],
  batches: AsyncIterable<readonly T[]>,
): AsyncGenerator<string> {
  yield csvLine(columns.map((column) => column.header));
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) chunk += csvLine(columns.map((column) => column.value(row)));
    if (chunk) yield chunk;
  }
}
