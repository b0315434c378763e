import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CLIP_MESSAGES, clipPaths } from '@regie/contract/clips';
import type { ClipResponse, LiveWindowResponse } from '@regie/contract/clips.schemas';
import { conferencePaths } from '@regie/contract/conferences';
import { lifecyclePaths } from '@regie/contract/lifecycle';
import { LIVE_JOB_TYPES, type LiveInput, livePaths } from '@regie/contract/live';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCameras } from '../src/db/cameras.table.ts';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { events, markers } from '../src/db/events.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { liveSegments } from '../src/db/live.table.ts';
import { purgeReplacedMediaJob, REPLACED_MEDIA_KEPT_MS } from '../src/videos/videos.purge.job.ts';
import { makeColourPng, near, pixelAt, uploadSkinImage, videoSeconds } from './clips-fixtures.ts';
import { jobRow, waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

const run = promisify(execFile);
let ctx: VideoTestContext;
const publishers: TestPublisher[] = [];
const token = (name: string) => ctx.tokens[name] ?? '';
let eventId: number;
let inputId: number;
const FRAME = 1 / 25;

async function probe(file: string): Promise<{ duration: number; streams: string[] }> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json'],
    file,
  ]);
  const parsed = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string }[] };
  return { duration: Number.parseFloat(parsed.format.duration), streams: parsed.streams.map((s) => s.codec_type) };
}

const clip = (url: string, as: string, payload: object) =>
  ctx.request({ method: 'POST', url, token: token(as), payload });

/** Seconds of the event's program indexed so far. */
async function recordedSeconds(): Promise<number> {
  const rows = await ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, inputId));
  return rows.reduce((sum, row) => sum + row.duration, 0);
}

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('clipperA', ctx.accountA, [
    'use_stream',
    'sport_player_write',
    'conf_player_write',
    'video_write',
    'liveclipping_write',
  ]);
  await ctx.user('clipperB', ctx.accountB, ['use_stream', 'sport_player_write', 'video_write']);
  await ctx.user('operatorA', ctx.accountA, ['use_stream', 'sport_player_write']);
  ctx.workers();
  const created = await ctx.request({
    method: 'POST',
    url: livePaths.list,
    token: token('clipperA'),
    payload: { name: 'Wide', latencyMode: '1s' },
  });
  const input = created.json<LiveInput>();
  inputId = input.id;
  const key = await ctx.request({ url: livePaths.key(input.id), token: token('clipperA') });
  const [event] = await ctx.db
    .insert(events)
    .values({ name: 'Semi-final', accountId: ctx.accountA.id, state: 'upcoming' })
    .returning({ id: events.id });
  eventId = event?.id ?? 0;
  await ctx.db.insert(contentCameras).values({ accountId: ctx.accountA.id, eventId, inputId, label: 'Wide' });
  const started = await ctx.request({
    method: 'POST',
    url: lifecyclePaths.transition('events', eventId, 'start-live'),
    // No encoder publishes here: going live without a camera receiving is confirmed.
    payload: { withoutCamera: true },
    token: token('clipperA'),
  });
  expect(started.statusCode, started.body).toBe(200);
  // Still pushing while the clips are made: a live with a growing window.
  publishers.push(publishTestStream(`${input.ingestUrl}/${key.json<{ streamKey: string }>().streamKey}`, 40));
  await waitFor(async () => (await recordedSeconds()) >= 8, {
    timeoutMs: 30_000,
    intervalMs: 200,
    what: 'eight seconds of the live recorded',
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await ctx.cleanup();
});

/** The copy's job is done just after it made the video ready: its result names the render. */
function copyDone(jobId: number) {
  return waitFor(
    async () => {
      const row = await jobRow(ctx.db, jobId);
      return row?.state === 'done' ? row : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 50, what: 'the instant copy job to be done' },
  );
}

describe('clipping a live', () => {
  it('makes a segment copy playable at once, then the exact cut replaces it', async () => {
    const response = await clip(clipPaths.liveClips('events', eventId), 'clipperA', {
      inSeconds: 2.5,
      outSeconds: 5.7,
    });
    expect(response.statusCode, response.body).toBe(202);
    const { video, job } = response.json<ClipResponse>();
    expect(job.type).toBe(LIVE_JOB_TYPES.clip);
    expect(video).toMatchObject({ state: 'processing', title: 'Semi-final – live clip' });

    // Phase 1: ready (playable) on the instant copy, whole segments around the range, before the
    // exact cut exists (how fast: bench:live's "instant clip → playable").
    const copy = await waitForVideo(ctx, video.id, ['ready', 'failed'], 20_000);
    expect(copy.state, copy.failureReason ?? '').toBe('ready');
    expect(copy.hlsKey).toMatch(/hls\/copy\//);
    const master = ctx.storage.localPath(copy.hlsKey ?? '') ?? '';
    const played = await probe(master);
    expect(played.streams).toEqual(expect.arrayContaining(['video', 'audio']));
    expect(played.duration).toBeGreaterThanOrEqual(3.2 - 0.05);
    expect(played.duration).toBeLessThanOrEqual(3.2 + 2 * 1 + 0.1);
    const presented = await ctx.request({ url: `/main-api/videos/${video.id}`, token: token('clipperA') });
    expect(presented.json<{ playback: { hlsUrl: string } | null }>().playback?.hlsUrl).toBeTruthy();

    // Phase 2: the frame-accurate cut, encoded into the same video, of the exact duration; the
    // video stays ready (on the copy) all along.
    const states = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const row = await videoRow(ctx, video.id);
        if (row) states.add(row.state);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const first = await copyDone(job.id);
    const renderId = Number((first.result as { renderJobId?: number } | null)?.renderJobId);
    const render = await waitFor(
      async () => {
        const row = await jobRow(ctx.db, renderId);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the render phase to finish' },
    );
    expect(render.state, render.lastError ?? '').toBe('done');
    expect(render.type).toBe(LIVE_JOB_TYPES.clipRender);
    const encodeId = Number((render.result as { encodeJobId?: number } | null)?.encodeJobId);
    await waitFor(async () => (await jobRow(ctx.db, encodeId))?.state === 'done', {
      timeoutMs: 60_000,
      intervalMs: 100,
      what: 'the encode of the cut',
    });
    watching = false;
    await watch;
    expect([...states]).toEqual(['ready']);
    const final = await videoRow(ctx, video.id);
    expect(final?.state).toBe('ready');
    expect(final?.filename).toBe('clip.mp4');
    expect(Math.abs((final?.duration ?? 0) - 3.2)).toBeLessThan(0.1);
    expect(final?.hlsKey).not.toBe(copy.hlsKey);
    // The copy still plays for a page that loaded it before the swap; its removal is scheduled
    // an hour on, then it goes, and only it.
    expect(await ctx.storage.exists(copy.hlsKey ?? '')).toBe(true);
    const [purge] = await ctx.db.select().from(jobs).where(eq(jobs.type, VIDEO_JOB_TYPES.purgeReplaced));
    expect(purge?.state).toBe('waiting');
    expect(purge?.resourceType).toBeNull();
    expect((purge?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(REPLACED_MEDIA_KEPT_MS - 60_000);
    await purgeReplacedMediaJob.run(
      { db: ctx.db, storage: ctx.storage } as unknown as Parameters<typeof purgeReplacedMediaJob.run>[0],
      purge?.payload,
    );
    expect(await ctx.storage.exists(copy.hlsKey ?? '')).toBe(false);
    expect(await ctx.storage.exists(final?.hlsKey ?? '')).toBe(true);
    const encoded = await probe(ctx.storage.localPath(final?.hlsKey ?? '') ?? '');
    expect(Math.abs(encoded.duration - 3.2)).toBeLessThan(0.15);
    const encodes = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, VIDEO_JOB_TYPES.encode), eq(jobs.resourceId, String(video.id))));
    expect(encodes).toHaveLength(1);
  }, 90_000);

  it('dresses the exact cut in its skin in phase 2 (pre-roll, overlay, post-roll)', async () => {
    const producer = token('clipperA');
    const [overlayKey, preRollKey, postRollKey] = [
      await uploadSkinImage(ctx, producer, await makeColourPng(ctx.dir, 'red')),
      await uploadSkinImage(ctx, producer, await makeColourPng(ctx.dir, 'blue')),
      await uploadSkinImage(ctx, producer, await makeColourPng(ctx.dir, 'lime')),
    ];
    const skin = await ctx.request({
      method: 'POST',
      url: '/main-api/clip-skins',
      token: producer,
      payload: {
        name: 'Live night',
        overlayKey,
        preRollKey,
        postRollKey,
        overlayPosition: 'top-right',
        rollSeconds: 0.4,
      },
    });
    expect(skin.statusCode, skin.body).toBe(201);
    const response = await clip(clipPaths.liveClips('events', eventId), 'clipperA', {
      inSeconds: 1.2,
      outSeconds: 2.8,
      clipSkinId: skin.json<{ id: number }>().id,
      title: 'Kick-off',
    });
    expect(response.statusCode, response.body).toBe(202);
    const { video, job } = response.json<ClipResponse>();
    expect(video.title).toBe('Kick-off');
    const copy = await waitForVideo(ctx, video.id, ['ready', 'failed'], 5_000);
    expect(copy.state, copy.failureReason ?? '').toBe('ready');
    const copied = await copyDone(job.id);
    const renderId = Number((copied.result as { renderJobId?: number }).renderJobId);
    const render = await waitFor(
      async () => {
        const row = await jobRow(ctx.db, renderId);
        return row?.state === 'done' || row?.state === 'failed' ? row : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the skinned render' },
    );
    expect(render.state, render.lastError ?? '').toBe('done');
    expect(render.result).toMatchObject({ mode: 'skinned' });
    const original = ctx.storage.localPath((await videoRow(ctx, video.id))?.originalKey ?? '') ?? '';
    expect(Math.abs((await videoSeconds(original)) - (0.4 + 1.6 + 0.4))).toBeLessThanOrEqual(FRAME);
    // The overlay (top-right of 320×180) is red over the cut only; the rolls are blue and green.
    expect(near(await pixelAt(original, 1.25, 278, 28), [255, 0, 0])).toBe(true);
    expect(near(await pixelAt(original, 0.2, 160, 90), [0, 0, 255])).toBe(true);
    expect(near(await pixelAt(original, 2.25, 160, 90), [0, 255, 0])).toBe(true);
    await waitForVideo(ctx, video.id, ['ready'], 60_000);
  }, 90_000);

  it('refuses a range outside the window, a reversed one, another account and a content not live', async () => {
    const recorded = await recordedSeconds();
    const beyond = await clip(clipPaths.liveClips('events', eventId), 'clipperA', {
      inSeconds: recorded + 30,
      outSeconds: recorded + 40,
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json<{ message: string }>().message).toMatch(/^The clip must lie within the live's recording window/);
    const reversed = await clip(clipPaths.liveClips('events', eventId), 'clipperA', { inSeconds: 5, outSeconds: 2 });
    expect(reversed.statusCode).toBe(400);
    const foreign = await clip(clipPaths.liveClips('events', eventId), 'clipperB', { inSeconds: 1, outSeconds: 2 });
    expect(foreign.statusCode).toBe(404);
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Panel', accountId: ctx.accountA.id, startsAt: new Date(), state: 'upcoming' })
      .returning({ id: businessPlayers.id });
    const notLive = await clip(clipPaths.liveClips('business-players', conference?.id ?? 0), 'clipperA', {
      inSeconds: 1,
      outSeconds: 2,
    });
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json<{ message: string }>().message).toBe(renderMessage(CLIP_MESSAGES.notLive));
  });

  it('tells the window and its origin to clippers and marker writers of the account only', async () => {
    const read = (as: string, kind: 'events' | 'business-players' = 'events', id = eventId) =>
      ctx.request({ url: clipPaths.liveWindow(kind, id), token: token(as) });
    const response = await read('clipperA');
    expect(response.statusCode, response.body).toBe(200);
    const window = response.json<LiveWindowResponse>();
    expect(window.fromSeconds).toBe(0);
    // The window ends where the indexed segments end (all of them belong to this live).
    expect(window.toSeconds).toBeGreaterThanOrEqual(8);
    expect(window.toSeconds).toBeLessThanOrEqual((await recordedSeconds()) + 0.05);
    const [first] = await ctx.db
      .select({ startedAt: liveSegments.startedAt })
      .from(liveSegments)
      .where(eq(liveSegments.inputId, inputId))
      .orderBy(liveSegments.startedAt)
      .limit(1);
    expect(window.origin).toBe(first?.startedAt.toISOString());
    expect((await read('clipperB')).statusCode).toBe(404);
    // A marker writer places markers at the program's frame: the origin is theirs to read too.
    expect((await read('operatorA')).statusCode).toBe(200);
    expect((await read('clipperA', 'events', 999_999)).statusCode).toBe(404);
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Round table', accountId: ctx.accountA.id, startsAt: new Date(), state: 'upcoming' })
      .returning({ id: businessPlayers.id });
    const notLive = await read('clipperA', 'business-players', conference?.id ?? 0);
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json<{ message: string }>().message).toBe(renderMessage(CLIP_MESSAGES.notLive));
  });

  it("cuts a marker's clip from the live while the event has no video yet", async () => {
    const [marker] = await ctx.db
      .insert(markers)
      .values({ eventId, accountId: ctx.accountA.id, label: 'Goal', timeSeconds: 4, durationSeconds: 1 })
      .returning({ id: markers.id });
    const response = await clip(clipPaths.markerClips(eventId, marker?.id ?? 0), 'clipperA', {});
    expect(response.statusCode, response.body).toBe(202);
    const { video, job } = response.json<ClipResponse>();
    expect(job.type).toBe(LIVE_JOB_TYPES.clip);
    expect(video.title).toBe('Goal');
    const row = await videoRow(ctx, video.id);
    // The template's default timings around the marker, kept inside what is recorded.
    expect(row?.clipInSeconds).toBeGreaterThanOrEqual(0);
    expect(row?.clipOutSeconds).toBeLessThanOrEqual(await recordedSeconds());
    expect(row?.clipMarkerId).toBe(marker?.id);
    const ready = await waitForVideo(ctx, video.id, ['ready', 'failed'], 5_000);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
  }, 30_000);

  it("lists a conference's live clip among the conference's clips", async () => {
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Keynote', accountId: ctx.accountA.id, startsAt: new Date(), state: 'upcoming' })
      .returning({ id: businessPlayers.id });
    const id = conference?.id ?? 0;
    await ctx.db
      .insert(contentCameras)
      .values({ accountId: ctx.accountA.id, conferenceId: id, inputId, label: 'Wide' });
    const started = await ctx.request({
      method: 'POST',
      url: lifecyclePaths.transition('business-players', id, 'start-live'),
      token: token('clipperA'),
    });
    expect(started.statusCode, started.body).toBe(200);
    await waitFor(
      async () => {
        const window = await ctx.request({
          url: clipPaths.liveWindow('business-players', id),
          token: token('clipperA'),
        });
        return window.statusCode === 200 && window.json<LiveWindowResponse>().toSeconds >= 2.5;
      },
      { timeoutMs: 15_000, intervalMs: 200, what: "three seconds of the conference's live" },
    );
    const response = await clip(clipPaths.liveClips('business-players', id), 'clipperA', {
      inSeconds: 0.5,
      outSeconds: 2,
      title: 'Opening words',
    });
    expect(response.statusCode, response.body).toBe(202);
    const { video } = response.json<ClipResponse>();
    const listed = await ctx.request({ url: conferencePaths.clips(id), token: token('clipperA') });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { id: number; title: string }[] }>().data).toEqual([
      expect.objectContaining({ id: video.id, title: 'Opening words' }),
    ]);
    const ready = await waitForVideo(ctx, video.id, ['ready', 'failed'], 5_000);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
  }, 30_000);
});
