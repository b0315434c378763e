import { MODULE_CODES } from '@regie/contract/modules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/videos.table.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

/** Clip templates, events and markers beyond what the generated resource tests check. */

let ctx: TestContext;
let accountA: BuiltAccount;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  accountA = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const accountB = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const user = async (name: string, account: BuiltAccount, roles: Parameters<TestContext['buildUser']>[0]) => {
    const built = await ctx.buildUser({ accountId: account.id, ...roles });
    tokens[name] = await ctx.login(built.username, built.password);
  };
  await user('clipper', accountA, { roles: ['liveclipping_write'] });
  await user('clipOnly', accountA, { roles: ['clip_only'] });
  await user('producer', accountA, { roles: ['sport_player_write'] });
  await user('producerB', accountB, { roles: ['sport_player_write', 'liveclipping_write'] });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: unknown) =>
  ctx.request({ method, url, token: tokens[as] ?? '', ...(payload === undefined ? {} : { payload }) });

describe('clip templates', () => {
  it('keeps at most one default per account: setting one clears the others', async () => {
    const first = await call('POST', '/main-api/clip-templates', 'clipper', { name: 'Goals', isDefault: true });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ secondsBefore: 10, secondsAfter: 5, clipSkinId: null, isDefault: true });
    const second = await call('POST', '/main-api/clip-templates', 'clipper', { name: 'Saves', isDefault: true });
    expect(second.statusCode).toBe(201);
    const defaults = async () =>
      (await call('GET', '/main-api/clip-templates?isDefault=true', 'clipper'))
        .json()
        .data.map((row: { name: string }) => row.name);
    expect(await defaults()).toEqual(['Saves']);
    const back = await call('PUT', `/main-api/clip-templates/${first.json().id}`, 'clipper', { isDefault: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(await defaults()).toEqual(['Goals']);
    // Another account's default is its own business.
    await call('POST', '/main-api/clip-templates', 'producerB', { name: 'Goals', isDefault: true });
    expect(await defaults()).toEqual(['Goals']);
  });

  it('refuses timings out of range, a duplicate name and a skin of another account', async () => {
    const tooLong = await call('POST', '/main-api/clip-templates', 'clipper', { name: 'Long', secondsBefore: 121 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].path).toBe('secondsBefore');
    expect((await call('POST', '/main-api/clip-templates', 'clipper', { name: 'Goals' })).statusCode).toBe(409);
    const skinB = await call('POST', '/main-api/clip-skins', 'producerB', { name: 'B skin' });
    const borrowed = await call('POST', '/main-api/clip-templates', 'clipper', {
      name: 'Borrowed',
      clipSkinId: skinB.json().id,
    });
    expect(borrowed.statusCode).toBe(400);
  });

  it('lets clip-only users read templates and write them; producers without clipping cannot', async () => {
    expect((await call('GET', '/main-api/clip-templates', 'clipOnly')).statusCode).toBe(200);
    expect((await call('GET', '/main-api/clip-templates', 'producer')).statusCode).toBe(403);
  });
});

describe('events and their markers', () => {
  it('are written by producers, read by clippers, and nested per event', async () => {
    const event = await call('POST', '/main-api/events', 'producer', { name: 'Derby' });
    expect(event.statusCode, event.body).toBe(201);
    // A new event starts now unless told (the events list sorts by the start).
    expect(event.json()).toMatchObject({
      state: 'replay',
      videoId: null,
      activatedModules: [],
      startsAt: expect.any(String),
    });
    const eventId = event.json().id;
    expect((await call('POST', '/main-api/events', 'clipper', { name: 'Not mine to make' })).statusCode).toBe(403);
    expect((await call('GET', `/main-api/events/${eventId}`, 'clipOnly')).statusCode).toBe(200);

    const marker = await call('POST', `/main-api/events/${eventId}/markers`, 'clipper', {
      label: 'Goal',
      timeSeconds: 61.5,
    });
    expect(marker.statusCode, marker.body).toBe(201);
    expect(marker.json()).toMatchObject({ eventId, markerTypeId: null, durationSeconds: null });
    const markerUrl = `/main-api/events/${eventId}/markers/${marker.json().id}`;
    expect((await call('PUT', markerUrl, 'producer', { timeSeconds: 62 })).json().timeSeconds).toBe(62);
    expect((await call('POST', `/main-api/events/${eventId}/markers`, 'clipOnly', { timeSeconds: 1 })).statusCode).toBe(
      403,
    );
    const negative = await call('POST', `/main-api/events/${eventId}/markers`, 'producer', { timeSeconds: -1 });
    expect(negative.statusCode).toBe(400);

    const other = await call('POST', '/main-api/events', 'producer', { name: 'Another match' });
    expect(
      (await call('GET', `/main-api/events/${other.json().id}/markers/${marker.json().id}`, 'producer')).statusCode,
    ).toBe(404);
    expect((await call('GET', `/main-api/events/${eventId}/markers`, 'producerB')).statusCode).toBe(404);
    expect((await call('GET', `/main-api/events/${eventId}?expand=[Markers]`, 'producer')).json().Markers).toHaveLength(
      1,
    );
    expect((await call('DELETE', markerUrl, 'producer')).statusCode).toBe(204);
  });

  it("refuses another account's video as the event's replay", async () => {
    const [video] = await ctx.db.insert(videos).values({ title: 'A replay', accountId: accountA.id }).returning();
    const own = await call('POST', '/main-api/events', 'producer', { name: 'Own replay', videoId: video?.id });
    expect(own.statusCode, own.body).toBe(201);
    const response = await call('POST', '/main-api/events', 'producerB', {
      name: 'Borrowed replay',
      videoId: video?.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('videoId');
  });
});
