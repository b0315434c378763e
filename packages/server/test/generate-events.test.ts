import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { generateEventsPaths, generateEventsResponse } from '@regie/contract/generate-events';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengerAppearances, challengers } from '../src/db/actors.table.ts';
import { competitions, rounds, seasons } from '../src/db/competitions.table.ts';
import { events } from '../src/db/events.table.ts';
import { seasonFixtures } from '../src/db/feeds.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: string;
let clubKey: string;
let clubId: number;
let footballId: number;
let competitionId: number;
let teams: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
  clubKey = club.accountKey;
  // The calls below act for the club with the admin's token (issue 26: an acting session first).
  await ctx.actFor(admin, club);
  clubId = club.id;
  const [league] = await ctx.db
    .select()
    .from(competitions)
    .where(and(eq(competitions.accountId, clubId), eq(competitions.name, 'Riverside League')));
  if (!league) throw new Error('no demo league');
  footballId = league.sportId;
  competitionId = league.id;
  const made = await ctx.db
    .insert(challengers)
    .values(
      ['Ashford FC', 'Brookvale United', 'Castleton Rovers', 'Dunmore Athletic', 'Elmstead Town'].map((name) => ({
        name,
        type: 'team',
        sportId: footballId,
        accountId: clubId,
      })),
    )
    .returning({ id: challengers.id });
  teams = made.map((team) => team.id);
  // The first file of a run builds the PGlite template (migrations + demo seed): slow on a busy machine.
}, 300_000);
afterAll(() => ctx.close());

let seasonCount = 0;
async function newSeason(accountId = clubId, competition = competitionId): Promise<number> {
  seasonCount++;
  const [season] = await ctx.db
    .insert(seasons)
    .values({
      name: `Test season ${seasonCount}`,
      competitionId: competition,
      startDate: new Date('2030-08-01T00:00:00Z'),
      endDate: new Date('2031-06-01T00:00:00Z'),
      accountId,
    })
    .returning({ id: seasons.id });
  return (season as { id: number }).id;
}

const roundRobin = (challengerIds: number[], legs: number, dryRun = false) => ({
  source: 'roundRobin',
  challengerIds,
  firstDate: '2030-08-17',
  daysBetweenRounds: 7,
  legs,
  kickOffTime: '15:00',
  timeZone: 'Europe/London',
  dryRun,
});

async function generate(seasonId: number, payload: unknown, options: { token?: string; language?: string } = {}) {
  return ctx.request({
    method: 'POST',
    url: generateEventsPaths.generate(seasonId),
    token: options.token ?? admin,
    accountKey: clubKey,
    payload,
    ...(options.language ? { headers: { 'accept-language': options.language } } : {}),
  });
}

async function seasonEvents(seasonId: number) {
  return ctx.db.select().from(events).where(eq(events.seasonId, seasonId));
}

describe('POST /main-api/seasons/{id}/generate-events: round robin', () => {
  it('previews 4 teams home and away without writing anything', async () => {
    const seasonId = await newSeason();
    // As the web app sends it while acting for the account: with its AccountId (spec §6), ignored.
    const response = await generate(seasonId, { ...roundRobin(teams.slice(0, 4), 2, true), AccountId: clubId });
    expect(response.statusCode).toBe(200);
    const preview = generateEventsResponse.parse(response.json());
    expect(preview.dryRun).toBe(true);
    expect(preview.rows).toHaveLength(12);
    expect(preview.rows.every((row) => row.action === 'create' && row.eventId === null)).toBe(true);
    expect(preview.report.created).toEqual({ round: 6, fixture: 12, event: 12 });
    expect(preview.rows[0]).toMatchObject({ round: 'Round 1', startsAt: '2030-08-17T14:00:00.000Z', venue: '' });
    expect(await seasonEvents(seasonId)).toEqual([]);
    expect(await ctx.db.select().from(seasonFixtures).where(eq(seasonFixtures.seasonId, seasonId))).toEqual([]);
    expect(await ctx.db.select().from(rounds).where(eq(rounds.seasonId, seasonId))).toEqual([]);
  });

  it('makes 4 teams’ double round robin: each pair once per leg, once a round, sides balanced, rounds made', async () => {
    const seasonId = await newSeason();
    const four = teams.slice(0, 4);
    const response = await generate(seasonId, roundRobin(four, 2));
    expect(response.statusCode).toBe(200);
    const result = generateEventsResponse.parse(response.json());
    expect(result.report.created).toEqual({ round: 6, fixture: 12, event: 12 });
    expect(result.rows.every((row) => row.action === 'create' && row.eventId !== null)).toBe(true);

    const made = await seasonEvents(seasonId);
    expect(made).toHaveLength(12);
    const seasonRounds = await ctx.db.select().from(rounds).where(eq(rounds.seasonId, seasonId));
    expect(seasonRounds.map((round) => round.name).sort()).toEqual(
      ['Round 1', 'Round 2', 'Round 3', 'Round 4', 'Round 5', 'Round 6'].sort(),
    );
    const roundNumber = new Map(seasonRounds.map((round) => [round.id, round.number]));
    for (const event of made) {
      expect(event).toMatchObject({ competitionId, sportId: footballId, accountId: clubId, state: 'upcoming' });
      const number = roundNumber.get(event.roundId as number) as number;
      // One round a week from 17 August 2030, 15:00 in London (14:00 UTC in summer).
      const day = new Date(Date.UTC(2030, 7, 17) + (number - 1) * 7 * 86_400_000);
      const expectedHour = event.startsAt.getUTCMonth() >= 9 && event.startsAt.getUTCDate() > 27 ? 15 : 14;
      expect(event.startsAt.toISOString().slice(0, 10)).toBe(day.toISOString().slice(0, 10));
      expect([14, 15]).toContain(event.startsAt.getUTCHours());
      if (number <= 3) expect(event.startsAt.getUTCHours()).toBe(expectedHour);
      const names = await ctx.db
        .select({ id: challengers.id, name: challengers.name })
        .from(challengers)
        .where(inArray(challengers.id, [event.homeChallengerId as number, event.awayChallengerId as number]));
      const name = (id: number | null) => names.find((one) => one.id === id)?.name;
      expect(event.name).toBe(`${name(event.homeChallengerId)} – ${name(event.awayChallengerId)}`);
    }
    for (const leg of [
      [1, 2, 3],
      [4, 5, 6],
    ]) {
      const ofLeg = made.filter((event) => leg.includes(roundNumber.get(event.roundId as number) as number));
      const pairs = ofLeg.map((event) => [event.homeChallengerId, event.awayChallengerId].sort().join('-'));
      expect(new Set(pairs).size).toBe(6);
      for (const team of four) {
        const home = ofLeg.filter((event) => event.homeChallengerId === team).length;
        expect([1, 2]).toContain(home);
      }
    }
    for (const number of [1, 2, 3, 4, 5, 6]) {
      const playing = made
        .filter((event) => roundNumber.get(event.roundId as number) === number)
        .flatMap((event) => [event.homeChallengerId, event.awayChallengerId]);
      expect(new Set(playing).size).toBe(4);
    }
    // Over both legs, each team is at home against each other team once.
    expect(new Set(made.map((event) => `${event.homeChallengerId}-${event.awayChallengerId}`)).size).toBe(12);
    const appearances = await ctx.db
      .select()
      .from(challengerAppearances)
      .where(eq(challengerAppearances.eventId, made[0]?.id as number));
    expect(appearances).toHaveLength(2);

    // Generating again changes nothing.
    const again = generateEventsResponse.parse((await generate(seasonId, roundRobin(four, 2))).json());
    expect(again.rows.every((row) => row.action === 'unchanged')).toBe(true);
    expect(again.report).toEqual({ created: {}, updated: {}, unchanged: { fixture: 12, event: 12 }, refused: [] });
    expect(await seasonEvents(seasonId)).toHaveLength(12);

    // Other dates move the same events.
    const moved = await generate(seasonId, { ...roundRobin(four, 2), firstDate: '2030-08-24' });
    const movedResult = generateEventsResponse.parse(moved.json());
    expect(movedResult.report.updated).toEqual({ fixture: 12, event: 12 });
    expect(new Set(movedResult.rows.map((row) => row.eventId))).toEqual(new Set(made.map((event) => event.id)));
    expect(await seasonEvents(seasonId)).toHaveLength(12);
  });

  it('gives 5 teams a bye each round', async () => {
    const seasonId = await newSeason();
    const result = generateEventsResponse.parse((await generate(seasonId, roundRobin(teams, 1))).json());
    expect(result.rows).toHaveLength(10);
    expect(result.report.created).toEqual({ round: 5, fixture: 10, event: 10 });
    const byRound = new Map<string | null, typeof result.rows>();
    for (const row of result.rows) byRound.set(row.round, [...(byRound.get(row.round) ?? []), row]);
    expect(byRound.size).toBe(5);
    for (const rows of byRound.values()) {
      const playing = rows.flatMap((row) => [row.home?.id, row.away?.id]);
      expect(new Set(playing).size).toBe(4);
    }
    for (const team of teams) {
      expect(result.rows.filter((row) => row.home?.id === team || row.away?.id === team)).toHaveLength(4);
      expect(result.rows.filter((row) => row.home?.id === team)).toHaveLength(2);
    }
  });
});

describe('POST /main-api/seasons/{id}/generate-events: imported fixtures', () => {
  it('makes one event per fixture, updates it when the fixture moves, refuses a fixture without sides', async () => {
    const seasonId = await newSeason();
    const [round] = await ctx.db
      .insert(rounds)
      .values({ name: 'Matchday 1', number: 1, seasonId, accountId: clubId })
      .returning({ id: rounds.id });
    const [a, b, c] = teams as [number, number, number];
    const inserted = await ctx.db
      .insert(seasonFixtures)
      .values([
        {
          accountId: clubId,
          seasonId,
          roundId: round?.id,
          provider: 'openfootball',
          providerId: `2030-08-17:ashford-fc-brookvale-united-${seasonId}`,
          homeChallengerId: a,
          awayChallengerId: b,
          startsAt: new Date('2030-08-17T14:00:00Z'),
          venue: 'Ashford Park',
        },
        {
          accountId: clubId,
          seasonId,
          roundId: round?.id,
          provider: 'openfootball',
          providerId: `2030-08-18:castleton-rovers-unknown-${seasonId}`,
          homeChallengerId: c,
          startsAt: new Date('2030-08-18T14:00:00Z'),
        },
      ])
      .returning({ id: seasonFixtures.id });

    const preview = generateEventsResponse.parse(
      (await generate(seasonId, { source: 'fixtures', dryRun: true })).json(),
    );
    expect(preview.rows).toEqual([
      {
        fixtureId: inserted[0]?.id,
        round: 'Matchday 1',
        home: { id: a, name: 'Ashford FC' },
        away: { id: b, name: 'Brookvale United' },
        startsAt: '2030-08-17T14:00:00.000Z',
        venue: 'Ashford Park',
        action: 'create',
        eventId: null,
      },
    ]);
    expect(preview.report.refused).toEqual([
      {
        kind: 'fixture',
        ref: `2030-08-18:castleton-rovers-unknown-${seasonId}`,
        reason: 'The fixture has no home or away challenger: map its teams to challengers and import again',
      },
    ]);
    expect(await seasonEvents(seasonId)).toEqual([]);

    const run = generateEventsResponse.parse((await generate(seasonId, { source: 'fixtures' })).json());
    expect(run.report.created).toEqual({ event: 1 });
    const [event] = await seasonEvents(seasonId);
    expect(event).toMatchObject({ name: 'Ashford FC – Brookvale United', venue: 'Ashford Park', roundId: round?.id });
    const [linked] = await ctx.db
      .select()
      .from(seasonFixtures)
      .where(eq(seasonFixtures.id, inserted[0]?.id as number));
    expect(linked?.eventId).toBe(event?.id);

    await ctx.db
      .update(seasonFixtures)
      .set({ startsAt: new Date('2030-08-17T18:30:00Z') })
      .where(eq(seasonFixtures.id, inserted[0]?.id as number));
    const moved = generateEventsResponse.parse((await generate(seasonId, { source: 'fixtures' })).json());
    expect(moved.rows[0]).toMatchObject({ action: 'update', eventId: event?.id });
    const [after] = await seasonEvents(seasonId);
    expect(after?.startsAt.toISOString()).toBe('2030-08-17T18:30:00.000Z');
    const again = generateEventsResponse.parse((await generate(seasonId, { source: 'fixtures' })).json());
    expect(again.report.unchanged).toEqual({ event: 1 });
  });

  it('says when the season has no fixtures', async () => {
    const seasonId = await newSeason();
    const response = await generate(seasonId, { source: 'fixtures' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('This season has no fixtures yet');
  });
});

describe('POST /main-api/seasons/{id}/generate-events: who and what', () => {
  it('answers 404 for another account’s season, and writes nothing', async () => {
    const other = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const [otherCompetition] = await ctx.db
      .insert(competitions)
      .values({ name: 'Other league', sportId: footballId, accountId: other.id })
      .returning({ id: competitions.id });
    const seasonId = await newSeason(other.id, otherCompetition?.id);
    const response = await generate(seasonId, roundRobin(teams.slice(0, 2), 1));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Season ${seasonId} not found`);
    expect(await seasonEvents(seasonId)).toEqual([]);
  });

  it('refuses a challenger of another account', async () => {
    const other = await ctx.accountByName(DEMO_ACCOUNTS.events);
    const [foreign] = await ctx.db
      .insert(challengers)
      .values({ name: 'Foreign FC', type: 'team', sportId: footballId, accountId: other.id })
      .returning({ id: challengers.id });
    const seasonId = await newSeason();
    const response = await generate(seasonId, roundRobin([teams[0] as number, foreign?.id as number], 1));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Challenger ${foreign?.id} not found`);
  });

  it('is for platform admins only (403)', async () => {
    const seasonId = await newSeason();
    const producer = await ctx.login('producer');
    const response = await generate(seasonId, roundRobin(teams.slice(0, 2), 1), { token: producer });
    expect(response.statusCode).toBe(403);
    expect(await seasonEvents(seasonId)).toEqual([]);
  });

  it('refuses bad input with a message per field, in the request’s language', async () => {
    const seasonId = await newSeason();
    const bad = await generate(seasonId, {
      ...roundRobin(teams.slice(0, 1), 3),
      kickOffTime: '25:00',
      timeZone: 'Mars/Olympus',
      firstDate: '2030-02-30',
      daysBetweenRounds: 0,
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as { path: string; message: string }[];
    const byPath = Object.fromEntries(errors.map((error) => [error.path, error.message]));
    expect(byPath).toMatchObject({
      challengerIds: 'Choose at least two challengers',
      firstDate: 'Give the first date as YYYY-MM-DD',
      daysBetweenRounds: 'Days between rounds: a whole number from 1 to 60',
      legs: 'Legs: 1 (single round robin) or 2 (home and away)',
      kickOffTime: 'Give the kick-off time as HH:mm (00:00 to 23:59)',
      timeZone: 'Give an IANA time zone, such as Europe/Paris',
    });
    const french = await generate(
      seasonId,
      { ...roundRobin([teams[0] as number, teams[0] as number], 1) },
      { language: 'fr' },
    );
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual([
      { path: 'challengerIds', message: 'Chaque participant ne peut être choisi qu’une fois' },
    ]);
    const unknownSource = await generate(seasonId, { source: 'spreadsheet' });
    expect(unknownSource.statusCode).toBe(400);
  });
});
