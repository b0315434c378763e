import { CACHE_KEYS } from '@regie/contract/cache';
import { and, eq } from 'drizzle-orm';
import { type Cache, createMemoryCache } from '../cache/cache.service.ts';
import { shareCachePurges } from '../cache/cache.shared.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fanGames, motmCandidates } from '../db/games.table.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { readGameSettings } from './game-settings.routes.ts';

/**
 * What a MOTM vote checks before its insert, kept per game for VOTE_CHECKS_MS (issue 28.5): a
 * burst of 20 000 votes reads the game, its event, the account's settings and the candidates
 * about once a second instead of once a vote.
 *
 * How stale it may be, and why that is safe: the vote's insert (games.play.ts) checks the game,
 * its event being published, the candidate and the voting window again against the rows as they
 * are, so a window closed (or moved) by staff refuses votes as soon as the write committed, on
 * every process, cache or not. What stays from the cache is the account's MOTM settings
 * (openAtKickoff, votingMinutesAfterEnd) used by that insert, and the quick answers (404, 400)
 * given without a query: a staff write to the game (create, update, delete) or to the account's
 * MOTM settings drops the entries at once in this process and, through the hub, in the others;
 * at worst (the hub's message lost) they are a second old. A hub resync empties the cache.
 */
export const VOTE_CHECKS_MS = 1_000;
const VOTE_CHECKS_MAX = 10_000;
/** A hub topic no client can reach (clients' topics start with their account id). */
export const VOTE_CHECKS_PURGE_TOPIC = 'system/motm-vote-checks-purge';

export interface MotmVoteChecks {
  gameId: number;
  accountId: number;
  eventId: number;
  published: boolean;
  candidateIds: readonly number[];
  settings: { openAtKickoff: boolean; votingMinutesAfterEnd: number };
}

export interface MotmVoteCheckBook {
  /** The game's checks (cached), null when there is no MOTM game of that id. */
  of(gameId: number): Promise<MotmVoteChecks | null>;
  /** A staff write to the game: its checks dropped in every process. */
  gameChanged(gameId: number): void;
  /** The account's MOTM settings changed: every game's checks of the account dropped. */
  settingsChanged(accountId: number): void;
  close(): void;
}

const keyOf = (gameId: number) => `motm-vote:${gameId}`;
const accountTag = (accountId: number) => `motm-account:${accountId}`;

async function loadChecks(db: Db, gameId: number): Promise<MotmVoteChecks | null> {
  const [found] = await db
    .select({ accountId: fanGames.accountId, eventId: fanGames.eventId, published: events.published })
    .from(fanGames)
    .innerJoin(events, eq(events.id, fanGames.eventId))
    .where(and(eq(fanGames.id, gameId), eq(fanGames.kind, 'motm')))
    .limit(1);
  if (!found) return null;
  const [candidates, settings] = await Promise.all([
    db.select({ id: motmCandidates.challengerId }).from(motmCandidates).where(eq(motmCandidates.gameId, gameId)),
    readGameSettings(db, found.accountId, 'motm'),
  ]);
  return {
    gameId,
    ...found,
    candidateIds: candidates.map((candidate) => candidate.id),
    settings: { openAtKickoff: settings.openAtKickoff, votingMinutesAfterEnd: settings.votingMinutesAfterEnd },
  };
}

/** The checks read each time (the demo seed, which votes at the match's own times). */
export function uncachedVoteChecks(db: Db): Pick<MotmVoteCheckBook, 'of'> {
  return { of: (gameId) => loadChecks(db, gameId) };
}

export function createMotmVoteChecks(
  db: Db,
  hub: RealtimeHub | null,
  onError: (error: unknown) => void,
  ttlMs: number = VOTE_CHECKS_MS,
): MotmVoteCheckBook {
  const cache: Cache = createMemoryCache(ttlMs, { maxEntries: VOTE_CHECKS_MAX });
  const stopSharing = hub ? shareCachePurges(cache, hub, onError, VOTE_CHECKS_PURGE_TOPIC) : () => undefined;
  const stopResync = hub ? hub.onResync(() => cache.purgeLocal(CACHE_KEYS.all)) : () => undefined;
  return {
    async of(gameId) {
      const key = keyOf(gameId);
      return (
        cache.peek<MotmVoteChecks | null>(key) ??
        cache.getOrLoad(key, () => loadChecks(db, gameId), {
          tags: (checks) => (checks ? [accountTag(checks.accountId)] : []),
        })
      );
    },
    gameChanged: (gameId) => void cache.purge(keyOf(gameId)),
    settingsChanged: (accountId) => void cache.purge(accountTag(accountId)),
    close() {
      stopSharing();
      stopResync();
    },
  };
}
