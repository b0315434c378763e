/**
 * CSV export (RFC 4180): comma-separated, CRLF line ends, UTF-8 with a byte-order mark so that
 * spreadsheet programs read accents right.
 */

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: quoted when it holds a comma, a quote, a line break or edge spaces, with inner quotes
 * doubled. Text that a spreadsheet would run as a formula is prefixed with an apostrophe; numbers
 * stay numbers (-3 is not a formula).
 */
export function escapeCsvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = /[",\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => escapeCsvValue(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => escapeCsvValue(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `tags-2024-05-01.csv`: the resource and the day of the export. */
export function csvFileName(resourceName: string, now: Date = new Date()): string {
  return `${resourceName}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
