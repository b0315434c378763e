import { FANS_MESSAGES } from '@regie/contract/fans';
import { GAMES_MESSAGES, type GameKind } from '@regie/contract/games';
import type { FanMotmGame, FanPredictorGame, ScoreBody } from '@regie/contract/games.schemas';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fanGames, motmCandidates, motmVotes, predictions } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { type FanRef, recordActivity } from '../fans/fans.activities.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { type GameWithEvent, presentPredictor, resultsOf, windowOf } from './games.service.ts';
import { giftsOf, sponsorsOf } from './prizes.routes.ts';
import type { ResultsPusher } from './results.pusher.ts';

/**
 * The fan side of the predictor and MOTM (contract games.ts): a fan reaches only their account's
 * events and games (another account's answer 404 as if absent); every prediction and vote is a
 * fan activity, written in the same transaction. `now` is the clock (the demo seed plays at the
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
 * The fan's one vote: while voting is open (409 otherwise), for a candidate (400), once (409:
 * the unique game + fan). The new results go to the event's topic once the vote committed.
 */
export async function vote(
  db: Db,
  results: Pick<ResultsPusher, 'voted'> | null,
  fan: FanRef,
  gameId: number,
  challengerId: number,
  now = new Date(),
) {
  const found = await fanGameById(db, fan, 'motm', gameId);
  const { open } = await windowOf(db, found, now);
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
  await transaction(db, async (tx) => {
    const [made] = await tx
      .insert(motmVotes)
      .values({ gameId, fanId: fan.fanId, challengerId, accountId: fan.accountId, createdAt: now })
      .onConflictDoNothing({ target: [motmVotes.gameId, motmVotes.fanId] })
      .returning({ id: motmVotes.id });
    if (!made) throw new HttpError(409, GAMES_MESSAGES.alreadyVoted);
    await recordActivity(tx, fan, {
      type: 'motm_vote',
      eventId: found.event.id,
      payload: { gameId, challengerId },
      at: now,
    });
  });
  const { game } = found;
  results?.voted({ id: game.id, accountId: game.accountId, eventId: game.eventId });
  return { gameId, challengerId };
}
