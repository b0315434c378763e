import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { and, eq, isNull } from 'drizzle-orm';
import { challengerAppearances, challengers } from '../db/actors.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { productItems, products } from '../db/payments.table.ts';
import { themes } from '../db/themes.table.ts';
import { french, one } from './seed.rows.ts';

/** The club's recorded match (seeded by clips.seed.ts with its markers). */
export const DEMO_MATCH_NAME = 'Riverside vs Harbour City';
/** The product a fan buys for one match (catalog.seed.ts). */
export const DEMO_MATCH_PASS_PRODUCT = 'Single match';
const DAY_MS = 24 * 60 * 60 * 1000;
const MATCH_MS = 2 * 60 * 60 * 1000;

async function idByName(
  db: Db,
  table: typeof challengers | typeof themes | typeof competitions,
  account: number,
  name: string,
) {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, account), eq(table.name, name)))
    .limit(1);
  return one(rows, name).id;
}

/** The league's current season and one of its rounds, by number. */
async function leagueRound(db: Db, club: number, roundNumber: number) {
  const competitionId = await idByName(db, competitions, club, 'Riverside League');
  const season = one(
    await db
      .select({ id: seasons.id })
      .from(seasons)
      .where(and(eq(seasons.competitionId, competitionId), eq(seasons.name, '2026-2027'))),
    'season 2026-2027',
  );
  const round = one(
    await db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.seasonId, season.id), eq(rounds.number, roundNumber))),
    `round ${roundNumber}`,
  );
  return { competitionId, seasonId: season.id, roundId: round.id };
}

/**
 * The club's sport events: the recorded match gets its league round, its sides, venue, theme and
 * ordered challengers (its replay is the demo video once made: attachDemoReplay); an upcoming
 * match a week from the seeding day, not yet published.
 */
export async function seedEventsDemo(db: Db, accountId: ReadonlyMap<string, number>): Promise<void> {
  const club = accountId.get(DEMO_ACCOUNTS.club);
  if (club === undefined) return;
  const side = (name: string) => idByName(db, challengers, club, name);
  const riverside = await side('Olympique Riverside FC');
  const harbour = await side('Harbour City');
  const northbridge = await side('Northbridge United');
  const theme = await idByName(db, themes, club, 'Riverside blue');

  const match = one(
    await db
      .select()
      .from(events)
      .where(and(eq(events.accountId, club), eq(events.name, DEMO_MATCH_NAME))),
    DEMO_MATCH_NAME,
  );
  await db
    .update(events)
    .set({
      ...(await leagueRound(db, club, 2)),
      endsAt: new Date(match.startsAt.getTime() + MATCH_MS),
      venue: 'Riverside Park',
      homeChallengerId: riverside,
      awayChallengerId: harbour,
      themeId: theme,
      state: 'replay',
      published: true,
    })
    .where(eq(events.id, match.id));
  const listed = [riverside, harbour, await side('Jordan Miles'), await side('Théo Marchand')];
  await db
    .insert(challengerAppearances)
    .values(listed.map((challengerId, position) => ({ eventId: match.id, challengerId, position })));

  // A week from the seeding day at 19:00 UTC: always ahead of the demo's user.
  const kickOff = new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 6 * DAY_MS + 19 * 60 * 60 * 1000);
  const upcoming = one(
    await db
      .insert(events)
      .values({
        name: 'Northbridge United vs Riverside',
        ...(await leagueRound(db, club, 4)),
        state: 'upcoming',
        startsAt: kickOff,
        endsAt: new Date(kickOff.getTime() + MATCH_MS),
        venue: 'Northbridge Stadium',
        homeChallengerId: northbridge,
        awayChallengerId: riverside,
        themeId: theme,
        // Its page (embedded on the club's site) sells the match pass before kick-off (issue 47.3).
        activatedModules: ['CHAT', 'MARKERS', 'EMBED'],
        published: true,
        accountId: club,
      })
      .returning(),
    'upcoming event',
  );
  await sellMatchPass(db, club, upcoming.id);
  await french(db, 'events', upcoming.id, { name: 'Northbridge United contre Riverside' });
  await db
    .insert(challengerAppearances)
    .values(
      [northbridge, riverside].map((challengerId, position) => ({ eventId: upcoming.id, challengerId, position })),
    );
}

/** The demo video, once stored, is the recorded match's replay (when its account has the match). */
/**
 * The club's "Single match" product (catalog.seed.ts, sold by the Match pass offer) unlocks the
 * away match: its embed page shows the pass and its price under the countdown, and plays only for
 * a fan who bought it (the local payment provider's test card 4242 4242 4242 4242).
 */
async function sellMatchPass(db: Db, club: number, eventId: number): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, club), eq(products.name, DEMO_MATCH_PASS_PRODUCT)))
    .limit(1);
  if (!product) throw new Error(`Demo seed: no product ${DEMO_MATCH_PASS_PRODUCT}`);
  await db.insert(productItems).values({ productId: product.id, itemType: 'event', itemId: eventId });
}

export async function attachDemoReplay(db: Db, videoAccountId: number, videoId: number): Promise<void> {
  await db
    .update(events)
    .set({ videoId })
    .where(and(eq(events.accountId, videoAccountId), eq(events.name, DEMO_MATCH_NAME), isNull(events.videoId)));
}
