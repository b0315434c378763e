import { chatPaths } from '@regie/contract/chat';
import { DEMO_NO_VIDEO_MATCH, DEMO_PASSWORD } from '@regie/contract/demo';
import { embedPaths } from '@regie/contract/embed';
import type { EmbedFanResponse, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import type { FeedMatchEvent, ParsedFeed } from '@regie/contract/feeds';
import { markerPaths } from '@regie/contract/markers';
import type { ModuleCode } from '@regie/contract/modules';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { challengers } from '../src/db/actors.table.ts';
import { events } from '../src/db/events.table.ts';
import { markerTypes } from '../src/db/marker-types.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { applyMatchEvents } from '../src/match-events/match-events.apply.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { signIn } from './insights-fixtures.ts';

/**
 * NO_VIDEO (issue 47 point 9): a data-only match's embed data carries its teams, score, periods on
 * the wall clock and timeline, from the feed's match events and the markers staff add; a new goal
 * shows in the next read once the front cache's second is over; without the module nothing of it;
 * another account's token or staff see nothing of it; the chat and the games still answer.
 */

type Staff = { token: string; accountId: number; accountKey: string };
type Match = Extract<EmbedPlayerResponse, { state: 'match' }>;

const CLUB_MODULES: ModuleCode[] = ['SPORT_EVENTS', 'NO_VIDEO', 'CHAT', 'ADDON_MOTM', 'MARKERS'];
const KICK_OFF_MINUTES_AGO = 30;

let ctx: TestContext;
let club: Staff;
let rival: Staff;
let football: number;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await signIn(ctx, { roles: ['sport_player_write'], modules: CLUB_MODULES });
  // The same modules but NO_VIDEO: its events show what they always showed.
  rival = await signIn(ctx, { roles: ['sport_player_write'], modules: CLUB_MODULES.filter((m) => m !== 'NO_VIDEO') });
  const [sport] = await ctx.db
    .select({ id: sports.id })
    .from(sports)
    .where(and(eq(sports.name, 'Football'), isNull(sports.accountId)));
  if (!sport) throw new Error('no platform football');
  football = sport.id;
}, 180_000);
afterAll(() => ctx.close());

const teamsByAccount = new Map<number, Promise<[number, number]>>();

/** The account's Lions and Tigers (made once), named as the feed names its teams. */
function teams(accountId: number): Promise<[number, number]> {
  const made =
    teamsByAccount.get(accountId) ??
    ctx.db
      .insert(challengers)
      .values(['Lions', 'Tigers'].map((name) => ({ name, type: 'team', sportId: football, accountId })))
      .returning({ id: challengers.id })
      .then((rows): [number, number] => [rows[0]?.id ?? 0, rows[1]?.id ?? 0]);
  teamsByAccount.set(accountId, made);
  return made;
}

/** A live match of the account kicked off 30 minutes ago, its first half from the kick-off. */
async function liveMatch(accountId: number, activatedModules: string[]): Promise<number> {
  const [home, away] = await teams(accountId);
  const [event] = await ctx.db
    .insert(events)
    .values({
      name: 'Lions v Tigers',
      accountId,
      sportId: football,
      state: 'live',
      published: true,
      startsAt: new Date(Date.now() - KICK_OFF_MINUTES_AGO * 60_000),
      homeChallengerId: home,
      awayChallengerId: away,
      activatedModules,
      periods: [{ period: 1, startsAt: 0 }],
    })
    .returning({ id: events.id });
  if (!event) throw new Error('event not inserted');
  return event.id;
}

async function tokenOf(eventId: number, staff = club): Promise<string> {
  const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: staff.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

async function read(token: string): Promise<EmbedPlayerResponse> {
  const response = await ctx.request({ url: embedPaths.player(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const moment = (providerId: string, key: string, team: string, minute: number, label: string): FeedMatchEvent => ({
  providerId,
  key,
  period: 1,
  periodSeconds: minute * 60,
  minute,
  second: 0,
  teamProviderId: team,
  label,
});

/** A feed's document of the match: the Lions score at 12:00, a Tiger is booked at 20:00. */
function feedOf(extra: FeedMatchEvent[] = []): ParsedFeed {
  return {
    provider: 'statsbomb',
    teams: [
      { providerId: 'L', name: 'Lions' },
      { providerId: 'T', name: 'Tigers' },
    ],
    people: [],
    fixtures: [],
    matchEvents: [
      moment('g1', 'Shot:Goal', 'L', 12, 'Goal: Ada Striker'),
      moment('y1', 'Foul Committed:Yellow Card', 'T', 20, 'Yellow card: Ben Stopper'),
      ...extra,
    ],
  };
}

function importFeed(accountId: number, eventId: number, feed: ParsedFeed) {
  return applyMatchEvents(ctx.db, { accountId, eventId, provider: 'statsbomb', feed, language: 'en' });
}

describe('a data-only match (NO_VIDEO)', () => {
  it('gives the teams, the score, the periods and the timeline; a new goal shows in the next read', async () => {
    const eventId = await liveMatch(club.accountId, ['NO_VIDEO', 'CHAT', 'ADDON_MOTM']);
    const report = await importFeed(club.accountId, eventId, feedOf());
    expect(report.created).toEqual({ marker: 2 });
    const token = await tokenOf(eventId);

    const first = await read(token);
    expect(first.state).toBe('match');
    const { match } = first as Match;
    expect(match.home).toEqual({ name: 'Lions', crestUrl: null });
    expect(match.away).toEqual({ name: 'Tigers', crestUrl: null });
    expect(match.score).toEqual({ home: 1, away: 0 });
    expect(match.over).toBe(false);
    // The first half kicked off at the event's start: the page ticks the clock from it.
    const [event] = await ctx.db.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, eventId));
    expect(match.periods).toEqual([{ period: 1, kickOffAt: event?.startsAt.toISOString() }]);
    // Newest first, each with the feed's minute, side and type.
    expect(match.timeline.map(({ minute, code, side, label }) => ({ minute, code, side, label }))).toEqual([
      { minute: "21'", code: 'yellow-card', side: 'away', label: 'Yellow card: Ben Stopper' },
      { minute: "13'", code: 'goal', side: 'home', label: 'Goal: Ada Striker' },
    ]);
    // No media of any kind on a data-only page.
    expect(JSON.stringify(first)).not.toMatch(/m3u8|hlsUrl/);

    // The Tigers equalise: the feed's next document. The answer kept in front for a second, then the goal.
    await importFeed(club.accountId, eventId, feedOf([moment('g2', 'Shot:Goal', 'T', 25, 'Goal: Cy Finisher')]));
    const next = await vi.waitFor(
      async () => {
        const answer = await read(token);
        expect(answer.state === 'match' && answer.match.score).toEqual({ home: 1, away: 1 });
        return answer as Match;
      },
      { timeout: 5_000, interval: 200 },
    );
    expect(next.match.timeline[0]).toMatchObject({ minute: "26'", code: 'goal', side: 'away' });

    // A marker staff add by hand (seconds after kick-off) joins the timeline at its minute.
    const [yellow] = await ctx.db
      .select({ id: markerTypes.id })
      .from(markerTypes)
      .where(and(eq(markerTypes.accountId, club.accountId), eq(markerTypes.code, 'yellow-card')));
    const added = await ctx.request({
      method: 'POST',
      url: markerPaths.markers(eventId),
      token: club.token,
      payload: { eventId, timeSeconds: 27 * 60 + 5, label: 'Second yellow', markerTypeId: yellow?.id ?? null },
    });
    expect(added.statusCode, added.body).toBe(201);
    await vi.waitFor(
      async () => {
        const answer = (await read(token)) as Match;
        expect(answer.match.timeline[0]).toMatchObject({ minute: "28'", label: 'Second yellow', side: null });
        // A hand-made marker has no side: the score stays the feed's.
        expect(answer.match.score).toEqual({ home: 1, away: 1 });
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it('is upcoming before the kick-off and over once the match is past', async () => {
    const eventId = await liveMatch(club.accountId, ['NO_VIDEO']);
    const token = await tokenOf(eventId);
    await ctx.db
      .update(events)
      .set({ state: 'upcoming', startsAt: new Date(Date.now() + 3600_000) })
      .where(eq(events.id, eventId));
    await vi.waitFor(async () => expect((await read(token)).state).toBe('upcoming'), { timeout: 5_000, interval: 200 });
    await ctx.db
      .update(events)
      .set({ state: 'replay', startsAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(events.id, eventId));
    await vi.waitFor(
      async () => {
        const answer = await read(token);
        expect(answer.state === 'match' && answer.match.over).toBe(true);
      },
      { timeout: 5_000, interval: 200 },
    );
  });

  it('shows nothing of the match without the module, or without the event’s switch', async () => {
    // The rival's event carries the switch (written around the form's check): its account lacks the module.
    const withoutModule = await liveMatch(rival.accountId, ['NO_VIDEO']);
    await importFeed(rival.accountId, withoutModule, feedOf());
    const rivalPage = await read(await tokenOf(withoutModule, rival));
    expect(rivalPage).toMatchObject({ state: 'unavailable', reason: 'no_camera' });
    expect(JSON.stringify(rivalPage)).not.toContain('Ada Striker');

    const switchedOff = await liveMatch(club.accountId, ['CHAT']);
    await importFeed(club.accountId, switchedOff, feedOf());
    expect(await read(await tokenOf(switchedOff))).toMatchObject({ state: 'unavailable', reason: 'no_camera' });
  });

  it('gives nothing to another account: its staff get no token, a forged token no data', async () => {
    const eventId = await liveMatch(club.accountId, ['NO_VIDEO']);
    await importFeed(club.accountId, eventId, feedOf());
    const asRival = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: rival.token });
    expect(asRival.statusCode).toBe(404);
    // Another account's page never carries this match, whatever its id.
    const rivalEvent = await liveMatch(rival.accountId, []);
    expect(JSON.stringify(await read(await tokenOf(rivalEvent, rival)))).not.toContain('Ada Striker');
    const token = await tokenOf(eventId);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await ctx.request({ url: embedPaths.player(forged) });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Ada Striker');
  });

  it('keeps the chat and the games context answering', async () => {
    const eventId = await liveMatch(club.accountId, ['NO_VIDEO', 'CHAT', 'ADDON_MOTM']);
    const token = await tokenOf(eventId);
    const chat = await ctx.request({ url: chatPaths.public(token) });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json()).toMatchObject({ open: true });
    const fan = await ctx.request({ url: embedPaths.fan(token) });
    expect(fan.statusCode, fan.body).toBe(200);
    expect(fan.json<EmbedFanResponse>()).toEqual({ eventId, games: { motm: true, predictor: false } });
  });

  it('is in the demo: the club’s away match followed from the feed, over at 1–2', async () => {
    const [event] = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.name, DEMO_NO_VIDEO_MATCH.name));
    const producer = { token: await ctx.login('producer', DEMO_PASSWORD), accountId: 0, accountKey: '' };
    const page = await read(await tokenOf(event?.id ?? 0, producer));
    expect(page.state).toBe('match');
    const { match } = page as Match;
    expect(match).toMatchObject({
      home: { name: 'Harbour City' },
      away: { name: 'Olympique Riverside FC' },
      score: { home: 1, away: 2 },
      over: true,
    });
    expect(match.timeline.map((moment) => moment.minute)).toEqual(["82'", "67'", "59'", "34'", "18'"]);
  });
});
