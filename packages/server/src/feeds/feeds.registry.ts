import { FEED_PROVIDERS, type FeedAdapterInfo, type FeedProvider } from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import { csvAdapter } from './csv.ts';
import { type FeedAdapter, FeedError } from './feeds.adapter.ts';
import { openfootballAdapter } from './openfootball.ts';
import { statsbombAdapter } from './statsbomb.ts';

/** The provider adapters, by the name the import call takes (`provider`). */
export const FEED_ADAPTERS: Readonly<Record<FeedProvider, FeedAdapter>> = {
  openfootball: openfootballAdapter,
  statsbomb: statsbombAdapter,
  csv: csvAdapter,
};

/** What each adapter tells about itself, without its parser (for a GET of the providers). */
export const FEED_ADAPTER_INFOS: readonly FeedAdapterInfo[] = FEED_PROVIDERS.map((provider) => {
  const { parse: _parse, ...info } = FEED_ADAPTERS[provider];
  return info;
});

export function isFeedProvider(value: unknown): value is FeedProvider {
  return typeof value === 'string' && (FEED_PROVIDERS as readonly string[]).includes(value);
}

/** The adapter of a provider; a FeedError (400) naming the known providers for another name. */
export function feedAdapter(provider: string): FeedAdapter {
  if (!isFeedProvider(provider)) {
    throw new FeedError(FEED_MESSAGES.unknownProvider(provider, FEED_PROVIDERS.join(', ')));
  }
  return FEED_ADAPTERS[provider];
}
