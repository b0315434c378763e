/**
 * CSV text (RFC 4180) of the account's speakers (GET /main-api/speakers/account/csv): a header
 * line, then one line per speaker, CRLF line ends, starting with a UTF-8 byte order mark so that
 * spreadsheet programs read accented names right.
 */

export const CSV_BOM = '\uFEFF';

/**
 * One cell (the web app's list export says cells the same way): quoted when it holds a comma, a
 * quote, a line break or edge spaces, quotes doubled. Text a spreadsheet would run as a formula
 * (= + - @, tab, carriage return first) gets a leading apostrophe; numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(',')),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** `speakers-olympique-riverside-fc-2026-05-04.csv` */
export function csvFileName(accountName: string, today: Date): string {
  const slug = accountName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `speakers-${slug || 'account'}-${today.toISOString().slice(0, 10)}.csv`;
}
