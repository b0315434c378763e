import type { FeedAdapterInfo, FeedProvider } from '@regie/contract/feeds';
import { FEED_ADAPTERS } from '../feeds/feeds.registry.ts';

/**
 * The keys a provider's match events carry, with their meanings (the adapter's
 * `FeedAdapterInfo.eventKeys`): the default parser mapping and the mapping screen read them.
 */
export function eventKeysOf(provider: FeedProvider): FeedAdapterInfo['eventKeys'] {
  return FEED_ADAPTERS[provider].eventKeys;
}

/** Where the provider's format is documented (the adapter's `FeedAdapterInfo.documentation`). */
export function feedDocumentation(provider: FeedProvider): string {
  return FEED_ADAPTERS[provider].documentation;
}
