import { type ClipRuleRun, clipRulePaths } from '@regie/contract/clip-rules';
import { clipPaths } from '@regie/contract/clips';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { type EventReplayResponse, type MarkerRecord, markerPaths } from '@regie/contract/markers';
import { type EventMatchStatsResponse, matchEventPaths } from '@regie/contract/match-events';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepClipRules } from '../src/clip-rules/clip-rules.service.ts';
import { challengers } from '../src/db/actors.table.ts';
import { clipRules } from '../src/db/clip-rules.table.ts';
import { clipSkins } from '../src/db/clip-skins.table.ts';
import { rounds, seasons } from '../src/db/competitions.table.ts';
import { events } from '../src/db/events.table.ts';
import { seasonFixtures } from '../src/db/feeds.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { DEMO_FEED_MATCH, DEMO_FEED_RULE } from '../src/seed/import.seed.ts';
import { DEMO_MATCH_NAME } from '../src/seed/markers.seed.ts';
import { DEMO_SKIN_NAME } from '../src/seed/skin.seed.ts';
import { DEMO_VIDEO, seedDemoVideo } from '../src/seed/video.seed.ts';
import { waitFor } from './jobs-fixtures.ts';
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
    const [skin] = await ctx.db.select().from(clipSkins).where(eq(clipSkins.name, DEMO_SKIN_NAME));
    // The club's matchday skin is dressed with its crest, made at start.
    expect(skin).toMatchObject({ overlayPosition: 'bottom-right', preRollKey: null, postRollKey: null });
    expect(skin?.overlayKey).toMatch(/^\d+\/skin\/demo-matchday-crest\.png$/);
    expect(await ctx.storage.exists(skin?.overlayKey ?? '')).toBe(true);
    // The goal clips wear it; cut from the demo video, their other aspects come from its range.
    const [dressed] = await ctx.db
      .select()
      .from(videos)
      .where(and(eq(videos.clipSkinId, skin?.id ?? 0), eq(videos.clipEventId, eventId)));
    expect(dressed).toMatchObject({ clipCleanKey: null });
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

  it("took its season from a feed, and the recorded match's markers too: the rule clipped its two goals", async () => {
    const producer = await ctx.login('producer', DEMO_PASSWORD);
    // The season's dozen fixtures, from the hand-made football.json: a new team, two new matchdays.
    const [season] = await ctx.db.select().from(seasons).where(eq(seasons.name, '2026-2027'));
    const fixtures = await ctx.db
      .select()
      .from(seasonFixtures)
      .where(eq(seasonFixtures.seasonId, season?.id ?? 0));
    expect(fixtures).toHaveLength(12);
    expect(new Set(fixtures.map((fixture) => fixture.provider))).toEqual(new Set(['openfootball']));
    expect(await ctx.db.select().from(challengers).where(eq(challengers.name, 'Castleton Albion'))).toHaveLength(1);
    const matchdays = await ctx.db
      .select({ name: rounds.name })
      .from(rounds)
      .where(eq(rounds.seasonId, season?.id ?? 0));
    expect(matchdays.map((round) => round.name).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Matchday ${n}`));

    // The recorded match: its replay is the demo video (stored by the first test), its markers the events file's.
    const [match] = await ctx.db.select().from(events).where(eq(events.name, DEMO_FEED_MATCH.name));
    const eventId = match?.id ?? 0;
    expect(fixtures.find((fixture) => fixture.eventId === eventId)).toBeDefined();
    const listed = await ctx.request({ url: markerPaths.markers(eventId), token: producer });
    expect(listed.statusCode, listed.body).toBe(200);
    const markers = listed.json<{ data: MarkerRecord[] }>().data;
    expect(markers.map((marker) => [marker.label, marker.timeSeconds])).toEqual([
      [expect.stringContaining('Jordan Miles'), 5],
      [expect.stringContaining('Leo Hart'), 8.5],
      [expect.stringContaining('Luca Bernardi'), 13.5],
      [expect.stringContaining('Samir Aziz'), 17.5],
    ]);
    const stats = await ctx.request({ url: matchEventPaths.matchStats(eventId), token: producer });
    expect(stats.json<EventMatchStatsResponse>()).toMatchObject({
      provider: 'statsbomb',
      home: { teamName: DEMO_FEED_MATCH.home, stats: { shots: 2, shotsOnTarget: 2 } },
      away: { teamName: DEMO_FEED_MATCH.away, stats: { shots: 1 } },
    });

    // The rule on the feed's goals: its runs wait for the replay's encode, then make one clip per
    // goal (the workers' sweep, or this one), published, and they end ready.
    const [rule] = await ctx.db.select().from(clipRules).where(eq(clipRules.name, DEMO_FEED_RULE));
    ctx.workers();
    const runsOf = async () =>
      (await ctx.request({ url: clipRulePaths.runs(rule?.id ?? 0), token: producer })).json<{ data: ClipRuleRun[] }>()
        .data;
    const made = await waitFor(
      async () => {
        await sweepClipRules(ctx.db);
        const runs = await runsOf();
        return runs.length === 2 && runs.every((run) => run.state !== 'waiting') ? runs : undefined;
      },
      { what: "the demo rule's two runs", timeoutMs: 400_000, intervalMs: 500 },
    );
    expect(made.map((run) => [run.markerLabel, run.state]).sort()).toEqual([
      [expect.stringContaining('Jordan Miles'), 'made'],
      [expect.stringContaining('Luca Bernardi'), 'made'],
    ]);
    const clips = (await ctx.request({ url: clipPaths.eventClips(eventId), token: producer })).json<{
      data: { id: number; published: boolean }[];
    }>().data;
    expect(clips).toHaveLength(2);
    expect(clips.every((clip) => clip.published)).toBe(true);
    for (const clip of clips) {
      const done = await waitForVideo(ctx, clip.id, ['ready', 'failed'], 400_000);
      expect(done.failureReason).toBeNull();
      expect(done.state).toBe('ready');
    }
  }, 600_000);
});
