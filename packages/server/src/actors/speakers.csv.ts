/**
 * The file name of the account's speakers as CSV (GET /main-api/speakers/account/csv, written with
 * http/csv.ts's SPREADSHEET_CSV: a UTF-8 byte order mark, a header line, CRLF line ends).
 */

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
