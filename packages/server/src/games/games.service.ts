import type { AuditChanges, AuditOtherResource } from '@regie/contract/audit';
import { GAMES_MESSAGES, type GameKind, motmIsOpen, motmWindow, predictionsLockAt } from '@regie/contract/games';
import type { MotmCandidate, MotmGame, MotmResults, PredictorGame } from '@regie/contract/games.schemas';
import { motmResults as shareVotes } from '@regie/contract/games.scoring';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { challengerAppearances, challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { type FanGameRow, fanGames, motmCandidates, motmVotes, predictions } from '../db/games.table.ts';
import type { Transaction } from '../db/transactions.ts';
import type { EventRow } from '../graphics/event-scope.ts';
import { badRequest, forbidden, notFound } from '../http/http.errors.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';
import { readGameSettings } from './game-settings.routes.ts';

/** The module an event activates for each kind of game (contract events.ts EVENT_TAB_MODULES). */
const KIND_MODULE = { predictor: 'ADDON_PREDICTOR', motm: 'ADDON_MOTM' } as const;

/** A game is only made or played on an event that activated its module (403 otherwise, like the chat). */
export function assertGameActive(kind: GameKind, activatedModules: readonly string[]): void {
  if (activatedModules.includes(KIND_MODULE[kind])) return;
  throw forbidden(kind === 'predictor' ? GAMES_MESSAGES.predictorInactive : GAMES_MESSAGES.motmInactive);
}

export interface GameWithEvent {
  game: FanGameRow;
  event: EventRow;
}

/** A game of `kind` the request may reach, with its event: another account's is a 404. */
export async function findScopedGame(db: Db, auth: AuthContext, kind: GameKind, id: number): Promise<GameWithEvent> {
  const [found] = await db
    .select({ game: fanGames, event: events })
    .from(fanGames)
    .innerJoin(events, eq(events.id, fanGames.eventId))
    .where(and(eq(fanGames.id, id), eq(fanGames.kind, kind)))
    .limit(1);
  if (!found) throw notFound(GAMES_MESSAGES.gameNotFound(id));
  assertInScope(auth, found.game.accountId, GAMES_MESSAGES.gameNotFound(id));
  return found;
}

/** The event's challengers: home, away, then its listed challengers in order (each once). */
export async function eventChallengerIds(db: Db, event: EventRow): Promise<number[]> {
  const listed = await db
    .select({ id: challengerAppearances.challengerId })
    .from(challengerAppearances)
    .where(eq(challengerAppearances.eventId, event.id))
    .orderBy(asc(challengerAppearances.position));
  const ids = [event.homeChallengerId, event.awayChallengerId, ...listed.map((row) => row.id)];
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/**
 * Who may be man of the match: the players of both teams, i.e. the event's challengers of type
 * 'player' in the event's order; never the clubs (issue 46.5).
 */
export async function eventPlayerIds(db: Db, event: EventRow): Promise<number[]> {
  const ids = await eventChallengerIds(db, event);
  if (ids.length === 0) return [];
  const players = await db
    .select({ id: challengers.id })
    .from(challengers)
    .where(and(inArray(challengers.id, ids), eq(challengers.type, 'player')));
  const kept = new Set(players.map((row) => row.id));
  return ids.filter((id) => kept.has(id));
}

/** Stores the game's candidates: `wanted` (players of the event), or all of the event's players. */
export async function replaceCandidates(tx: Transaction, game: FanGameRow, event: EventRow, wanted?: number[]) {
  const ofEvent = await eventPlayerIds(tx, event);
  const chosen = wanted && wanted.length > 0 ? [...new Set(wanted)] : ofEvent;
  const strangers = chosen.filter((id) => !ofEvent.includes(id));
  if (strangers.length > 0) {
    throw badRequest(GAMES_MESSAGES.notEventChallengers(strangers), [
      { path: 'candidateIds', message: GAMES_MESSAGES.notEventChallengers(strangers) },
    ]);
  }
  if (chosen.length === 0) throw badRequest(GAMES_MESSAGES.noCandidates);
  const before = await tx
    .select({ challengerId: motmCandidates.challengerId })
    .from(motmCandidates)
    .where(eq(motmCandidates.gameId, game.id))
    .orderBy(asc(motmCandidates.position));
  await tx.delete(motmCandidates).where(eq(motmCandidates.gameId, game.id));
  await tx
    .insert(motmCandidates)
    .values(chosen.map((challengerId, position) => ({ gameId: game.id, challengerId, position })));
  /** The candidates before and after, for the game's audit entry. */
  return { before: before.map((row) => row.challengerId), after: chosen };
}

/** The resource name of a predictor or MOTM game's audit entries, and the fields they record. */
export const GAME_AUDIT_RESOURCE = 'fan-games' satisfies AuditOtherResource;
const GAME_AUDITED = [
  'kind',
  'eventId',
  'exactScorePoints',
  'rightResultPoints',
  'finalHome',
  'finalAway',
  'opensAt',
  'closesAt',
] as const;

/**
 * A game's entry: a create (`before` null), an update or a delete (`after` null), its fields'
 * changes plus `extra` (the candidates).
 */
export async function auditGame(
  tx: Db,
  source: AuditSource,
  before: FanGameRow | null,
  after: FanGameRow | null,
  extra: AuditChanges = {},
): Promise<void> {
  const row = after ?? before;
  if (!row) return;
  await writeAudit(tx, source, {
    accountId: row.accountId,
    resource: GAME_AUDIT_RESOURCE,
    resourceId: row.id,
    action: before === null ? 'create' : after === null ? 'delete' : 'update',
    changes: { ...diffFields(before, after, GAME_AUDITED), ...extra },
  });
}

/** The candidates' change as an entry records it; none when they stay as they were. */
export function candidatesChange(candidates: { before: number[]; after: number[] } | undefined): AuditChanges {
  if (!candidates || candidates.before.join() === candidates.after.join()) return {};
  return { candidateIds: { before: candidates.before, after: candidates.after } };
}

/** The event's players, as candidates could be: the candidates' picker. */
export async function eligibleOf(db: Db, event: EventRow): Promise<MotmCandidate[]> {
  const ids = await eventPlayerIds(db, event);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ challengerId: challengers.id, name: challengers.name, picture: challengers.picture })
    .from(challengers)
    .where(inArray(challengers.id, ids));
  return rows.sort((a, b) => ids.indexOf(a.challengerId) - ids.indexOf(b.challengerId));
}

export async function candidatesOf(db: Db, gameId: number): Promise<MotmCandidate[]> {
  return db
    .select({ challengerId: challengers.id, name: challengers.name, picture: challengers.picture })
    .from(motmCandidates)
    .innerJoin(challengers, eq(challengers.id, motmCandidates.challengerId))
    .where(eq(motmCandidates.gameId, gameId))
    .orderBy(asc(motmCandidates.position));
}

/** Each candidate's votes and share (games.scoring.ts motmResults); candidates without votes count 0. */
export async function resultsOf(db: Db, gameId: number): Promise<MotmResults> {
  const [candidates, tallies] = await Promise.all([
    db.select({ id: motmCandidates.challengerId }).from(motmCandidates).where(eq(motmCandidates.gameId, gameId)),
    db
      .select({ id: motmVotes.challengerId, votes: count() })
      .from(motmVotes)
      .where(eq(motmVotes.gameId, gameId))
      .groupBy(motmVotes.challengerId),
  ]);
  const votes = new Map<number, number>(candidates.map((candidate) => [candidate.id, 0]));
  for (const tally of tallies) votes.set(tally.id, tally.votes);
  const results = shareVotes(votes).map(({ candidateId, ...rest }) => ({ challengerId: candidateId, ...rest }));
  return { gameId, total: results.reduce((sum, row) => sum + row.votes, 0), results };
}

export async function contestantsCount(db: Db, kind: GameKind, gameId: number): Promise<number> {
  const table = kind === 'predictor' ? predictions : motmVotes;
  const [row] = await db.select({ count: count() }).from(table).where(eq(table.gameId, gameId));
  return row?.count ?? 0;
}

const iso = (date: Date) => date.toISOString();

export async function presentPredictor(db: Db, { game, event }: GameWithEvent, now = new Date()) {
  const settings = await readGameSettings(db, game.accountId, 'predictor');
  const locksAt = predictionsLockAt(event.startsAt, settings.lockMinutesBeforeKickoff);
  const presented: PredictorGame = {
    id: game.id,
    eventId: game.eventId,
    exactScorePoints: game.exactScorePoints ?? 0,
    rightResultPoints: game.rightResultPoints ?? 0,
    locksAt: iso(locksAt),
    locked: now >= locksAt,
    finalScore:
      game.finalHome === null || game.finalAway === null ? null : { home: game.finalHome, away: game.finalAway },
    calculatedAt: game.calculatedAt ? iso(game.calculatedAt) : null,
    predictions: await contestantsCount(db, 'predictor', game.id),
    createdAt: iso(game.createdAt),
    updatedAt: iso(game.updatedAt),
  };
  return presented;
}

/** The voting window in force (contract motmWindow) and whether it is open now. */
export async function windowOf(db: Db, { game, event }: GameWithEvent, now = new Date()) {
  const settings = await readGameSettings(db, game.accountId, 'motm');
  const window = motmWindow(event, { opensAt: game.opensAt, closesAt: game.closesAt }, settings);
  return { window, open: motmIsOpen(window, now), settings };
}

export async function presentMotm(db: Db, found: GameWithEvent, now = new Date()) {
  const { game } = found;
  const { window, open } = await windowOf(db, found, now);
  const presented: MotmGame = {
    id: game.id,
    eventId: game.eventId,
    opensAt: game.opensAt ? iso(game.opensAt) : null,
    closesAt: game.closesAt ? iso(game.closesAt) : null,
    window: {
      opensAt: window.opensAt ? iso(window.opensAt) : null,
      closesAt: window.closesAt ? iso(window.closesAt) : null,
      open,
    },
    candidates: await candidatesOf(db, game.id),
    eligible: await eligibleOf(db, found.event),
    votes: await contestantsCount(db, 'motm', game.id),
    createdAt: iso(game.createdAt),
    updatedAt: iso(game.updatedAt),
  };
  return presented;
}

/** The game of `kind` on an event, if any. */
export async function gameOfEvent(db: Db, kind: GameKind, event: EventRow): Promise<FanGameRow | null> {
  const [game] = await db
    .select()
    .from(fanGames)
    .where(and(eq(fanGames.eventId, event.id), eq(fanGames.kind, kind)))
    .limit(1);
  return game ?? null;
}
