import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fans } from '../db/fans.table.ts';
import { fanGames, gameGifts, gameSponsors } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { type FanActivityRow, recordActivities } from '../fans/fans.activities.ts';
import { readGameSettings } from '../games/game-settings.routes.ts';
import { predict, vote } from '../games/games.play.ts';
import { eventPlayerIds, replaceCandidates } from '../games/games.service.ts';
import { uncachedVoteChecks } from '../games/motm.vote-checks.ts';
import { calculatePredictions } from '../games/predictor.calculate.ts';
import { DEMO_MATCH_NAME } from './events.seed.ts';
import { one } from './seed.rows.ts';

/** How many of the club's demo fans predicted and voted. */
const PLAYERS = 60;
/** Their predictions, in turn (the match ended 2 – 1). */
const PREDICTED = [
  [2, 1],
  [1, 1],
  [2, 0],
  [1, 2],
  [3, 1],
  [2, 1],
  [0, 0],
  [1, 0],
] as const;
const FINAL = { home: 2, away: 1 };
/** MOTM votes per candidate (the match's players), in turn: 3 and 2 shares of the voters. */
const VOTE_SHARES = [3, 2] as const;

/**
 * The recorded match's predictor and man-of-the-match games (issue 13), played by the club's demo
 * fans through the fans' own service code (predict, vote: the activities are theirs) at the
 * match's times: predictions the day before kick-off, votes just after the final whistle. The
 * predictor is calculated; sponsors and gifts as a club would set them.
 */
export async function seedGamesDemo(db: Db, accountIds: ReadonlyMap<string, number>): Promise<void> {
  const club = accountIds.get(DEMO_ACCOUNTS.club);
  if (club === undefined) return;
  const match = one(
    await db
      .select()
      .from(events)
      .where(and(eq(events.accountId, club), eq(events.name, DEMO_MATCH_NAME))),
    DEMO_MATCH_NAME,
  );
  const endsAt = match.endsAt ?? new Date(match.startsAt.getTime() + 2 * 3600_000);
  await db
    .update(events)
    .set({ activatedModules: sql`array_append(array_remove(${events.activatedModules}, 'ADDON_MOTM'), 'ADDON_MOTM')` })
    .where(eq(events.id, match.id));
  const settings = await readGameSettings(db, club, 'predictor');
  const predictor = one(
    await db
      .insert(fanGames)
      .values({
        accountId: club,
        eventId: match.id,
        kind: 'predictor',
        exactScorePoints: settings.exactScorePoints,
        rightResultPoints: settings.rightResultPoints,
        createdAt: new Date(match.startsAt.getTime() - 7 * 86_400_000),
      })
      .returning(),
    'predictor game',
  );
  const motm = await transaction(db, async (tx) => {
    const game = one(
      await tx.insert(fanGames).values({ accountId: club, eventId: match.id, kind: 'motm' }).returning(),
      'motm game',
    );
    await replaceCandidates(tx, game, match);
    return game;
  });
  await prizes(db, club, predictor.id, motm.id);

  const players = await db
    .select({ fanId: fans.id })
    .from(fans)
    .where(and(eq(fans.accountId, club), eq(fans.isBlocked, false)))
    .orderBy(asc(fans.id))
    .limit(PLAYERS);
  const candidates = await eventPlayerIds(db, match);
  const ballot = VOTE_SHARES.flatMap((share, index) => Array.from({ length: share }, () => candidates[index]));
  const dayBefore = match.startsAt.getTime() - 86_400_000;
  // The votes' activities are gathered as the API's batch writer gathers them, written after.
  const voted: FanActivityRow[] = [];
  const voting = { checks: uncachedVoteChecks(db), activities: { add: (row: FanActivityRow) => voted.push(row) } };
  for (const [index, { fanId }] of players.entries()) {
    const fan = { fanId, accountId: club };
    const [home, away] = PREDICTED[index % PREDICTED.length] ?? [0, 0];
    await predict(db, fan, predictor.id, { home, away }, new Date(dayBefore + index * 60_000));
    const choice = ballot[index % ballot.length];
    if (choice !== undefined) {
      await vote(db, { ...voting, results: null }, fan, motm.id, choice, new Date(endsAt.getTime() + index * 10_000));
    }
  }
  await recordActivities(db, voted);
  await calculatePredictions(db, { game: predictor, event: match }, FINAL, new Date(endsAt.getTime() + 3600_000));
}

async function prizes(db: Db, club: number, predictorId: number, motmId: number): Promise<void> {
  const sponsor = {
    name: 'Riverside Savings Bank',
    imageUrl: 'https://www.example.com/sponsors/riverside-savings.png',
    link: 'https://www.example.com/riverside-savings',
    accountId: club,
  };
  await db.insert(gameSponsors).values([
    { ...sponsor, gameId: predictorId },
    { ...sponsor, gameId: motmId },
  ]);
  await db.insert(gameGifts).values([
    {
      name: 'Signed home shirt',
      rankFrom: 1,
      rankTo: 1,
      gameId: predictorId,
      accountId: club,
      imageUrl: null,
      link: null,
    },
    {
      name: 'Two tickets for the next home match',
      rankFrom: 2,
      rankTo: 5,
      gameId: predictorId,
      accountId: club,
      imageUrl: null,
      link: null,
    },
    {
      name: 'Meet the man of the match',
      rankFrom: 1,
      rankTo: 1,
      gameId: motmId,
      accountId: club,
      imageUrl: null,
      link: null,
    },
  ]);
}
