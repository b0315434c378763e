import { type Options, stringify } from 'csv-stringify/sync';

/**
 * The CSV every export writes (RFC 4180), by csv-stringify: a UTF-8 byte order mark (spreadsheet
 * programs then read accented names right), a header line, then one line per row. Null and
 * undefined are empty cells, dates ISO 8601 UTC with milliseconds, booleans true/false, numbers as
 * JavaScript writes them. Two layouts:
 *
 * - SPREADSHEET_CSV (speakers, chapters, rankings): CRLF line ends; a cell is quoted (quotes
 *   doubled) when it holds a comma, a quote, a line break or spaces at an edge.
 * - COPY_CSV (fans, audit, query builder, games' contestants): PostgreSQL's `COPY … (FORMAT csv)`
 *   byte for byte, because on PostgreSQL the fans' and the audit's exports are written by the
 *   database itself: LF line ends; quoted for a comma, a quote, a line break or the end-of-data
 *   marker `\.`; spaces kept as they are.
 *
 * Text a spreadsheet would run as a formula (= + - @, tab or carriage return first, and their
 * full-width forms that Apple Numbers reads alike) gets a leading apostrophe: csv-stringify's
 * `escape_formulas`; numbers stay numbers. Not in COPY_CSV: the fans' and audit's SELECT guards
 * its own cells (fans.export.ts `guarded`), so that COPY and this write the same text;
 * GUARDED_COPY_CSV is COPY's layout with the guard, for exports whose cells come from here.
 *
 * Streamed exports are async generators of text (`csvLines`): the header, then one chunk per
 * batch read, so memory stays flat and the socket's backpressure paces the reads
 * (`Readable.from` in the route). csv-stringify's synchronous API writes each batch: its stream
 * would make one chunk per row.
 */

export type CsvFormat = Readonly<Options>;

const CELLS: Options['cast'] = {
  date: (value) => value.toISOString(),
  boolean: (value) => String(value),
};

export const SPREADSHEET_CSV: CsvFormat = {
  record_delimiter: '\r\n',
  // Given a record delimiter, csv-stringify only quotes that one: CR and LF alone are line breaks too.
  quote_record_delimiter: true,
  quoted_match: [/^\s|\s$/],
  escape_formulas: true,
  cast: CELLS,
};

export const COPY_CSV: CsvFormat = {
  record_delimiter: '\n',
  quote_record_delimiter: true,
  // COPY quotes a cell that reads as its end-of-data marker.
  quoted_match: [/^\\\.$/],
  cast: CELLS,
};

export const GUARDED_COPY_CSV: CsvFormat = { ...COPY_CSV, escape_formulas: true };

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** Columns named after the rows' keys (a SELECT's fields). */
export function namedColumns<Key extends string>(names: readonly Key[]): CsvColumn<Record<Key, unknown>>[] {
  return names.map((name) => ({ header: name, value: (row) => row[name] }));
}

/** The byte order mark and the header line. */
export function csvHeader(format: CsvFormat, headers: readonly string[]): string {
  return stringify([headers], { ...format, bom: true });
}

/** The lines of `rows`, each ended ('' for none). */
export function csvRows<Row>(format: CsvFormat, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => column.value(row))),
    format,
  );
}

/** A whole CSV held in memory (a small export). */
export function csvText<Row>(format: CsvFormat, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return (
    csvHeader(
      format,
      columns.map((column) => column.header),
    ) + csvRows(format, columns, rows)
  );
}

/** A streamed CSV: the header, then the lines of each batch as it is read. */
export async function* csvLines<Row>(
  format: CsvFormat,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): AsyncGenerator<string> {
  yield csvHeader(
    format,
    columns.map((column) => column.header),
  );
  for await (const rows of batches) if (rows.length > 0) yield csvRows(format, columns, rows);
}
