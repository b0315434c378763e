import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { lifecyclePaths } from '@regie/contract/lifecycle';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentCameras, contentLives, programSwitches } from '../src/db/cameras.table.ts';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { events } from '../src/db/events.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { liveInputs, liveSegments } from '../src/db/live.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertMarker, PRODUCER_GRANTS, signIn } from './insights-fixtures.ts';

/**
 * The public player's states (contract EMBED_STATES): upcoming, live, preparing, replay, and
 * unavailable with its reason, through a real match night (start-live, the program's segments,
 * end-live and its replay job) and for a conference.
 */

let ctx: TestContext;
let producer: { token: string; accountId: number; accountKey: string };

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await signIn(ctx, PRODUCER_GRANTS);
});
afterAll(() => ctx.close());

async function tokenOf(kind: 'events' | 'business-players', id: number, token = producer.token): Promise<string> {
  const url = kind === 'events' ? embedPaths.eventEmbed(id) : embedPaths.conferenceEmbed(id);
  const response = await ctx.request({ url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

async function read(token: string): Promise<EmbedPlayerResponse> {
  const response = await ctx.request({ url: embedPaths.player(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * The player's answer once it is in `state`: an answer is kept a second (the crowd's micro-cache),
 * so a change written straight to the database shows within that second.
 */
function player(token: string, state: EmbedPlayerResponse['state']): Promise<EmbedPlayerResponse> {
  return vi.waitFor(
    async () => {
      const answer = await read(token);
      expect(answer.state).toBe(state);
      return answer;
    },
    { timeout: 5_000, interval: 100 },
  );
}

/** The same, once the answer matches `expected`. */
function playerMatching(token: string, expected: Record<string, unknown>): Promise<EmbedPlayerResponse> {
  return vi.waitFor(
    async () => {
      const answer = await read(token);
      expect(answer).toMatchObject(expected);
      return answer;
    },
    { timeout: 5_000, interval: 100 },
  );
}

async function transition(id: number, name: 'start-live' | 'process-end-live', payload?: object): Promise<void> {
  const response = await ctx.request({
    method: 'POST',
    url: lifecyclePaths.transition('events', id, name),
    token: producer.token,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A camera (a live input) filming the event. */
async function camera(eventId: number, accountId = producer.accountId): Promise<number> {
  const [input] = await ctx.db
    .insert(liveInputs)
    .values({ accountId, name: 'Main', streamKey: `rk_embed_${eventId}_${Date.now()}` })
    .returning({ id: liveInputs.id });
  const inputId = input?.id ?? 0;
  await ctx.db.insert(contentCameras).values({ accountId, eventId, inputId, label: 'Main', position: 0 });
  return inputId;
}

/** Two-second segments of an input, the first starting at `from`. */
async function record(inputId: number, from: Date, count: number): Promise<void> {
  await ctx.db.insert(liveSegments).values(
    Array.from({ length: count }, (_, sequence) => ({
      inputId,
      sequence,
      startedAt: new Date(from.getTime() + sequence * 2000),
      duration: 2,
      path: `live/${inputId}/${sequence}.ts`,
      bytes: 1000,
      discontinuity: sequence === 0,
    })),
  );
}

describe('an event through its match night', () => {
  it('counts down, plays the live from its program, shows the replay being prepared, then the replay', async () => {
    const kickOff = new Date(Date.now() + 3 * 3600_000);
    const eventId = await insertEvent(ctx, producer.accountId, {
      name: 'Derby night',
      state: 'upcoming',
      startsAt: kickOff,
    });
    const inputId = await camera(eventId);
    const token = await tokenOf('events', eventId);

    expect(await player(token, 'upcoming')).toEqual({
      state: 'upcoming',
      available: false,
      title: 'Derby night',
      posterUrl: null,
      startsAt: kickOff.toISOString(),
      access: null,
    });

    // Live, but the camera sends nothing yet (the producer confirmed going live without it).
    await transition(eventId, 'start-live', { withoutCamera: true });
    expect(await player(token, 'unavailable')).toEqual({
      state: 'unavailable',
      available: false,
      reason: 'no_camera',
      title: 'Derby night',
    });

    // The camera has been sending for a minute (the live and its switch moved back to match).
    const started = new Date(Date.now() - 61_000);
    await ctx.db.update(contentLives).set({ startedAt: started }).where(eq(contentLives.eventId, eventId));
    await ctx.db.update(programSwitches).set({ at: started }).where(eq(programSwitches.eventId, eventId));
    const firstSegment = new Date(started.getTime() + 500);
    await record(inputId, firstSegment, 30);
    await insertMarker(ctx, producer.accountId, eventId, { label: 'Goal', timeSeconds: 42 });
    const live = await playerMatching(token, { state: 'live', chapters: [{ title: 'Goal', startSeconds: 42 }] });
    if (live.state !== 'live') throw new Error(`expected live, got ${JSON.stringify(live)}`);
    expect(live).toMatchObject({
      available: true,
      title: 'Derby night',
      liveOrigin: firstSegment.toISOString(),
      chapters: [{ title: 'Goal', startSeconds: 42 }],
    });
    // The program's DVR playlist, signed with the live's own signer: it plays.
    expect(live.hlsUrl).toMatch(/\/program\/events\/\d+\/dvr\.m3u8\?t=/);
    const playlist = await ctx.request({ url: String(live.hlsUrl).replace(/^https?:\/\/[^/]+/, '') });
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.body).toContain('#EXT-X-PROGRAM-DATE-TIME');
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    expect(playlist.body.match(/\.ts\?t=/g)).toHaveLength(30);

    // End of live: the replay job is queued and has not started yet.
    await transition(eventId, 'process-end-live');
    expect(await player(token, 'preparing')).toEqual({
      state: 'preparing',
      available: false,
      title: 'Derby night',
      posterUrl: null,
      progress: 0,
      secondsLeft: null,
    });

    // Half of the joining done, 30 s after it started: 7 % of the whole, the rest at that rate.
    const [event] = await ctx.db.select({ videoId: events.videoId }).from(events).where(eq(events.id, eventId));
    const replayId = event?.videoId ?? 0;
    await ctx.db
      .update(jobs)
      .set({ state: 'in_progress', progress: 50, runAt: new Date(Date.now() - 30_000) })
      .where(and(eq(jobs.resourceId, String(replayId)), eq(jobs.type, LIVE_JOB_TYPES.replay)));
    const halfway = await playerMatching(token, { state: 'preparing', progress: 7 });
    if (halfway.state !== 'preparing') throw new Error(`expected preparing, got ${halfway.state}`);
    expect(halfway.progress).toBe(7);
    // 30 s for 7 %: about 400 s for the remaining 93 % (a little more as the test runs).
    expect(halfway.secondsLeft).toBeGreaterThanOrEqual(398);
    expect(halfway.secondsLeft).toBeLessThan(460);

    // The encode ended: the replay plays, with the markers as chapters.
    await ctx.db
      .update(videos)
      .set({ state: 'ready', hlsKey: `videos/${producer.accountId}/${replayId}/hls/master.m3u8`, duration: 60 })
      .where(eq(videos.id, replayId));
    expect(await player(token, 'replay')).toMatchObject({
      state: 'replay',
      available: true,
      title: 'Derby night',
      durationSeconds: 60,
      chapters: [{ title: 'Goal', startSeconds: 42 }],
    });
  });

  it('says when a live has no camera at all, and never opens the live of an event not published', async () => {
    const id = await insertEvent(ctx, producer.accountId, { state: 'live', published: false });
    const inputId = await camera(id);
    await ctx.db
      .insert(programSwitches)
      .values({ accountId: producer.accountId, eventId: id, inputId, at: new Date(Date.now() - 30_000) });
    await record(inputId, new Date(Date.now() - 29_000), 5);
    const token = await tokenOf('events', id);
    expect(await player(token, 'unavailable')).toEqual({
      state: 'unavailable',
      available: false,
      reason: 'not_published',
      title: null,
    });
    await ctx.db.update(events).set({ published: true }).where(eq(events.id, id));
    await player(token, 'live');
    const bare = await insertEvent(ctx, producer.accountId, { state: 'live' });
    expect(await player(await tokenOf('events', bare), 'unavailable')).toMatchObject({ reason: 'no_camera' });
  });
});

describe('the embed switch and tenancy', () => {
  it('is off for an event of an account offering the switch until the event turns it on', async () => {
    const club = await signIn(ctx, { ...PRODUCER_GRANTS, modules: [...PRODUCER_GRANTS.modules, 'EMBED'] });
    const id = await insertEvent(ctx, club.accountId, { state: 'upcoming' });
    const token = await tokenOf('events', id, club.token);
    expect(await player(token, 'unavailable')).toEqual({
      state: 'unavailable',
      available: false,
      reason: 'embed_off',
      title: null,
    });
    await ctx.db
      .update(events)
      .set({ activatedModules: ['EMBED'] })
      .where(eq(events.id, id));
    await player(token, 'upcoming');
  });

  it("answers not_found once the content is another account's, and 404 to the other account's staff", async () => {
    const other = await signIn(ctx, PRODUCER_GRANTS);
    const id = await insertEvent(ctx, producer.accountId, { state: 'upcoming' });
    const token = await tokenOf('events', id);
    await player(token, 'upcoming');
    expect((await ctx.request({ url: embedPaths.eventEmbed(id), token: other.token })).statusCode).toBe(404);
    // The token names our account: moved to theirs, the event is not found through it.
    await ctx.db.update(events).set({ accountId: other.accountId }).where(eq(events.id, id));
    expect(await player(token, 'unavailable')).toEqual({
      state: 'unavailable',
      available: false,
      reason: 'not_found',
      title: null,
    });
  });
});

describe('a conference', () => {
  it('counts down, then says it is live without a camera, like an event', async () => {
    const desk = await signIn(ctx, { roles: ['conf_player_write'], modules: ['BUSINESS_PLAYERS'] });
    const startsAt = new Date(Date.now() + 3600_000);
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Keynote', accountId: desk.accountId, startsAt, state: 'upcoming', published: true })
      .returning({ id: businessPlayers.id });
    const id = conference?.id ?? 0;
    const token = await tokenOf('business-players', id, desk.token);
    expect(await player(token, 'upcoming')).toMatchObject({ title: 'Keynote', startsAt: startsAt.toISOString() });
    await ctx.db.update(businessPlayers).set({ state: 'live' }).where(eq(businessPlayers.id, id));
    expect(await player(token, 'unavailable')).toMatchObject({ reason: 'no_camera', title: 'Keynote' });
    await ctx.db.update(businessPlayers).set({ published: false }).where(eq(businessPlayers.id, id));
    expect(await playerMatching(token, { reason: 'not_published' })).toMatchObject({ title: null });
  });
});
