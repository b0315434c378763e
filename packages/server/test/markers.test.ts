import { MARKER_EVENTS, type MarkerRecord, markerPaths } from '@regie/contract/markers';
import { renderMessage } from '@regie/contract/messages.render';
import { eventTopic } from '@regie/contract/realtime';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import type { Role } from '@regie/contract/roles';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';
import { RealtimeClient } from './realtime-client.ts';

let ctx: TestContext;
let baseUrl: string;
let accountA: BuiltAccount;
let accountB: BuiltAccount;
const tokens = new Map<string, string>();
const clients: RealtimeClient[] = [];
const token = (name: string) => tokens.get(name) ?? '';

async function user(name: string, account: BuiltAccount, roles: Role[]): Promise<void> {
  const built = await ctx.buildUser({ accountId: account.id, roles });
  tokens.set(name, await ctx.login(built.username, built.password));
}

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  accountA = await ctx.buildAccount({ modules: ['SPORT_EVENTS', 'STREAM_CLIPPING'] });
  accountB = await ctx.buildAccount({ modules: ['SPORT_EVENTS', 'STREAM_CLIPPING'] });
  await user('producer', accountA, ['sport_player_write']);
  await user('liveClipper', accountA, ['liveclipping_write']);
  await user('clipOnly', accountA, ['clip_only']);
  await user('videoWriter', accountA, ['video_write']);
  await user('producerB', accountB, ['sport_player_write']);
});
afterEach(() => {
  for (const open of clients.splice(0)) open.close();
});
afterAll(() => ctx.close());

async function newEvent(as = 'producer', name = 'Derby'): Promise<number> {
  const response = await ctx.request({ method: 'POST', url: '/main-api/events', token: token(as), payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function addMarker(eventId: number, payload: Record<string, unknown>, as = 'producer'): Promise<MarkerRecord> {
  const response = await ctx.request({ method: 'POST', url: markerPaths.markers(eventId), token: token(as), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MarkerRecord>();
}

async function listen(as: string, eventId: number): Promise<RealtimeClient> {
  const client = new RealtimeClient(baseUrl);
  clients.push(client);
  return client.connect({ token: token(as) }, [eventTopic(eventId)]);
}

describe('markers CRUD under an event', () => {
  it('creates, lists by time, reads, changes and deletes markers', async () => {
    const eventId = await newEvent();
    const type = await ctx.request({
      method: 'POST',
      url: '/main-api/marker-types',
      token: token('producer'),
      payload: { name: 'Goal', code: 'goal', color: '#22AA44' },
    });
    expect(type.statusCode, type.body).toBe(201);
    const late = await addMarker(eventId, { label: 'Late', timeSeconds: 90 });
    const goal = await addMarker(eventId, { label: 'Goal', timeSeconds: 12.5, markerTypeId: type.json().id });
    expect(goal).toMatchObject({ eventId, AccountId: accountA.id, durationSeconds: null, label: 'Goal' });

    const list = await ctx.request({ url: markerPaths.markers(eventId), token: token('clipOnly') });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((marker: MarkerRecord) => marker.id)).toEqual([goal.id, late.id]);

    const changed = await ctx.request({
      method: 'PUT',
      url: markerPaths.marker(eventId, late.id),
      token: token('liveClipper'),
      payload: { timeSeconds: 3, durationSeconds: 4 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ label: 'Late', timeSeconds: 3, durationSeconds: 4 });
    const read = await ctx.request({ url: markerPaths.marker(eventId, late.id), token: token('producer') });
    expect(read.json().timeSeconds).toBe(3);

    const deleted = await ctx.request({
      method: 'DELETE',
      url: markerPaths.marker(eventId, late.id),
      token: token('producer'),
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await ctx.request({ url: markerPaths.marker(eventId, late.id), token: token('producer') });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input with 400, never a 5xx', async () => {
    const eventId = await newEvent();
    for (const payload of [
      { timeSeconds: -1 },
      { label: 'x' },
      { timeSeconds: 'soon' },
      { timeSeconds: 2, markerTypeId: 0 },
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: markerPaths.markers(eventId),
        token: token('producer'),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknownType = await ctx.request({
      method: 'POST',
      url: markerPaths.markers(eventId),
      token: token('producer'),
      payload: { timeSeconds: 2, markerTypeId: 999_999 },
    });
    expect(unknownType.statusCode).toBe(400);
  });

  it("refuses a marker type of another sport than the event's, in the user's language", async () => {
    const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      ctx.request({ method: 'POST', url, token: token('producer'), payload, headers });
    const sport = async (name: string) => {
      const created = await post('/main-api/sports', { name });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    const [handball, rugby] = [await sport('Handball'), await sport('Rugby sevens')];
    const type = async (name: string, code: string, sportId: number | null) => {
      const created = await post('/main-api/marker-types', { name, code, color: '#22AA44', sportId });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: number }>().id;
    };
    const sevenMetres = await type('7 m throw', 'seven-metres', handball);
    const tryType = await type('Try', 'try', rugby);
    const highlight = await type('Highlight', 'highlight', null);
    const created = await post('/main-api/events', { name: 'Cup final', sportId: handball });
    const eventId = created.json<{ id: number }>().id;

    await addMarker(eventId, { timeSeconds: 1, markerTypeId: sevenMetres });
    const kept = await addMarker(eventId, { timeSeconds: 2, markerTypeId: highlight });
    const refused = await post(markerPaths.markers(eventId), { timeSeconds: 3, markerTypeId: tryType });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The marker type “Try” belongs to another sport: choose one of the event’s sport',
    );
    const french = await post(
      markerPaths.markers(eventId),
      { timeSeconds: 3, markerTypeId: tryType },
      { 'accept-language': 'fr' },
    );
    expect(french.json().message).toBe(
      'Le type de marqueur « Try » appartient à un autre sport : choisissez-en un du sport de l’événement',
    );
    const moved = await ctx.request({
      method: 'PUT',
      url: markerPaths.marker(eventId, kept.id),
      token: token('producer'),
      payload: { markerTypeId: tryType },
    });
    expect(moved.statusCode).toBe(400);
    const list = await ctx.request({ url: markerPaths.markers(eventId), token: token('producer') });
    expect(list.json().data.map((marker: MarkerRecord) => marker.markerTypeId)).toEqual([sevenMetres, highlight]);
  });

  it('lets marker writers write, readers read, and refuses the others', async () => {
    const eventId = await newEvent();
    await addMarker(eventId, { timeSeconds: 1 }, 'liveClipper');
    const byClipOnly = await ctx.request({
      method: 'POST',
      url: markerPaths.markers(eventId),
      token: token('clipOnly'),
      payload: { timeSeconds: 2 },
    });
    expect(byClipOnly.statusCode).toBe(403);
    expect((await ctx.request({ url: markerPaths.markers(eventId), token: token('videoWriter') })).statusCode).toBe(
      403,
    );
    const patch = await ctx.request({
      method: 'PATCH',
      url: markerPaths.relationships(eventId),
      token: token('clipOnly'),
      payload: { data: [] },
    });
    expect(patch.statusCode).toBe(403);
    expect((await ctx.request({ url: markerPaths.markers(eventId) })).statusCode).toBe(401);
  });

  it('keeps other accounts out: their event is not found, and the markers stay', async () => {
    const eventId = await newEvent();
    const marker = await addMarker(eventId, { timeSeconds: 5 });
    const other = token('producerB');
    expect((await ctx.request({ url: markerPaths.markers(eventId), token: other })).statusCode).toBe(404);
    for (const request of [
      { method: 'POST' as const, url: markerPaths.markers(eventId), payload: { timeSeconds: 1 } },
      { method: 'PUT' as const, url: markerPaths.marker(eventId, marker.id), payload: { label: 'Mine' } },
      { method: 'DELETE' as const, url: markerPaths.marker(eventId, marker.id) },
      { method: 'PATCH' as const, url: markerPaths.relationships(eventId), payload: { data: [] } },
    ]) {
      expect((await ctx.request({ ...request, token: other })).statusCode, request.method).toBe(404);
    }
    // A marker of B's own event cannot be reached through A's event either.
    const eventB = await newEvent('producerB', 'Other derby');
    expect((await ctx.request({ url: markerPaths.marker(eventB, marker.id), token: other })).statusCode).toBe(404);
    const still = await ctx.request({ url: markerPaths.marker(eventId, marker.id), token: token('producer') });
    expect(still.json().label).toBe('');
  });
});

describe('PATCH events/{id}/relationships/markers', () => {
  it("makes the event's markers exactly the listed ones", async () => {
    const eventId = await newEvent();
    const [a, b, c] = [
      await addMarker(eventId, { timeSeconds: 30 }),
      await addMarker(eventId, { timeSeconds: 10 }),
      await addMarker(eventId, { timeSeconds: 20 }),
    ];
    const watcher = await listen('clipOnly', eventId);
    const response = await ctx.request({
      method: 'PATCH',
      url: markerPaths.relationships(eventId),
      token: token('producer'),
      payload: {
        data: [
          { type: 'Marker', id: a?.id },
          { type: 'Marker', id: b?.id },
          { type: 'Marker', id: a?.id },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((marker: MarkerRecord) => marker.id)).toEqual([b?.id, a?.id]);
    const deleted = await watcher.waitFor((message) => message.type === MARKER_EVENTS.deleted);
    expect(deleted).toMatchObject({ topic: eventTopic(eventId), payload: { marker: { id: c?.id, eventId } } });

    const empty = await ctx.request({
      method: 'PATCH',
      url: markerPaths.relationships(eventId),
      token: token('producer'),
      payload: { data: [] },
    });
    expect(empty.json()).toEqual({ data: [] });
  });

  it('refuses ids that are not markers of this event, changing nothing', async () => {
    const eventId = await newEvent();
    const otherEvent = await newEvent();
    const mine = await addMarker(eventId, { timeSeconds: 1 });
    const elsewhere = await addMarker(otherEvent, { timeSeconds: 1 });
    const response = await ctx.request({
      method: 'PATCH',
      url: markerPaths.relationships(eventId),
      token: token('producer'),
      payload: { data: [{ type: 'Marker', id: elsewhere.id }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(renderMessage(CRUD_MESSAGES.unknownLinked('markers', [elsewhere.id])));
    const list = await ctx.request({ url: markerPaths.markers(eventId), token: token('producer') });
    expect(list.json().data.map((marker: MarkerRecord) => marker.id)).toEqual([mine.id]);
    for (const payload of [{ data: [{ type: 'Challenger', id: mine.id }] }, { data: [{ id: mine.id }] }, {}]) {
      const bad = await ctx.request({
        method: 'PATCH',
        url: markerPaths.relationships(eventId),
        token: token('producer'),
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('realtime', () => {
  it("publishes every marker change on /admin/{eventId} to the account's other clients only", async () => {
    const eventId = await newEvent();
    const second = await listen('liveClipper', eventId);
    const otherAccount = await listen('producerB', eventId);
    const created = await addMarker(eventId, { label: 'Corner', timeSeconds: 42 });
    const message = await second.waitFor((received) => received.type === MARKER_EVENTS.created);
    expect(message).toEqual({ topic: eventTopic(eventId), type: MARKER_EVENTS.created, payload: { marker: created } });

    const put = await ctx.request({
      method: 'PUT',
      url: markerPaths.marker(eventId, created.id),
      token: token('producer'),
      payload: { label: 'Corner kick' },
    });
    const updated = await second.waitFor((received) => received.type === MARKER_EVENTS.updated);
    expect(updated.payload).toEqual({ marker: put.json() });

    await ctx.request({ method: 'DELETE', url: markerPaths.marker(eventId, created.id), token: token('producer') });
    const deleted = await second.waitFor((received) => received.type === MARKER_EVENTS.deleted);
    expect(deleted.payload).toMatchObject({ marker: { id: created.id, label: 'Corner kick' } });
    // Another account's client named the same topic: it hears nothing of account A.
    expect(otherAccount.events()).toEqual([]);
  });
});
