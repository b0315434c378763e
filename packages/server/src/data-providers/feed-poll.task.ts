import type { AppConfig } from '../config.ts';
import type { PeriodicTask } from '../jobs/jobs.define.ts';
import { applyMatchDocument } from '../match-events/match-events.apply.ts';
import { credentialSealOf } from './credentials.ts';
import { parseFeedDocument } from './feed-parse.ts';
import { type FeedPollDependencies, pollDueFeeds } from './feed-poll.ts';

/** How often a worker looks for due feeds: the interval's own precision. */
export const FEED_POLL_LOOK_MS = 1_000;

/**
 * The subscriptions' poller as a worker's periodic task: every second, each worker claims the
 * feeds that are due (feed-poll.ts; the claim keeps two workers off one feed) and applies them
 * with the match events' apply (mode 'live' while the event is live, else its replay mapping).
 * It needs the media secret every process shares (REGIE_MEDIA_SECRET or the data folder's key
 * file): without it, a feed with credentials reports that its credentials cannot be read.
 */
export function feedPollTask(
  config: Pick<AppConfig, 'videos'>,
  overrides: Partial<Pick<FeedPollDependencies, 'policy'>> = {},
): PeriodicTask {
  const seal = credentialSealOf(config);
  return {
    name: 'feeds.poll',
    everyMs: FEED_POLL_LOOK_MS,
    run: ({ db, log }) =>
      pollDueFeeds(db, {
        seal,
        policy: overrides.policy ?? { allowHosts: config.videos.importAllowHosts },
        parse: parseFeedDocument,
        apply: async (database, poll, feed) => {
          const report = await applyMatchDocument(database, {
            accountId: poll.accountId,
            eventId: poll.eventId,
            provider: poll.provider,
            feed,
            mode: poll.eventState === 'live' ? 'live' : 'replay',
            dataProviderMappingId: poll.mappingId,
            language: 'en',
          });
          return { created: report.created.marker ?? 0 };
        },
        log,
      }).then(() => undefined),
  };
}
