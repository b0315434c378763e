import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { EVENT_MESSAGES, eventChallengersPath } from '@regie/contract/events';
import { markerPaths } from '@regie/contract/markers';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertVideo } from './insights-fixtures.ts';

/** Sport events: their fields and checks, list filters, challengers, each role and account. */

let ctx: TestContext;
let producer: string;
let clipper: string;
let editor: string;
let stranger: string;
let club: number;
/** Ids of the demo club's sport data, by name. */
const ids: Record<string, number> = {};

const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });

async function idOf(url: string, name: string): Promise<number> {
  const found = (await request('GET', `${url}${url.includes('?') ? '&' : '?'}limit=200`, producer)).json();
  const record = found.data.find((row: { name: string }) => row.name === name);
  if (!record) throw new Error(`${name} not found at ${url}`);
  return record.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await ctx.login('producer');
  club = (await ctx.accountByName(DEMO_ACCOUNTS.club)).id;
  const clipperUser = await ctx.buildUser({ accountId: club, roles: ['liveclipping_write'] });
  clipper = await ctx.login(clipperUser.username, clipperUser.password);
  const editorUser = await ctx.buildUser({ accountId: club, roles: ['video_write'] });
  editor = await ctx.login(editorUser.username, editorUser.password);
  const other = await ctx.buildUser({ roles: ['sport_player_write'], modules: [...MODULE_CODES] });
  stranger = await ctx.login(other.username, other.password);

  ids.football = await idOf('/main-api/sports', 'Football');
  ids.league = await idOf('/main-api/competitions', 'Riverside League');
  ids.cup = await idOf('/main-api/competitions', 'Riverside Cup');
  ids.leagueSeason = await idOf(`/main-api/competitions/${ids.league}/seasons`, '2026-2027');
  ids.cupSeason = await idOf(`/main-api/competitions/${ids.cup}/seasons`, '2026-2027');
  ids.matchday1 = await idOf(`/main-api/seasons/${ids.leagueSeason}/rounds`, 'Matchday 1');
  ids.final = await idOf(`/main-api/seasons/${ids.cupSeason}/rounds`, 'Final');
  ids.riverside = await idOf('/main-api/challengers', 'Olympique Riverside FC');
  ids.harbour = await idOf('/main-api/challengers', 'Harbour City');
  ids.miles = await idOf('/main-api/challengers', 'Jordan Miles');
  ids.theme = await idOf('/main-api/themes', 'Cup nights');
});
afterAll(() => ctx.close());

function matchBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Riverside vs Northbridge',
    sportId: ids.football,
    competitionId: ids.league,
    seasonId: ids.leagueSeason,
    roundId: ids.matchday1,
    startsAt: '2027-03-06T15:00:00.000Z',
    endsAt: '2027-03-06T17:00:00.000Z',
    venue: 'Riverside Park',
    homeChallengerId: ids.riverside,
    awayChallengerId: ids.harbour,
    state: 'upcoming',
    themeId: ids.theme,
    published: false,
    activatedModules: ['CHAT', 'MARKERS'],
    ...overrides,
  };
}

async function createEvent(overrides: Record<string, unknown> = {}) {
  const response = await request('POST', '/main-api/events', producer, matchBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number } & Record<string, unknown>>();
}

describe('sport event fields', () => {
  it('creates an event with its sport data, dates, venue, sides, theme and modules, and edits it', async () => {
    const created = await createEvent();
    expect(created).toMatchObject({ ...matchBody(), poster: null, videoId: null, AccountId: club });
    const edited = await request('PUT', `/main-api/events/${created.id}`, producer, {
      state: 'live',
      published: true,
      venue: 'New Riverside Park',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ state: 'live', published: true, venue: 'New Riverside Park' });
  });

  it("defaults a new event to 'replay', unpublished, starting now", async () => {
    const before = Date.now();
    const created = (await request('POST', '/main-api/events', producer, { name: 'Quick event' })).json();
    expect(created).toMatchObject({ state: 'replay', published: false, activatedModules: [], venue: '' });
    expect(Date.parse(created.startsAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('makes a new event starting later upcoming unless told its state (issue 46.7)', async () => {
    const tonight = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const later = await request('POST', '/main-api/events', producer, { name: 'Tonight', startsAt: tonight });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({ state: 'upcoming', startsAt: tonight });
    const filed = await request('POST', '/main-api/events', producer, {
      name: 'Filed ahead',
      startsAt: tonight,
      state: 'replay',
    });
    expect(filed.json()).toMatchObject({ state: 'replay' });
    // An edit that moves the start leaves the state as it is.
    const moved = await request('PUT', `/main-api/events/${later.json().id}`, producer, {
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(moved.json()).toMatchObject({ state: 'upcoming' });
  });

  it('refuses an end before the start and the same challenger on both sides (400 on the field)', async () => {
    const backwards = await request(
      'POST',
      '/main-api/events',
      producer,
      matchBody({ endsAt: '2027-03-06T14:00:00.000Z' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      path: 'endsAt',
      message: renderMessage(EVENT_MESSAGES.endBeforeStart),
    });
    const same = await request('POST', '/main-api/events', producer, matchBody({ awayChallengerId: ids.riverside }));
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(renderMessage(EVENT_MESSAGES.sameChallenger));
    // A PUT of the start alone is checked against the stored end.
    const event = await createEvent();
    const late = await request('PUT', `/main-api/events/${event.id}`, producer, {
      startsAt: '2027-03-07T00:00:00.000Z',
    });
    expect(late.statusCode).toBe(400);
  });

  it('refuses a season of another competition, a round of another season, and either without its parent', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { seasonId: ids.cupSeason, roundId: null },
        'seasonId',
        renderMessage(EVENT_MESSAGES.seasonOfOtherCompetition(ids.cupSeason ?? 0, ids.league ?? 0)),
      ],
      [
        { roundId: ids.final },
        'roundId',
        renderMessage(EVENT_MESSAGES.roundOfOtherSeason(ids.final ?? 0, ids.leagueSeason ?? 0)),
      ],
      [{ competitionId: null, roundId: null }, 'seasonId', renderMessage(EVENT_MESSAGES.seasonWithoutCompetition)],
      [{ seasonId: null }, 'roundId', renderMessage(EVENT_MESSAGES.roundWithoutSeason)],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await request('POST', '/main-api/events', producer, matchBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: [{ path, message }] });
    }
    // A PUT moving the event to the cup must bring a cup season.
    const event = await createEvent();
    const moved = await request('PUT', `/main-api/events/${event.id}`, producer, { competitionId: ids.cup });
    expect(moved.statusCode).toBe(400);
    const consistent = await request('PUT', `/main-api/events/${event.id}`, producer, {
      competitionId: ids.cup,
      seasonId: ids.cupSeason,
      roundId: ids.final,
    });
    expect(consistent.statusCode, consistent.body).toBe(200);
  });

  it('refuses modules the account does not have, in French for a French request', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/main-api/events',
      token: producer,
      headers: { 'accept-language': 'fr' },
      payload: matchBody({ activatedModules: ['CHAT', 'MULTICAM', 'IMMERSIVE'] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      renderMessage(EVENT_MESSAGES.moduleNotInAccount(['MULTICAM', 'IMMERSIVE']), 'fr'),
    );
  });

  it("refuses another account's challenger, theme or competition as unknown", async () => {
    const foreignSport = (await request('GET', '/main-api/sports?search=Football', stranger)).json().data[0].id;
    const theirs = (
      await request('POST', '/main-api/challengers', stranger, {
        name: 'Far Away FC',
        type: 'team',
        sportId: foreignSport,
      })
    ).json();
    const theirTheme = (await request('POST', '/main-api/themes', stranger, { name: 'Foreign' })).json();
    for (const [field, id] of [
      ['homeChallengerId', theirs.id],
      ['themeId', theirTheme.id],
    ] as const) {
      const response = await request('POST', '/main-api/events', producer, matchBody({ [field]: id }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({
        path: field,
        message: renderMessage(CRUD_MESSAGES.unknownReference(field)),
      });
    }
    const response = await request('POST', '/main-api/events', stranger, {
      name: 'Borrowed league',
      competitionId: ids.league,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the events list', () => {
  it('sorts by start, latest first, and filters by state, competition, season, round and start range', async () => {
    const early = await createEvent({
      name: 'Filter early',
      startsAt: '2030-01-10T18:00:00.000Z',
      endsAt: null,
      state: 'replay',
    });
    const late = await createEvent({
      name: 'Filter late',
      startsAt: '2030-02-10T18:00:00.000Z',
      endsAt: null,
      competitionId: ids.cup,
      seasonId: ids.cupSeason,
      roundId: ids.final,
    });
    const names = async (query: string) =>
      (await request('GET', `/main-api/events?search=Filter&${query}`, producer))
        .json()
        .data.map((row: { id: number }) => row.id);
    expect(await names('')).toEqual([late.id, early.id]);
    expect(await names('state=upcoming')).toEqual([late.id]);
    expect(await names(`competitionId=${ids.league}`)).toEqual([early.id]);
    expect(await names(`seasonId=${ids.cupSeason}&roundId=${ids.final}`)).toEqual([late.id]);
    expect(await names(`startsAt=${encodeURIComponent('2030-01-01T00:00:00.000Z..2030-01-31T00:00:00.000Z')}`)).toEqual(
      [early.id],
    );
    expect(await names(`startsAt=${encodeURIComponent('2030-02-01T00:00:00.000Z..')}`)).toEqual([late.id]);
    expect(await names('sort=startsAt')).toEqual([early.id, late.id]);
    const bad = await request('GET', '/main-api/events?startsAt=yesterday', producer);
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH events/{id}/relationships/challengers', () => {
  const link = (id: number | undefined) => ({ type: 'Challenger', id });

  it('stores the ordered list, replaces it, and reads it back with expand=[Challengers]', async () => {
    const event = await createEvent({ homeChallengerId: null, awayChallengerId: null });
    const url = eventChallengersPath(event.id);
    const body = { data: [link(ids.miles), link(ids.harbour), link(ids.riverside)] };
    const saved = await request('PATCH', url, producer, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(body);
    const read = async () =>
      (await request('GET', `/main-api/events/${event.id}?expand=[Challengers]`, producer))
        .json()
        .Challengers.map((row: { id: number }) => row.id);
    expect(await read()).toEqual([ids.miles, ids.harbour, ids.riverside]);
    await request('PATCH', url, producer, { data: [link(ids.riverside), link(ids.miles)] });
    expect(await read()).toEqual([ids.riverside, ids.miles]);
    expect((await request('PATCH', url, producer, { data: [] })).statusCode).toBe(200);
    expect(await read()).toEqual([]);
  });

  it("counts the event in each challenger's appearances, listed or playing home or away", async () => {
    const event = await createEvent({
      name: 'Appearance match',
      homeChallengerId: ids.harbour,
      awayChallengerId: null,
    });
    await request('PATCH', eventChallengersPath(event.id), producer, { data: [link(ids.miles)] });
    for (const challenger of [ids.miles, ids.harbour]) {
      const appearances = (await request('GET', `/main-api/challengers/${challenger}/appearances`, producer)).json();
      expect(appearances).toContainEqual(expect.objectContaining({ eventId: event.id, name: 'Appearance match' }));
    }
    const riverside = (await request('GET', `/main-api/challengers/${ids.riverside}/appearances`, producer)).json();
    expect(riverside.map((row: { eventId: number }) => row.eventId)).not.toContain(event.id);
  });

  it('refuses a challenger listed twice, an unknown one, or one of another account (400)', async () => {
    const event = await createEvent();
    const url = eventChallengersPath(event.id);
    const twice = await request('PATCH', url, producer, { data: [link(ids.miles), link(ids.miles)] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([
      { path: 'data.1.id', message: renderMessage(EVENT_MESSAGES.duplicateChallenger(ids.miles ?? 0)) },
    ]);
    const foreignSport = (await request('GET', '/main-api/sports?search=Football', stranger)).json().data[0].id;
    const theirs = (
      await request('POST', '/main-api/challengers', stranger, {
        name: 'Other FC',
        type: 'team',
        sportId: foreignSport,
      })
    ).json();
    for (const id of [theirs.id, 999_999]) {
      const refused = await request('PATCH', url, producer, { data: [link(ids.miles), link(id)] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(renderMessage(EVENT_MESSAGES.unknownChallengers([id])));
    }
    const wrongType = await request('PATCH', url, producer, { data: [{ type: 'Speaker', id: ids.miles }] });
    expect(wrongType.statusCode).toBe(400);
  });

  it("answers 404 for a missing event or another account's, and 403 to readers and other roles", async () => {
    const event = await createEvent();
    const body = { data: [link(ids.miles)] };
    expect((await request('PATCH', eventChallengersPath(999_999), producer, body)).statusCode).toBe(404);
    expect((await request('PATCH', eventChallengersPath(event.id), stranger, body)).statusCode).toBe(404);
    expect((await request('PATCH', eventChallengersPath(event.id), clipper, body)).statusCode).toBe(403);
    expect((await request('PATCH', eventChallengersPath(event.id), editor, body)).statusCode).toBe(403);
  });
});

describe('who sees and writes events', () => {
  it('lets clippers read events but not write them; other roles get 403', async () => {
    const event = await createEvent();
    expect((await request('GET', `/main-api/events/${event.id}`, clipper)).statusCode).toBe(200);
    expect((await request('GET', '/main-api/events', clipper)).statusCode).toBe(200);
    expect((await request('POST', '/main-api/events', clipper, matchBody())).statusCode).toBe(403);
    expect((await request('PUT', `/main-api/events/${event.id}`, clipper, { venue: 'x' })).statusCode).toBe(403);
    expect((await request('GET', '/main-api/events', editor)).statusCode).toBe(403);
    expect((await request('POST', '/main-api/events', editor, matchBody())).statusCode).toBe(403);
  });

  it("hides an account's events from another account and refuses their ids", async () => {
    const event = await createEvent({ name: 'Private match' });
    const theirs = (await request('GET', '/main-api/events?search=Private', stranger)).json();
    expect(theirs.total).toBe(0);
    expect((await request('GET', `/main-api/events/${event.id}`, stranger)).statusCode).toBe(404);
    expect((await request('PUT', `/main-api/events/${event.id}`, stranger, { venue: 'x' })).statusCode).toBe(404);
    expect((await request('DELETE', `/main-api/events/${event.id}`, stranger)).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it("gives the club's recorded match its round, sides, venue, theme and challengers, and one upcoming match", async () => {
    const list = (await request('GET', '/main-api/events?search=Harbour City&expand=[Challengers]', producer)).json();
    const match = list.data.find((row: { name: string }) => row.name === 'Riverside vs Harbour City');
    expect(match).toMatchObject({
      state: 'replay',
      venue: 'Riverside Park',
      competitionId: ids.league,
      seasonId: ids.leagueSeason,
      homeChallengerId: ids.riverside,
      awayChallengerId: ids.harbour,
      themeId: await idOf('/main-api/themes', 'Riverside blue'),
      published: true,
    });
    expect(match.Challengers.map((row: { name: string }) => row.name)).toEqual([
      'Olympique Riverside FC',
      'Harbour City',
      'Jordan Miles',
      'Théo Marchand',
    ]);
    const upcoming = (
      await request('GET', '/main-api/events?state=upcoming&search=Northbridge United vs', producer)
    ).json();
    expect(upcoming.data[0]).toMatchObject({ name: 'Northbridge United vs Riverside', state: 'upcoming' });
    expect(Date.parse(upcoming.data[0].startsAt)).toBeGreaterThan(Date.now());
  });
});

describe('GET events/replay-sources', () => {
  it("offers a producer, who holds no video role, the account's ready videos as replays", async () => {
    const ready = await insertVideo(ctx, club, { title: 'Derby full match' });
    await insertVideo(ctx, club, { title: 'Derby encoding', state: 'processing' });
    const theirs = await insertVideo(ctx, (await ctx.accountByName(DEMO_ACCOUNTS.events)).id, {
      title: 'Derby elsewhere',
    });
    const found = await request('GET', `${markerPaths.replaySources}?search=derby`, producer);
    expect(found.statusCode, found.body).toBe(200);
    const ids = found.json().data.map((source: { id: number }) => source.id);
    expect(ids).toEqual([ready]);
    expect(ids).not.toContain(theirs);
    // The video library itself stays closed to the producer (spec §6).
    expect((await request('GET', '/main-api/videos', producer)).statusCode).toBe(403);
    expect((await request('GET', markerPaths.replaySources, clipper)).statusCode).toBe(403);
  });
});
