import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedFeed } from '@regie/contract/feeds';
import { type MarkerRecord, markerPaths } from '@regie/contract/markers';
import { MATCH_EVENT_MESSAGES, matchEventPaths, type ParserMappingResponse } from '@regie/contract/match-events';
import { renderMessage } from '@regie/contract/messages.render';
import type { Role } from '@regie/contract/roles';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerTypes } from '../src/db/marker-types.table.ts';
import { languages } from '../src/db/reference.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { translations } from '../src/db/translations.table.ts';
import { statsbombAdapter } from '../src/feeds/statsbomb.ts';
import { startWorkers, type Workers } from '../src/jobs/jobs.worker.ts';
import { applyMatchEvents, applyMatchStats } from '../src/match-events/match-events.apply.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';
import { waitForState } from './jobs-fixtures.ts';

let ctx: TestContext;
let accountA: BuiltAccount;
let accountB: BuiltAccount;
let football: number;
let adminToken: string;
let workers: Workers;
const tokens = new Map<string, string>();
const token = (name: string) => tokens.get(name) ?? '';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'feeds', 'match.statsbomb.json');
const feed: ParsedFeed = statsbombAdapter.parse(readFileSync(FIXTURE));
/** The fixture's match events that the default mapping makes markers of, by their clock. */
const GOAL_18 = 'b8e9da92-acd4-5617-b51c-93fddfceb4ef'; // period 1, 18:04.25
const GOAL_45_1 = '5c15361a-7c80-5561-99b1-e7777dfbe587'; // 45+1, period 1 at 46:30.5
const GOAL_90_2 = '2603bdd7-9850-5b31-bd93-d29d71a6d227'; // 90+2, period 2 at 47:20
const GOAL_105_1 = 'e3845b1c-c9fb-5e18-9071-0649c1f90fea'; // 105+1, period 3 at 16:30
const SUB_110 = 'ca4077cb-362e-50e3-ba5c-48eeca739bd9'; // period 4 at 5:00
const DEFAULT_MAPPED = 12;

// The replay: the first half kicks off 10 min in, the second at 66:40, extra time at 125:00 and 150:00.
const PERIODS = [
  { period: 1, startsAt: 600 },
  { period: 2, startsAt: 4000 },
  { period: 3, startsAt: 7500 },
  { period: 4, startsAt: 9000 },
];

async function user(name: string, account: BuiltAccount, roles: Role[]): Promise<void> {
  const built = await ctx.buildUser({ accountId: account.id, roles });
  tokens.set(name, await ctx.login(built.username, built.password));
}

beforeAll(async () => {
  ctx = await createTestContext();
  accountA = await ctx.buildAccount({ modules: ['SPORT_EVENTS', 'STREAM_CLIPPING', 'IMPORTDATA'] });
  accountB = await ctx.buildAccount({ modules: ['SPORT_EVENTS', 'STREAM_CLIPPING'] });
  await user('producer', accountA, ['sport_player_write']);
  await user('clipper', accountA, ['liveclipping_write']);
  await user('videoWriter', accountA, ['video_write']);
  await user('producerB', accountB, ['sport_player_write']);
  adminToken = await ctx.login('admin');
  // The admin's calls below that send account A's key act for it (issue 26).
  await ctx.actFor(adminToken, accountA);
  const [sport] = await ctx.db
    .select({ id: sports.id })
    .from(sports)
    .where(and(eq(sports.name, 'Football'), isNull(sports.accountId)));
  if (!sport) throw new Error('no platform football');
  football = sport.id;
  // The jobs of POST jobs/importMarkers and jobs/importEventStats run here.
  workers = startWorkers(ctx.db, { concurrency: 1, pollMs: 20, dataDir: tmpdir(), hub: ctx.app.realtime });
  // A loaded machine (several suites at once) may take more than the default minute to boot the app.
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await ctx.close();
});

async function newEvent(body: Record<string, unknown> = {}, as = 'producer'): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/main-api/events',
    token: token(as),
    payload: { name: 'Riverside v Harbour', sportId: football, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function markersOf(eventId: number): Promise<MarkerRecord[]> {
  const response = await ctx.request({ url: `${markerPaths.markers(eventId)}?limit=100`, token: token('producer') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: MarkerRecord[] }>().data;
}

async function importInto(eventId: number, account = accountA) {
  return applyMatchEvents(ctx.db, { accountId: account.id, eventId, provider: 'statsbomb', feed, language: 'en' });
}

async function typeIdOf(code: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: markerTypes.id })
    .from(markerTypes)
    .where(and(eq(markerTypes.accountId, accountA.id), eq(markerTypes.code, code)));
  if (!row) throw new Error(`no marker type ${code}`);
  return row.id;
}

function timeOf(markers: MarkerRecord[], label: string): number[] {
  return markers.filter((marker) => marker.label === label).map((marker) => marker.timeSeconds);
}

async function setPeriods(eventId: number, periods: unknown, as = 'producer') {
  return ctx.request({ method: 'PUT', url: `/main-api/events/${eventId}`, token: token(as), payload: { periods } });
}

async function runJob(path: string, eventId: number, as = 'producer') {
  const response = await ctx.request({ method: 'POST', url: path, token: token(as), payload: { eventId } });
  expect(response.statusCode, response.body).toBe(202);
  const job = response.json<{ id: number }>();
  return waitForState(ctx.db, job.id, ['done', 'failed']);
}

describe('a match document applied to an event', () => {
  it('places each match event at its period’s kick-off plus its clock, stoppage and extra time included', async () => {
    const eventId = await newEvent({ periods: PERIODS });
    const report = await importInto(eventId);
    expect(report.created).toEqual({ marker: DEFAULT_MAPPED });
    expect(report.refused).toEqual([]);
    const markers = await markersOf(eventId);
    expect(markers).toHaveLength(DEFAULT_MAPPED);
    expect(timeOf(markers, 'Goal: Jordan Miles')).toEqual([600 + 1084.3]);
    // 45+1: still the first half, 46:30.5 after its kick-off (before the second half starts).
    expect(timeOf(markers, 'Goal: Ellis Crane')).toEqual([600 + 2790.5]);
    // 90+2 in the second half, 105+1 in extra time's first period, 110' in its second.
    expect(timeOf(markers, 'Goal: Idris Bello')).toEqual([4000 + 2840]);
    expect(timeOf(markers, 'Goal: Kai')).toEqual([7500 + 990]);
    expect(timeOf(markers, 'Substitution: Noah Vale ↔ Callum Shaw')).toEqual([9000 + 300]);
    const goal = await typeIdOf('goal');
    // Goals, the own goal and the penalty are all of the goal type; cards and substitutions have theirs.
    expect(markers.filter((marker) => marker.markerTypeId === goal)).toHaveLength(6);
    for (const code of ['yellow-card', 'red-card', 'substitution']) {
      const typeId = await typeIdOf(code);
      expect(
        markers.filter((marker) => marker.markerTypeId === typeId),
        code,
      ).toHaveLength(2);
    }
  });

  it('made the default marker types once, named in English and French, for the sport', async () => {
    const rows = await ctx.db.select().from(markerTypes).where(eq(markerTypes.accountId, accountA.id));
    expect(rows.map((row) => row.code).sort()).toEqual(['goal', 'red-card', 'substitution', 'yellow-card']);
    expect(rows.find((row) => row.code === 'goal')).toMatchObject({ name: 'Goal', sportId: football });
    const [french] = await ctx.db.select().from(languages).where(eq(languages.code, 'fr'));
    const [translated] = await ctx.db
      .select()
      .from(translations)
      .where(
        and(
          eq(translations.resource, 'marker-types'),
          eq(translations.recordId, await typeIdOf('goal')),
          eq(translations.languageId, french?.id ?? 0),
        ),
      );
    expect(translated?.values).toEqual({ name: 'But' });
  });

  it('changes nothing when the same document comes again', async () => {
    const eventId = await newEvent({ periods: PERIODS });
    await importInto(eventId);
    const before = await markersOf(eventId);
    const again = await importInto(eventId);
    expect(again.created).toEqual({});
    expect(again.updated).toEqual({});
    expect(again.unchanged.marker).toBe(DEFAULT_MAPPED);
    expect(await markersOf(eventId)).toEqual(before);
  });

  it('moves every imported marker when the event’s kick-offs change, and leaves hand-made markers alone', async () => {
    const eventId = await newEvent({ periods: PERIODS });
    await importInto(eventId);
    const manual = await ctx.request({
      method: 'POST',
      url: markerPaths.markers(eventId),
      token: token('producer'),
      payload: { label: 'Hand-made', timeSeconds: 42 },
    });
    expect(manual.statusCode).toBe(201);
    const moved = await setPeriods(eventId, [
      { period: 2, startsAt: 4100 },
      { period: 1, startsAt: 700 },
      { period: 3, startsAt: 7500 },
      { period: 4, startsAt: 9000 },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    // Stored by period, whatever the order sent.
    expect(moved.json().periods.map((entry: { period: number }) => entry.period)).toEqual([1, 2, 3, 4]);
    const markers = await markersOf(eventId);
    expect(timeOf(markers, 'Goal: Jordan Miles')).toEqual([700 + 1084.3]);
    expect(timeOf(markers, 'Goal: Idris Bello')).toEqual([4100 + 2840]);
    expect(timeOf(markers, 'Goal: Kai')).toEqual([7500 + 990]);
    expect(timeOf(markers, 'Hand-made')).toEqual([42]);
  });

  it('keeps a match event waiting for its period’s kick-off, then places it once the kick-off is set', async () => {
    const eventId = await newEvent({ periods: [{ period: 1, startsAt: 600 }] });
    const report = await importInto(eventId);
    expect(report.created.marker).toBe(4);
    expect(report.refused).toContainEqual({
      kind: 'marker',
      ref: GOAL_90_2,
      reason: renderMessage(MATCH_EVENT_MESSAGES.waitingForKickOff(2), 'en'),
    });
    expect(await markersOf(eventId)).toHaveLength(4);
    const set = await setPeriods(eventId, PERIODS);
    expect(set.statusCode, set.body).toBe(200);
    const markers = await markersOf(eventId);
    expect(markers).toHaveLength(DEFAULT_MAPPED);
    expect(timeOf(markers, 'Goal: Idris Bello')).toEqual([4000 + 2840]);
  });

  it('refuses periods listed twice, out of order, negative or outside 1…5, with a clear 400', async () => {
    const eventId = await newEvent();
    const twice = await setPeriods(eventId, [
      { period: 1, startsAt: 0 },
      { period: 1, startsAt: 10 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Each period may be listed once');
    const order = await ctx.request({
      method: 'PUT',
      url: `/main-api/events/${eventId}`,
      token: token('producer'),
      headers: { 'accept-language': 'fr' },
      payload: {
        periods: [
          { period: 1, startsAt: 3000 },
          { period: 2, startsAt: 100 },
        ],
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Chaque période doit commencer après les précédentes');
    for (const periods of [[{ period: 1, startsAt: -5 }], [{ period: 6, startsAt: 5 }], 'soon']) {
      expect((await setPeriods(eventId, periods)).statusCode, JSON.stringify(periods)).toBe(400);
    }
  });
});

describe('the parser mapping and POST jobs/importMarkers', () => {
  const mappingUrl = () => `${matchEventPaths.parserMappings}?provider=statsbomb&sportId=${football}&mode=replay`;

  it('lists the provider’s keys with the default mapping, for a platform admin acting for the account', async () => {
    const response = await ctx.request({ url: mappingUrl(), token: adminToken, accountKey: accountA.accountKey });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ParserMappingResponse>();
    const entry = (key: string) => body.entries.find((found) => found.key === key);
    expect(entry('Shot:Goal')).toMatchObject({
      meaning: 'goal',
      markerTypeId: await typeIdOf('goal'),
      source: 'default',
    });
    expect(entry('Own Goal')?.markerTypeId).toBe(await typeIdOf('goal'));
    expect(entry('Shot:Saved')).toMatchObject({ meaning: null, markerTypeId: null, source: 'default' });
    // Not the account's producer: the admin tools are the platform admins'.
    const refused = await ctx.request({ url: mappingUrl(), token: token('producer') });
    expect(refused.statusCode).toBe(403);
  });

  it('updates the markers after a mapping change, never duplicating them, removing those mapped to nothing', async () => {
    const eventId = await newEvent({ periods: PERIODS });
    await importInto(eventId);
    const saved = await ctx.request({
      method: 'PUT',
      url: mappingUrl(),
      token: adminToken,
      accountKey: accountA.accountKey,
      payload: {
        entries: [
          { key: 'Substitution', markerTypeId: null },
          { key: 'Shot:Saved', markerTypeId: await typeIdOf('goal') },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = saved.json<ParserMappingResponse>().entries;
    expect(entries.find((entry) => entry.key === 'Substitution')).toMatchObject({
      markerTypeId: null,
      source: 'account',
    });

    const job = await runJob(matchEventPaths.importMarkers, eventId);
    expect(job.state).toBe('done');
    const saves = feed.matchEvents.filter((matchEvent) => matchEvent.key === 'Shot:Saved').length;
    expect(saves).toBeGreaterThan(0);
    expect(job.result).toMatchObject({ report: { created: { marker: saves }, removed: { marker: 2 } } });
    const markers = await markersOf(eventId);
    expect(markers).toHaveLength(DEFAULT_MAPPED - 2 + saves);
    expect(markers.some((marker) => marker.label.startsWith('Substitution'))).toBe(false);
    expect(timeOf(markers, 'Goal: Jordan Miles')).toEqual([600 + 1084.3]);

    // Once more: all unchanged.
    const again = await runJob(matchEventPaths.importMarkers, eventId);
    expect(again.result).toMatchObject({ report: { created: {}, updated: {}, unchanged: { marker: markers.length } } });
    expect(await markersOf(eventId)).toHaveLength(markers.length);

    // Back to the default for the next tests.
    await ctx.request({
      method: 'PUT',
      url: mappingUrl(),
      token: adminToken,
      accountKey: accountA.accountKey,
      payload: {
        entries: [
          { key: 'Substitution', markerTypeId: await typeIdOf('substitution') },
          { key: 'Shot:Saved', markerTypeId: null },
        ],
      },
    });
  });

  it('refuses another account’s marker type and a key listed twice', async () => {
    const otherType = await ctx.request({
      method: 'POST',
      url: '/main-api/marker-types',
      token: token('producerB'),
      payload: { name: 'Their goal', code: 'their-goal', color: '#22AA44' },
    });
    expect(otherType.statusCode, otherType.body).toBe(201);
    for (const entries of [
      [{ key: 'Shot:Goal', markerTypeId: otherType.json().id }],
      [
        { key: 'Shot:Goal', markerTypeId: null },
        { key: 'Shot:Goal', markerTypeId: null },
      ],
    ]) {
      const response = await ctx.request({
        method: 'PUT',
        url: mappingUrl(),
        token: adminToken,
        accountKey: accountA.accountKey,
        payload: { entries },
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('answers 409 for an event without match data, 404 for another account’s event, 403 without the marker roles', async () => {
    const bare = await newEvent();
    const none = await ctx.request({
      method: 'POST',
      url: matchEventPaths.importMarkers,
      token: token('producer'),
      payload: { eventId: bare },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This event has no match data yet: import a match file first');
    const imported = await newEvent({ periods: PERIODS });
    await importInto(imported);
    for (const path of [matchEventPaths.importMarkers, matchEventPaths.importEventStats]) {
      const other = await ctx.request({
        method: 'POST',
        url: path,
        token: token('producerB'),
        payload: { eventId: imported },
      });
      expect(other.statusCode).toBe(404);
      const noRole = await ctx.request({
        method: 'POST',
        url: path,
        token: token('videoWriter'),
        payload: { eventId: imported },
      });
      expect(noRole.statusCode).toBe(403);
    }
    // A live clipper writes markers: they may re-import them.
    expect((await runJob(matchEventPaths.importMarkers, imported, 'clipper')).state).toBe('done');
    const bad = await ctx.request({
      method: 'POST',
      url: matchEventPaths.importMarkers,
      token: token('producer'),
      payload: { eventId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to apply a document to another account’s event', async () => {
    const eventB = await newEvent({}, 'producerB');
    await expect(importInto(eventB, accountA)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('match stats', () => {
  async function challenger(name: string): Promise<number> {
    const response = await ctx.request({
      method: 'POST',
      url: '/main-api/challengers',
      token: token('producer'),
      payload: { name, type: 'team', sportId: football },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  it('stores the figures per side, matching the event’s challengers by name, and serves them', async () => {
    // Harbour City plays at home here: the document lists Riverside first.
    const eventId = await newEvent({
      homeChallengerId: await challenger('Harbour City'),
      awayChallengerId: await challenger('Olympique Riverside FC'),
    });
    const report = await applyMatchStats(ctx.db, {
      accountId: accountA.id,
      eventId,
      provider: 'statsbomb',
      feed,
      language: 'en',
    });
    expect(report.created).toEqual({ stats: 2 });
    const response = await ctx.request({ url: matchEventPaths.matchStats(eventId), token: token('clipper') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      provider: 'statsbomb',
      home: { teamName: 'Harbour City', stats: { shots: 6, shotsOnTarget: 5, possession: 57 } },
      away: { teamName: 'Olympique Riverside FC', stats: { shots: 5, corners: 2, possession: 43 } },
    });
    const job = await runJob(matchEventPaths.importEventStats, eventId);
    expect(job.result).toMatchObject({ report: { unchanged: { stats: 2 } } });
    const other = await ctx.request({ url: matchEventPaths.matchStats(eventId), token: token('producerB') });
    expect(other.statusCode).toBe(404);
  });

  it('answers empty sides for an event without figures', async () => {
    const eventId = await newEvent();
    const response = await ctx.request({ url: matchEventPaths.matchStats(eventId), token: token('producer') });
    expect(response.json()).toEqual({ provider: null, home: null, away: null, updatedAt: null });
  });
});

describe('the ids a test names', () => {
  it('are the fixture’s', () => {
    const ids = new Set(feed.matchEvents.map((matchEvent) => matchEvent.providerId));
    for (const id of [GOAL_18, GOAL_45_1, GOAL_90_2, GOAL_105_1, SUB_110]) expect(ids.has(id)).toBe(true);
  });
});
