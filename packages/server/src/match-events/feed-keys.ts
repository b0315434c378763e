import type { FeedAdapterInfo, FeedProvider } from '@regie/contract/feeds';

/**
 * The keys a provider's match events carry, with their meanings (the adapter's
 * `FeedAdapterInfo.eventKeys`): the default parser mapping and the mapping screen read them.
 */
export function eventKeysOf(_provider: FeedProvider): FeedAdapterInfo['eventKeys'] {
  return [];
}
