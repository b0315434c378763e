/**
 * What the page and the background worker (/worker/fetch.js, spec §7) say to each other. The
 * worker fetches and parses off the main thread: every page of a CSV export, sport sprites.
 * No imports beyond pure code: this file is bundled into the worker too.
 */

/** Every page of a list, continuing by keyset cursor when the server gives one. */
export interface PagesRequest {
  kind: 'pages';
  /** The list's address with its filters, sort and search; offset, limit and after are added. */
  url: string;
  headers: Record<string, string>;
  pageSize: number;
}

/** A text file (an SVG sprite), fetched without the API's headers. */
export interface TextRequest {
  kind: 'text';
  url: string;
}

export type BackgroundRequest = PagesRequest | TextRequest;

export type BackgroundReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; status: number; body: unknown; message: string };

/** One page of a list response (contract shapes.ts ListResponse), as far as paging needs it. */
export interface PageOfRows<Row> {
  data: Row[];
  total: number;
  nextCursor?: string | null;
}

/**
 * Reads page after page until the total the server reports, or a short page. Keyset paging
 * when the server gives a cursor: every page costs the same, however deep (an export of 100 000
 * rows by offset reads the table again and again).
 */
export async function collectPages<Row>(
  fetchPage: (offset: number, after: string | null) => Promise<PageOfRows<Row>>,
  pageSize: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchPage(rows.length, after);
    rows.push(...page.data);
    if (page.data.length < pageSize || rows.length >= page.total) return rows;
    after = page.nextCursor ?? null;
  }
}

/** The page's address: the list's own query plus offset, limit and the cursor. */
export function pageUrl(url: string, offset: number, limit: number, after: string | null): string {
  const separator = url.includes('?') ? '&' : '?';
  const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
  return `${url}${separator}offset=${offset}&limit=${limit}${cursor}`;
}
