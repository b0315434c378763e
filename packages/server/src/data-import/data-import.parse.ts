import type { FeedParseOptions, FeedProvider, ParsedFeed } from '@regie/contract/feeds';
import { feedAdapter } from '../feeds/feeds.registry.ts';

/**
 * The document read by its provider's adapter (feeds/): a whole document it refuses throws a
 * FeedError (400, 413 when too large) and nothing is written. The preview and the job both come
 * here, with the same stored bytes and options, so they read the same records.
 */
export function parseDocument(provider: FeedProvider, document: Buffer, options: FeedParseOptions): ParsedFeed {
  return feedAdapter(provider).parse(document, options);
}
