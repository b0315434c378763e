import { clipPaths } from '@regie/contract/clips';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { type EventReplayResponse, type MarkerRecord, markerPaths } from '@regie/contract/markers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipSkins } from '../src/db/clip-skins.table.ts';
import { events } from '../src/db/events.table.ts';
import { DEMO_MATCH_NAME } from '../src/seed/markers.seed.ts';
import { DEMO_VIDEO, seedDemoVideo } from '../src/seed/video.seed.ts';
import { type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/** The club's demo match: markers of several types in its replay, and two clips cut from its goals. */

let ctx: VideoTestContext;
const log = { info() {}, error() {}, warn() {} };

beforeAll(async () => {
  ctx = await videoTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe('the demo match', () => {
  it('has markers of several types in its replay, and two clips from its goals that end ready', async () => {
    const [match] = await ctx.db.select().from(events).where(eq(events.name, DEMO_MATCH_NAME));
    const eventId = match?.id ?? 0;
    const producer = await ctx.login('producer', DEMO_PASSWORD);
    const before = await ctx.request({ url: markerPaths.replay(eventId), token: producer });
    expect(before.json()).toEqual({ video: null });

    await seedDemoVideo(ctx.db, ctx.storage, ctx.dir, log);
    const markers = (await ctx.request({ url: markerPaths.markers(eventId), token: producer })).json<{
      data: MarkerRecord[];
    }>().data;
    expect(markers.length).toBeGreaterThanOrEqual(5);
    expect(new Set(markers.map((marker) => marker.markerTypeId)).size).toBeGreaterThanOrEqual(4);
    expect(markers.every((marker) => marker.timeSeconds < DEMO_VIDEO.seconds)).toBe(true);

    ctx.workers();
    const listed = await ctx.request({ url: clipPaths.eventClips(eventId), token: producer });
    const clips: { id: number; clip: { markerId: number } }[] = listed.json().data;
    expect(clips).toHaveLength(2);
    for (const clip of clips) {
      const done = await waitForVideo(ctx, clip.id, ['ready', 'failed'], 400_000);
      expect(done.failureReason).toBeNull();
      expect(done.state).toBe('ready');
    }
    expect(clips.map((clip) => clip.clip.markerId).sort()).toEqual(
      markers
        .filter((marker) => marker.durationSeconds !== null && marker.durationSeconds >= 2)
        .map((marker) => marker.id)
        .sort(),
    );
    const replay = await ctx.request({ url: markerPaths.replay(eventId), token: producer });
    expect(replay.statusCode).toBe(200);
    const { video } = replay.json<EventReplayResponse>();
    expect(video).toMatchObject({ title: DEMO_VIDEO.title });
    // A clip from a marker takes a skin of the account instead of its template's.
    const [skin] = await ctx.db.select().from(clipSkins).where(eq(clipSkins.name, 'Matchday overlay'));
    const goal = markers.find((marker) => marker.durationSeconds === 3);
    const skinned = await ctx.request({
      method: 'POST',
      url: `${clipPaths.markerClips(eventId, goal?.id ?? 0)}?offset=1`,
      token: producer,
      payload: { clipTemplateId: null, clipSkinId: skin?.id },
    });
    expect(skinned.statusCode, skinned.body).toBe(202);
    expect(skinned.json().video.clip).toMatchObject({ clipSkinId: skin?.id, markerId: goal?.id, eventId });
    const unknownSkin = await ctx.request({
      method: 'POST',
      url: clipPaths.markerClips(eventId, goal?.id ?? 0),
      token: producer,
      payload: { clipSkinId: 999_999 },
    });
    expect(unknownSkin.statusCode).toBe(400);
    // Another account's user does not see the match.
    expect((await ctx.request({ url: markerPaths.replay(eventId), token: ctx.tokens.writerB })).statusCode).toBe(403);
  }, 600_000);
});
