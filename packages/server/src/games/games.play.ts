import { FANS_MESSAGES } from '@regie/contract/fans';
import { GAMES_MESSAGES, type GameKind } from '@regie/contract/games';
import type { FanMotmGame, FanPredictorGame, ScoreBody } from '@regie/contract/games.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BatchWriter } from '../common/batch-writer.ts';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fanGames, motmCandidates, motmVotes, predictions } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { type FanActivityRow, type FanRef, recordActivity } from '../fans/fans.activities.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { type GameWithEvent, presentPredictor, resultsOf, windowOf } from './games.service.ts';
import type { MotmVoteCheckBook, MotmVoteChecks } from './motm.vote-checks.ts';
import { giftsOf, sponsorsOf } from './prizes.routes.ts';
import type { ResultsPusher } from './results.pusher.ts';

/**
 * The fan side of the predictor and MOTM (contract games.ts): a fan reaches only their account's
 * events and games (another account's answer 404 as if absent); every prediction and vote is a
 * fan activity: a prediction's written in its transaction, a vote's through the activities' batch
 * writer (a crowd votes at once). `now` is the clock (the demo seed plays at the
 * match's own times).
 */

/** The event's game of `kind`, for a fan of the event's account, once the event is published. */
async function fanGameOfEvent(db: Db, fan: FanRef, kind: GameKind, eventId: number): Promise<GameWithEvent> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.accountId, fan.accountId), eq(events.published, true)))
    .limit(1);
  if (!event) throw notFound(FANS_MESSAGES.eventNotFound(eventId));
  const [game] = await db
    .select()
    .from(fanGames)
    .where(and(eq(fanGames.eventId, event.id), eq(fanGames.kind, kind)))
    .limit(1);
  if (!game) throw notFound(GAMES_MESSAGES.noGameOnEvent(eventId));
  return { game, event };
}

/** A game of `kind` by id, for a fan of its account (its event published: else 404). */
async function fanGameById(db: Db, fan: FanRef, kind: GameKind, gameId: number): Promise<GameWithEvent> {
  const [found] = await db
    .select({ game: fanGames, event: events })
    .from(fanGames)
    .innerJoin(events, eq(events.id, fanGames.eventId))
    .where(
      and(
        eq(fanGames.id, gameId),
        eq(fanGames.kind, kind),
        eq(fanGames.accountId, fan.accountId),
        eq(events.published, true),
      ),
    )
    .limit(1);
  if (!found) throw notFound(GAMES_MESSAGES.gameNotFound(gameId));
  return found;
}

const home = alias(challengers, 'home');
const away = alias(challengers, 'away');

export async function fanPredictorGame(db: Db, fan: FanRef, eventId: number): Promise<FanPredictorGame> {
  const found = await fanGameOfEvent(db, fan, 'predictor', eventId);
  const { game, event } = found;
  const [presented, [sides], [mine], sponsors, gifts] = await Promise.all([
    presentPredictor(db, found),
    db
      .select({ home: home.name, away: away.name })
      .from(events)
      .leftJoin(home, eq(home.id, events.homeChallengerId))
      .leftJoin(away, eq(away.id, events.awayChallengerId))
      .where(eq(events.id, event.id)),
    db
      .select({ home: predictions.home, away: predictions.away, points: predictions.points })
      .from(predictions)
      .where(and(eq(predictions.gameId, game.id), eq(predictions.fanId, fan.fanId))),
    sponsorsOf(db, { gameId: game.id }),
    giftsOf(db, { gameId: game.id }),
  ]);
  return {
    id: game.id,
    eventId: event.id,
    eventName: event.name,
    home: sides?.home ?? null,
    away: sides?.away ?? null,
    locksAt: presented.locksAt,
    open: !presented.locked,
    exactScorePoints: presented.exactScorePoints,
    rightResultPoints: presented.rightResultPoints,
    finalScore: presented.finalScore,
    prediction: mine ?? null,
    sponsors,
    gifts,
  };
}

/** The fan's prediction, made or changed until the game locks (409 after). */
export async function predict(db: Db, fan: FanRef, gameId: number, score: ScoreBody, now = new Date()) {
  const found = await fanGameById(db, fan, 'predictor', gameId);
  const presented = await presentPredictor(db, found, now);
  if (presented.locked) throw new HttpError(409, GAMES_MESSAGES.predictionsLocked);
  await transaction(db, async (tx) => {
    await tx
      .insert(predictions)
      .values({
        gameId,
        fanId: fan.fanId,
        accountId: fan.accountId,
        home: score.home,
        away: score.away,
        createdAt: now,
        predictedAt: now,
      })
      .onConflictDoUpdate({
        target: [predictions.gameId, predictions.fanId],
        set: { home: score.home, away: score.away, predictedAt: now },
      });
    await recordActivity(tx, fan, {
      type: 'prediction',
      eventId: found.event.id,
      payload: { gameId, home: score.home, away: score.away },
      at: now,
    });
  });
  return { gameId, home: score.home, away: score.away };
}

export async function fanMotmGame(db: Db, fan: FanRef, eventId: number): Promise<FanMotmGame> {
  const found = await fanGameOfEvent(db, fan, 'motm', eventId);
  const { game, event } = found;
  const now = new Date();
  const [{ window, open, settings }, candidates, [mine], sponsors, gifts] = await Promise.all([
    windowOf(db, found, now),
    db
      .select({ challengerId: challengers.id, name: challengers.name, picture: challengers.picture })
      .from(motmCandidates)
      .innerJoin(challengers, eq(challengers.id, motmCandidates.challengerId))
      .where(eq(motmCandidates.gameId, game.id))
      .orderBy(motmCandidates.position),
    db
      .select({ challengerId: motmVotes.challengerId })
      .from(motmVotes)
      .where(and(eq(motmVotes.gameId, game.id), eq(motmVotes.fanId, fan.fanId))),
    sponsorsOf(db, { gameId: game.id }),
    giftsOf(db, { gameId: game.id }),
  ]);
  const closed = window.closesAt !== null && now >= window.closesAt;
  const showResults = closed || (open && settings.showLiveResults);
  return {
    id: game.id,
    eventId: event.id,
    eventName: event.name,
    opensAt: window.opensAt?.toISOString() ?? null,
    closesAt: window.closesAt?.toISOString() ?? null,
    open,
    candidates,
    vote: mine?.challengerId ?? null,
    results: showResults ? await resultsOf(db, game.id) : null,
    sponsors,
    gifts,
  };
}

/**
 * What a vote is refused for, read as it is now (no cache): 404 without the game (or another
 * account's, or its event unpublished), 409 when voting is not open, 400 for a non-candidate.
 * Answers the game with the account's settings when the vote may go in.
 */
async function voteRefusal(db: Db, fan: FanRef, gameId: number, challengerId: number, now: Date) {
  const found = await fanGameById(db, fan, 'motm', gameId);
  const { open, settings } = await windowOf(db, found, now);
  if (!open) throw new HttpError(409, GAMES_MESSAGES.votingNotOpen);
  const [candidate] = await db
    .select({ id: motmCandidates.challengerId })
    .from(motmCandidates)
    .where(and(eq(motmCandidates.gameId, gameId), eq(motmCandidates.challengerId, challengerId)))
    .limit(1);
  if (!candidate) {
    throw badRequest(GAMES_MESSAGES.notCandidate(challengerId), [
      { path: 'challengerId', message: GAMES_MESSAGES.notCandidate(challengerId) },
    ]);
  }
  return { eventId: found.game.eventId, settings };
}

/** One vote waiting for its statement (insertVote). */
interface WaitingVote {
  fan: FanRef;
  gameId: number;
  challengerId: number;
  settings: MotmVoteChecks['settings'];
  now: Date;
  settle: (result: boolean | Error) => void;
}

/** Votes written in one statement at most (a burst's votes are gathered per event-loop turn). */
export const VOTES_PER_STATEMENT = 500;

/**
 * The votes asked during one turn of the event loop, written together: at the final whistle a
 * crowd votes at once, and one statement per vote queued them behind the database pool. Each
 * vote of the statement is checked as a vote alone is (insertVote); a fan's second vote for the
 * same game in the same statement is refused (the first one counts), as it would be one after
 * the other. A fan deleted meanwhile has no vote (instead of the statement failing on the foreign
 * key for every vote in it).
 */
function createVoteWriter(db: Db) {
  let waiting: WaitingVote[] = [];
  const write = async (votes: WaitingVote[]): Promise<void> => {
    const seen = new Set<string>();
    const rows: WaitingVote[] = [];
    // Answered once the statement ended: their refusal then reads the vote that went in.
    const again: WaitingVote[] = [];
    for (const vote of votes) {
      const key = `${vote.gameId}:${vote.fan.fanId}`;
      if (seen.has(key)) again.push(vote);
      else {
        seen.add(key);
        rows.push(vote);
      }
    }
    const column = <T>(pick: (vote: WaitingVote) => T) => sql.param(rows.map(pick));
    try {
      const result = await db.execute(sql`
        insert into motm_votes (game_id, fan_id, challenger_id, account_id, created_at)
        select g.id, v.fan_id, c.challenger_id, g.account_id, v.at
        from unnest(
          ${column((vote) => vote.fan.fanId)}::integer[],
          ${column((vote) => vote.fan.accountId)}::integer[],
          ${column((vote) => vote.gameId)}::integer[],
          ${column((vote) => vote.challengerId)}::integer[],
          ${column((vote) => vote.settings.openAtKickoff)}::boolean[],
          ${column((vote) => vote.settings.votingMinutesAfterEnd)}::integer[],
          ${column((vote) => vote.now.toISOString())}::timestamptz[]
        ) as v(fan_id, account_id, game_id, challenger_id, open_at_kickoff, minutes_after_end, at)
        join fans f on f.id = v.fan_id and f.account_id = v.account_id
        join fan_games g on g.id = v.game_id and g.kind = 'motm' and g.account_id = v.account_id
        join events e on e.id = g.event_id and e.published
        join motm_candidates c on c.game_id = g.id and c.challenger_id = v.challenger_id
        cross join lateral (
          select
            coalesce(g.opens_at, case when v.open_at_kickoff then e.starts_at else e.ends_at end) as opens_at,
            coalesce(g.closes_at, e.ends_at + make_interval(mins => v.minutes_after_end)) as closes_at
        ) w
        where w.opens_at <= v.at and (w.closes_at is null or v.at < w.closes_at)
        on conflict (game_id, fan_id) do nothing
        returning game_id, fan_id`);
      const written = new Set(
        (result as unknown as { rows: { game_id: number; fan_id: number }[] }).rows.map(
          (row) => `${row.game_id}:${row.fan_id}`,
        ),
      );
      for (const vote of rows) vote.settle(written.has(`${vote.gameId}:${vote.fan.fanId}`));
    } catch (error) {
      for (const vote of rows) vote.settle(error instanceof Error ? error : new Error(String(error)));
    }
    for (const vote of again) vote.settle(false);
  };
  const writeWaiting = async (): Promise<void> => {
    const votes = waiting;
    waiting = [];
    for (let from = 0; from < votes.length; from += VOTES_PER_STATEMENT) {
      await write(votes.slice(from, from + VOTES_PER_STATEMENT));
    }
  };
  return (vote: Omit<WaitingVote, 'settle'>): Promise<boolean> =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void writeWaiting());
      waiting.push({ ...vote, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
    });
}

const voteWriters = new WeakMap<Db, ReturnType<typeof createVoteWriter>>();

/**
 * The vote, inserted only when, as the rows are now, the game is the fan's account's MOTM game,
 * its event published, the challenger one of its candidates and its voting window open (contract
 * motmWindow and motmIsOpen, written in SQL with the account's settings); once per fan by the
 * unique game + fan (on conflict do nothing). Written with the other votes of the same moment
 * (createVoteWriter). Answers whether it went in.
 */
function insertVote(
  db: Db,
  fan: FanRef,
  gameId: number,
  challengerId: number,
  settings: MotmVoteChecks['settings'],
  now: Date,
): Promise<boolean> {
  let writer = voteWriters.get(db);
  if (!writer) {
    writer = createVoteWriter(db);
    voteWriters.set(db, writer);
  }
  return writer({ fan, gameId, challengerId, settings, now });
}

/**
 * The fan's one vote: while voting is open (409 otherwise), for a candidate (400), once (409:
 * the unique game + fan). The checks come from the game's cached checks (motm.vote-checks.ts)
 * and the insert itself, so a vote costs one statement; only a refused vote reads the game again,
 * to say why (the answers are the same as with every check read first). The vote's activity and
 * the fan's lastActiveAt go to the activities' batch writer (written within a second, and on
 * close). The new results go to the event's topic once the vote committed.
 */
export async function vote(
  db: Db,
  deps: {
    checks: Pick<MotmVoteCheckBook, 'of'>;
    activities: Pick<BatchWriter<FanActivityRow>, 'add'>;
    results: Pick<ResultsPusher, 'voted'> | null;
  },
  fan: FanRef,
  gameId: number,
  challengerId: number,
  now = new Date(),
) {
  const cached = await deps.checks.of(gameId);
  // A game this fan cannot reach or a non-candidate by the cache: said by the uncached checks.
  const known =
    cached && cached.accountId === fan.accountId && cached.published && cached.candidateIds.includes(challengerId)
      ? { eventId: cached.eventId, settings: cached.settings }
      : await voteRefusal(db, fan, gameId, challengerId, now);
  if (!(await insertVote(db, fan, gameId, challengerId, known.settings, now))) {
    // Refused by the rows as they are: the same answer as the checks read one by one would give.
    await voteRefusal(db, fan, gameId, challengerId, now);
    const [voted] = await db
      .select({ id: motmVotes.id })
      .from(motmVotes)
      .where(and(eq(motmVotes.gameId, gameId), eq(motmVotes.fanId, fan.fanId)))
      .limit(1);
    // Not voted yet, yet refused: the settings changed within the cache's second.
    throw new HttpError(409, voted ? GAMES_MESSAGES.alreadyVoted : GAMES_MESSAGES.votingNotOpen);
  }
  deps.activities.add({
    fan,
    activity: { type: 'motm_vote', eventId: known.eventId, payload: { gameId, challengerId }, at: now },
  });
  deps.results?.voted({ id: gameId, accountId: fan.accountId, eventId: known.eventId });
  return { gameId, challengerId };
}
