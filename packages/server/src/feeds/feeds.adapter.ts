import type { FeedAdapterInfo, FeedParseOptions, ParsedFeed } from '@regie/contract/feeds';
import type { Message } from '@regie/contract/messages';
import { HttpError } from '../http/http.errors.ts';

/**
 * A provider adapter (issue 25): reads one document of its provider's published format into the
 * shared feed model (contract `feeds.ts`). Pure: no database, no clock, no network, so parsing
 * the same document twice gives the same records with the same provider ids.
 *
 * Two kinds of refusal:
 * - the whole document is not the provider's format (not JSON, truncated, binary, too large, a CSV
 *   without a mapped column): `parse` throws a `FeedError`, and nothing of it may be written;
 * - a row inside a valid document cannot be read (a match without a date, an unreadable minute):
 *   the row goes to `ParsedFeed.refused` with its place and reason, and the rest is read.
 */
export interface FeedAdapter extends FeedAdapterInfo {
  parse(document: string | Buffer, options?: FeedParseOptions): ParsedFeed;
}

/**
 * A document an adapter refuses as a whole: a client error (400; 413 when it is too large) whose
 * message (FEED_MESSAGES) names the place (`place`: a JSON path, a CSV line and column) when
 * there is one.
 */
export class FeedError extends HttpError {
  readonly place: string | undefined;

  constructor(message: Message, options: { status?: number; place?: string } = {}) {
    super(options.status ?? 400, message);
    this.name = 'FeedError';
    this.place = options.place;
  }
}
