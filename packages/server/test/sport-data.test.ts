import { SEARCH_MESSAGES } from '@regie/contract/accounts';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengerAppearances } from '../src/db/actors.table.ts';
import { events } from '../src/db/events.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** Competitions with their seasons and rounds, marker types, themes and challengers. */

let ctx: TestContext;
let producer: string;
let stranger: string;
let football: number;
beforeAll(async () => {
  ctx = await createTestContext();
  producer = await ctx.login('producer');
  const other = await ctx.buildUser({ roles: ['sport_player_write'], modules: [...MODULE_CODES] });
  stranger = await ctx.login(other.username, other.password);
  const sports = (await ctx.request({ url: '/main-api/sports?search=Football', token: producer })).json();
  football = sports.data[0].id;
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: unknown) => ctx.request({ method: 'POST', url, token, payload });

describe('competitions, seasons and rounds', () => {
  it("lists the demo club's league with its two seasons, the current one 2026-2027", async () => {
    const leagues = (
      await ctx.request({ url: '/main-api/competitions?search=Riverside League', token: producer })
    ).json();
    expect(leagues.total).toBe(1);
    const league = leagues.data[0];
    const seasons = (await ctx.request({ url: `/main-api/competitions/${league.id}/seasons`, token: producer })).json();
    expect(seasons.data.map((season: { name: string; current: boolean }) => [season.name, season.current])).toEqual([
      ['2025-2026', false],
      ['2026-2027', true],
    ]);
    const rounds = (
      await ctx.request({ url: `/main-api/seasons/${seasons.data[1].id}/rounds`, token: producer })
    ).json();
    expect(rounds.data.map((round: { name: string }) => round.name)).toEqual([
      'Matchday 1',
      'Matchday 2',
      'Matchday 3',
      'Matchday 4',
      // Added by the season's import at seed (seed/import.seed.ts: the openfootball file's last two).
      'Matchday 5',
      'Matchday 6',
    ]);
    const expanded = (
      await ctx.request({ url: `/main-api/competitions/${league.id}?expand=[Seasons,Sport]`, token: producer })
    ).json();
    expect(expanded.Sport.name).toBe('Football');
    expect(expanded.Seasons).toHaveLength(2);
  });

  it('refuses a season that ends before it starts, on create and on a PUT of one date', async () => {
    const league = (await post('/main-api/competitions', producer, { name: 'Dates cup', sportId: football })).json();
    const base = `/main-api/competitions/${league.id}/seasons`;
    const backwards = await post(base, producer, {
      name: '2030',
      startDate: '2030-08-01T00:00:00.000Z',
      endDate: '2030-05-01T00:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { path: 'endDate', message: 'The end date must be on or after the start date' },
    ]);
    const season = await post(base, producer, {
      name: '2030',
      startDate: '2030-08-01T00:00:00.000+02:00',
      endDate: '2031-05-01T00:00:00.000Z',
    });
    expect(season.statusCode, season.body).toBe(201);
    expect(season.json().startDate).toBe('2030-07-31T22:00:00.000Z');
    const earlier = await ctx.request({
      method: 'PUT',
      url: `${base}/${season.json().id}`,
      token: producer,
      payload: { endDate: '2030-01-01T00:00:00.000Z' },
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().errors[0].path).toBe('endDate');
    const sameDay = await ctx.request({
      method: 'PUT',
      url: `${base}/${season.json().id}`,
      token: producer,
      payload: { endDate: '2030-07-31T22:00:00.000Z' },
    });
    expect(sameDay.statusCode).toBe(200);
  });

  it('takes the platform sports and its own, never a sport of another account', async () => {
    const own = (await post('/main-api/sports', stranger, { name: 'Padel' })).json();
    const refused = await post('/main-api/competitions', producer, { name: 'Padel tour', sportId: own.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'sportId', message: renderMessage(CRUD_MESSAGES.unknownReference('sportId')) },
    ]);
    expect((await post('/main-api/competitions', producer, { name: 'Nowhere', sportId: 999_999 })).statusCode).toBe(
      400,
    );
  });

  it('deletes a competition with its seasons and their rounds', async () => {
    const cup = (await post('/main-api/competitions', producer, { name: 'Short-lived cup', sportId: football })).json();
    const season = (
      await post(`/main-api/competitions/${cup.id}/seasons`, producer, {
        name: '2031',
        startDate: '2031-01-01T00:00:00.000Z',
        endDate: '2031-12-01T00:00:00.000Z',
      })
    ).json();
    const round = await post(`/main-api/seasons/${season.id}/rounds`, producer, { name: 'Final', number: 1 });
    expect(round.statusCode, round.body).toBe(201);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/main-api/competitions/${cup.id}`, token: producer })).statusCode,
    ).toBe(204);
    expect((await ctx.request({ url: `/main-api/seasons/${season.id}/rounds`, token: producer })).statusCode).toBe(404);
  });
});

describe('marker types and themes', () => {
  it('orders the palette by position and applies a marker type without a sport to every sport', async () => {
    const types = (await ctx.request({ url: '/main-api/marker-types?limit=100', token: producer })).json();
    expect(types.data.slice(0, 3).map((type: { code: string }) => type.code)).toEqual([
      'goal',
      'yellow-card',
      'red-card',
    ]);
    const anySport = await post('/main-api/marker-types', producer, { name: 'Drinks break', code: 'Drinks-Break' });
    expect(anySport.statusCode, anySport.body).toBe(201);
    expect(anySport.json()).toMatchObject({
      code: 'drinks-break',
      sportId: null,
      color: '#0ACAFF',
      notificationGroup: null,
    });
    const badCode = await post('/main-api/marker-types', producer, { name: 'Bad', code: 'not a slug' });
    expect(badCode.json().errors[0].path).toBe('code');
  });

  it("shows the demo theme's marker types and refuses another account's", async () => {
    const theme = (await ctx.request({ url: '/main-api/themes?search=Riverside', token: producer })).json().data[0];
    expect(theme).toMatchObject({ primaryColor: '#0ACAFF', font: 'montserrat' });
    const expanded = (
      await ctx.request({ url: `/main-api/themes/${theme.id}?expand=[MarkerTypes]`, token: producer })
    ).json();
    expect(expanded.MarkerTypes.map((type: { code: string }) => type.code).sort()).toEqual([
      'goal',
      'red-card',
      'substitution',
      'yellow-card',
    ]);
    const foreign = (await post('/main-api/marker-types', stranger, { name: 'Foreign', code: 'foreign' })).json();
    const refused = await ctx.request({
      method: 'PUT',
      url: `/main-api/themes/${theme.id}`,
      token: producer,
      payload: { markerTypes: [foreign.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('markerTypes');
  });
});

describe('challengers', () => {
  it('finds challengers by name through GET challengers/search, the best match first', async () => {
    const found = (await ctx.request({ url: '/main-api/challengers/search?search=mi', token: producer })).json();
    expect(found[0].name).toBe('Jordan Miles');
    const none = await ctx.request({ url: '/main-api/challengers/search', token: producer });
    // The text is required (the OpenAPI document says so): its field of the 400 says it is missing.
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'search', message: renderMessage(SEARCH_MESSAGES.noParam) }]);
    expect((await ctx.request({ url: '/main-api/challengers/search?search=mi', token: stranger })).json()).toEqual([]);
  });

  it("lists a challenger's appearances from challenger_appearances, the latest first", async () => {
    // A player of the club's own, in no event yet (the demo's players play tonight's match).
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/challengers',
      token: producer,
      payload: { name: 'Ruben Ashdown', type: 'player', sportId: football },
    });
    expect(created.statusCode, created.body).toBe(201);
    const player = created.json();
    const url = `/main-api/challengers/${player.id}/appearances`;
    expect((await ctx.request({ url, token: producer })).json()).toEqual([]);
    // PATCH events/{id}/relationships/challengers writes these rows (events.test.ts); here they are stored directly.
    const made = await ctx.db
      .insert(events)
      .values(
        ['Cup tie', 'League match'].map((name) => ({
          name,
          accountId: player.AccountId,
          startsAt: new Date('2026-09-01T18:00:00Z'),
        })),
      )
      .returning({ id: events.id });
    const [first, second] = made.map((row) => row.id);
    await ctx.db.insert(challengerAppearances).values([
      { eventId: Number(first), challengerId: player.id, createdAt: new Date('2026-09-01T18:00:00Z') },
      { eventId: Number(second), challengerId: player.id, createdAt: new Date('2026-09-08T18:00:00Z') },
    ]);
    expect((await ctx.request({ url, token: producer })).json()).toEqual([
      {
        eventId: second,
        name: 'League match',
        startsAt: '2026-09-01T18:00:00.000Z',
        createdAt: '2026-09-08T18:00:00.000Z',
      },
      { eventId: first, name: 'Cup tie', startsAt: '2026-09-01T18:00:00.000Z', createdAt: '2026-09-01T18:00:00.000Z' },
    ]);
    expect((await ctx.request({ url, token: stranger })).statusCode).toBe(404);
  });
});
