import type { FeedProvider, ParsedFeed } from '@regie/contract/feeds';
import { feedAdapter } from '../feeds/feeds.registry.ts';

/** A polled document read by its mapping's provider adapter (a FeedError, with its reason, when it is not that format). */
export function parseFeedDocument(provider: FeedProvider, document: Buffer): ParsedFeed {
  return feedAdapter(provider).parse(document);
}
