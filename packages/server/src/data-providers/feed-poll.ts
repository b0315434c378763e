import { createHash } from 'node:crypto';
import { SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@regie/contract/data-provider-subscriptions';
import type { FeedProvider, ParsedFeed } from '@regie/contract/feeds';
import type { Message } from '@regie/contract/messages';
import type { EventState } from '@regie/contract/resources/events';
import { eq, sql } from 'drizzle-orm';
import { reasonOf } from '../common/message.error.ts';
import { dataProviderSubscriptions } from '../db/data-providers.table.ts';
import type { Db } from '../db/database.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { type ImportPolicy, openRemoteFile } from '../videos/import.fetch.ts';
import type { CredentialSeal } from './credentials.ts';

/** One subscription due now, claimed by this poller for one interval. */
export interface ClaimedPoll {
  id: number;
  accountId: number;
  url: string;
  usernameSealed: string | null;
  passwordSealed: string | null;
  intervalSeconds: number;
  lastDigest: string | null;
  provider: FeedProvider;
  providerId: string;
  mappingId: number;
  eventId: number;
  eventState: EventState;
}

/** What the poller needs beside the database: parse with the provider's adapter, apply as markers. */
export interface FeedPollDependencies {
  seal: CredentialSeal | null;
  policy: Pick<ImportPolicy, 'allowHosts' | 'resolve'>;
  parse(provider: FeedProvider, document: Buffer): ParsedFeed;
  /** The match's events → the event's markers, idempotent by provider event id; markers created. */
  apply(db: Db, poll: ClaimedPoll, feed: ParsedFeed): Promise<{ created: number }>;
  log: JobLogger;
}

interface PollRow {
  id: number;
  account_id: number;
  url: string;
  username_sealed: string | null;
  password_sealed: string | null;
  interval_seconds: number;
  last_digest: string | null;
  provider: FeedProvider;
  provider_id: string;
  mapping_id: number;
  event_id: number;
  event_state: EventState;
}

/** Subscriptions claimed per look; the rest wait for the next look (a second later). */
const CLAIM_BATCH = 10;

/**
 * Picks the active subscriptions of event mappings that are due, while their event is on (live,
 * or from `leadMinutes` before its start to its end, or `defaultHours` after its start without an
 * end), and moves each one's next poll one interval ahead in the same statement: the row is this
 * poller's until then. SKIP LOCKED: two workers looking at once take different rows; a worker
 * that dies mid-poll leaves the row due at its next interval, so nothing is polled twice at once
 * and a restart resumes from the table.
 */
export async function claimDuePolls(db: Db, limit = CLAIM_BATCH): Promise<ClaimedPoll[]> {
  const lead = `${SUBSCRIPTION_LIMITS.leadMinutes} minutes`;
  const length = `${SUBSCRIPTION_LIMITS.defaultHours} hours`;
  const result = await db.execute(sql`
    with due as (
      select s.id, m.provider, m.provider_id, m.id as mapping_id, e.id as event_id, e.state as event_state
      from data_provider_subscriptions s
      join data_provider_mappings m on m.id = s.mapping_id and m.entity = 'event'
      join events e on e.id = m.record_id and e.account_id = m.account_id
      where s.active and s.next_poll_at <= now()
        and (e.state = 'live' or (
          now() >= e.starts_at - ${lead}::interval
          and now() <= coalesce(e.ends_at, e.starts_at + ${length}::interval)))
      order by s.next_poll_at
      limit ${limit}
      for update of s skip locked
    )
    update data_provider_subscriptions s
    set next_poll_at = now() + make_interval(secs => s.interval_seconds)
    from due
    where s.id = due.id
    returning s.id, s.account_id, s.url, s.username_sealed, s.password_sealed, s.interval_seconds,
      s.last_digest, due.provider, due.provider_id, due.mapping_id, due.event_id, due.event_state`);
  const rows = (result as unknown as { rows: PollRow[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    usernameSealed: row.username_sealed,
    passwordSealed: row.password_sealed,
    intervalSeconds: row.interval_seconds,
    lastDigest: row.last_digest,
    provider: row.provider,
    providerId: row.provider_id,
    mappingId: row.mapping_id,
    eventId: row.event_id,
    eventState: row.event_state,
  }));
}

class PollError extends Error {
  constructor(readonly reason: Message) {
    super(reason.code);
  }
}

/** The Authorization header of the subscription's credentials (HTTP basic), none without them. */
function authorization(seal: CredentialSeal | null, poll: ClaimedPoll): Record<string, string> {
  if (poll.usernameSealed === null && poll.passwordSealed === null) return {};
  const open = (value: string | null) => (value === null ? '' : seal?.open(value));
  const username = open(poll.usernameSealed);
  const password = open(poll.passwordSealed);
  if (username == null || password == null) throw new PollError(SUBSCRIPTION_MESSAGES.keyChanged);
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` };
}

/** Downloads the feed document, at most documentMaxBytes, within the poll's time. */
async function download(poll: ClaimedPoll, deps: FeedPollDependencies): Promise<Buffer> {
  const timeoutMs = Math.min(poll.intervalSeconds, 30) * 1000;
  const signal = AbortSignal.timeout(timeoutMs);
  const maxBytes = SUBSCRIPTION_LIMITS.documentMaxBytes;
  const remote = await openRemoteFile(
    poll.url,
    { ...deps.policy, maxBytes, timeoutMs },
    signal,
    authorization(deps.seal, poll),
  );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of remote.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      remote.body.destroy();
      throw new PollError(SUBSCRIPTION_MESSAGES.documentTooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function record(
  db: Db,
  id: number,
  values: Partial<typeof dataProviderSubscriptions.$inferInsert>,
): Promise<void> {
  await db
    .update(dataProviderSubscriptions)
    .set({ lastPolledAt: new Date(), ...values })
    .where(eq(dataProviderSubscriptions.id, id));
}

/**
 * One poll: fetch, and when the document differs from the last applied one (its SHA-256), parse
 * it with the mapping's provider and apply its match events to the event's markers. An unchanged
 * document writes nothing but the status. A failure is the subscription's status and last error;
 * the digest stays, so the next poll tries the same document again.
 */
export async function pollOnce(db: Db, poll: ClaimedPoll, deps: FeedPollDependencies): Promise<void> {
  try {
    const body = await download(poll, deps);
    const digest = createHash('sha256').update(body).digest('hex');
    if (digest === poll.lastDigest) {
      await record(db, poll.id, { lastStatus: 'unchanged', lastError: null });
      return;
    }
    const feed = deps.parse(poll.provider, body);
    const { created } = await deps.apply(db, poll, feed);
    await record(db, poll.id, { lastStatus: 'ok', lastError: null, lastDigest: digest, lastCreated: created });
  } catch (error) {
    const reason = error instanceof PollError ? error.reason : reasonOf(error);
    // The subscription's id only: its URL and credentials stay out of the logs.
    deps.log.warn({ subscriptionId: poll.id, reason: reason.code }, 'feed poll failed');
    await record(db, poll.id, { lastStatus: 'error', lastError: reason });
  }
}

/** Claims what is due and polls it, side by side; what it claimed is polled even if one fails. */
export async function pollDueFeeds(db: Db, deps: FeedPollDependencies): Promise<number> {
  const polls = await claimDuePolls(db);
  await Promise.all(polls.map((poll) => pollOnce(db, poll, deps)));
  return polls.length;
}
