import { join } from 'node:path';
import { CLIP_MESSAGES, clipPaths } from '@regie/contract/clips';
import type { ClipResponse } from '@regie/contract/clips.schemas';
import { jobPaths } from '@regie/contract/jobs';
import { renderMessage } from '@regie/contract/messages.render';
import { videoPaths } from '@regie/contract/videos';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeColourPng, near, pixelAt, uploadSkinImage, videoSeconds } from './clips-fixtures.ts';
import { waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/** One frame at 25 fps: how close a cut's length must be to what was asked. */
const FRAME = 1 / 25;

let ctx: VideoTestContext;
let sourceId: number;
const token = (name: string) => ctx.tokens[name] ?? '';

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  await ctx.user('clipperB', ctx.accountB, ['clip_only']);
  await ctx.user('producer', ctx.accountA, ['sport_player_write', 'liveclipping_write']);
  await ctx.user('downloader', ctx.accountA, ['video_download']);
  await ctx.user('ownOnly', ctx.accountA, ['own_videos_only', 'clip_only']);
  // 4 s at 25 fps, a keyframe every second (0, 1, 2, 3).
  const file = await makeTestVideo(join(ctx.dir, 'source.mp4'), { width: 320, height: 180, seconds: 4, gopFrames: 25 });
  const { completed } = await uploadVideo(ctx, token('writerA'), file, 'final.mp4');
  sourceId = completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, sourceId, ['ready']);
  await ctx.stopWorkers();
});
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

async function postClip(as: string, videoId: number, body: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: clipPaths.videoClips(videoId), token: token(as), payload: body });
}

/** Posts a clip, runs the workers until the clip video is ready; answers it, its original's path and the clip job. */
async function readyClip(body: Record<string, unknown>, as = 'clipper') {
  const response = await postClip(as, sourceId, body);
  expect(response.statusCode, response.body).toBe(202);
  const created = response.json<ClipResponse>();
  ctx.workers();
  await waitForVideo(ctx, created.video.id, ['ready']);
  const job = await waitForState(ctx.db, created.job.id, ['done']);
  const video = (await ctx.request({ url: videoPaths.video(created.video.id), token: token('writerA') })).json();
  const original = ctx.storage.localPath(video.originalKey) ?? '';
  return { created, video, job, original };
}

describe('POST /main-api/videos/{id}/clips', () => {
  it('copies the streams when both points fall on keyframes, and the clip gets its own HLS', async () => {
    const { created, video, job, original } = await readyClip({ inSeconds: 1, outSeconds: 3 });
    expect(created.video).toMatchObject({ state: 'processing', title: 'final – clip', playback: null });
    expect(created.video.clip).toMatchObject({
      sourceVideoId: sourceId,
      inSeconds: 1,
      outSeconds: 3,
      clipSkinId: null,
    });
    expect(created.job).toMatchObject({ type: 'video.clip', state: 'waiting', resourceType: 'Video' });
    expect(created.job.resourceId).toBe(String(created.video.id));
    expect(job.result).toMatchObject({ mode: 'copy' });
    expect(Math.abs((await videoSeconds(original)) - 2)).toBeLessThanOrEqual(FRAME);
    expect(video).toMatchObject({ state: 'ready', width: 320, height: 180 });
    expect(video.playback.hlsUrl).toMatch(/hls\/master\.m3u8/);
    expect(await ctx.storage.exists(video.hlsKey)).toBe(true);
  });

  it('re-encodes a cut between keyframes, to the frame', async () => {
    const { job, original } = await readyClip({ inSeconds: 0.52, outSeconds: 2.3, title: 'The equaliser' });
    expect(job.result).toMatchObject({ mode: 'encode' });
    expect(Math.abs((await videoSeconds(original)) - 1.78)).toBeLessThanOrEqual(FRAME);
    const listed = await ctx.request({ url: clipPaths.videoClips(sourceId), token: token('clipper') });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((clip: { title: string }) => clip.title)).toEqual(['The equaliser', 'final – clip']);
    expect(listed.json().total).toBe(2);
  });

  it('dresses a clip in its skin: pre-roll, the cut under the overlay, post-roll', async () => {
    const producer = token('producer');
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
        name: 'Match night',
        overlayKey,
        preRollKey,
        postRollKey,
        overlayPosition: 'top-right',
        rollSeconds: 0.4,
      },
    });
    expect(skin.statusCode, skin.body).toBe(201);
    const { job, original } = await readyClip({ inSeconds: 1, outSeconds: 2.6, clipSkinId: skin.json().id });
    expect(job.result).toMatchObject({ mode: 'skinned' });
    expect(Math.abs((await videoSeconds(original)) - (0.4 + 1.6 + 0.4))).toBeLessThanOrEqual(FRAME);
    // The overlay (64×36, 10 px from the top-right corner of 320×180) is red over the cut only.
    expect(near(await pixelAt(original, 1.25, 278, 28), [255, 0, 0])).toBe(true);
    expect(near(await pixelAt(original, 1.25, 160, 120), [255, 0, 0])).toBe(false);
    expect(near(await pixelAt(original, 0.2, 160, 90), [0, 0, 255])).toBe(true);
    expect(near(await pixelAt(original, 2.25, 160, 90), [0, 255, 0])).toBe(true);
  });

  it('refuses bad ranges with a clear 400, and a video not ready yet with 409', async () => {
    const refused = async (body: Record<string, unknown>, status = 400) => {
      const response = await postClip('clipper', sourceId, body);
      expect(response.statusCode, response.body).toBe(status);
      const { message, errors = [] } = response.json<{
        message: string;
        errors?: { path: string; message: string }[];
      }>();
      return [message, ...errors.map((error) => `${error.path}: ${error.message}`)].join(' | ');
    };
    expect(await refused({ inSeconds: 2, outSeconds: 2 })).toMatch(renderMessage(CLIP_MESSAGES.inNotBeforeOut));
    expect(await refused({ inSeconds: 1, outSeconds: 9 })).toMatch(/must end within the video \(it lasts 4\.\d\d s\)/);
    expect(await refused({ inSeconds: 0, outSeconds: 601 })).toMatch(renderMessage(CLIP_MESSAGES.tooLong));
    expect(await refused({ inSeconds: -1, outSeconds: 2 })).toMatch(/inSeconds/);
    expect(await refused({ inSeconds: 0, outSeconds: 1, fps: 60 })).toMatch(/fps/);
    expect(await refused({ inSeconds: 0, outSeconds: 1, clipSkinId: 999_999 })).toMatch(
      renderMessage(CLIP_MESSAGES.skinNotFound(999_999)),
    );
    expect(await refused({ inSeconds: 0, outSeconds: 1, clipTemplateId: 999_999 })).toMatch(
      renderMessage(CLIP_MESSAGES.templateNotFound(999_999)),
    );
    const pending = await ctx.request({
      method: 'POST',
      url: videoPaths.videos,
      token: token('writerA'),
      payload: { title: 'Later' },
    });
    const notReady = await postClip('clipper', pending.json().id, { inSeconds: 0, outSeconds: 1 });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(renderMessage(CLIP_MESSAGES.notReady));
  });

  it('keeps accounts apart (404), refuses users without the clip rule (403), narrows own_videos_only users', async () => {
    const other = await postClip('writerB', sourceId, { inSeconds: 0, outSeconds: 1 });
    expect(other.statusCode).toBe(404);
    expect((await postClip('clipperB', sourceId, { inSeconds: 0, outSeconds: 1 })).statusCode).toBe(404);
    expect((await ctx.request({ url: clipPaths.videoClips(sourceId), token: token('writerB') })).statusCode).toBe(404);
    const skinB = await ctx.request({
      method: 'POST',
      url: '/main-api/clip-skins',
      token: token('writerB'),
      payload: { name: 'B skin' },
    });
    // writerB may not write skins; make one for account B through the database-free path: a B producer.
    expect(skinB.statusCode).toBe(403);
    await ctx.user('producerB', ctx.accountB, ['liveclipping_write']);
    const bSkin = await ctx.request({
      method: 'POST',
      url: '/main-api/clip-skins',
      token: token('producerB'),
      payload: { name: 'B skin' },
    });
    expect(bSkin.statusCode, bSkin.body).toBe(201);
    const borrowed = await postClip('clipper', sourceId, { inSeconds: 0, outSeconds: 1, clipSkinId: bSkin.json().id });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe(renderMessage(CLIP_MESSAGES.skinNotFound(bSkin.json().id)));

    expect((await postClip('downloader', sourceId, { inSeconds: 0, outSeconds: 1 })).statusCode).toBe(403);
    expect((await ctx.request({ url: clipPaths.sources, token: token('downloader') })).statusCode).toBe(403);

    expect((await postClip('ownOnly', sourceId, { inSeconds: 0, outSeconds: 1 })).statusCode).toBe(404);
    expect((await ctx.request({ url: clipPaths.sources, token: token('ownOnly') })).json()).toEqual({
      data: [],
      total: 0,
    });
  });

  it('lists the ready videos a clip-only user can clip, with what a player needs', async () => {
    const response = await ctx.request({ url: `${clipPaths.sources}?search=FINAL&limit=50`, token: token('clipper') });
    expect(response.statusCode, response.body).toBe(200);
    const { data, total } = response.json<{ data: { id: number; title: string }[]; total: number }>();
    // The source and the clips made from it so far, all ready, newest first.
    expect(total).toBe(data.length);
    expect(data.every((video) => /final/i.test(video.title))).toBe(true);
    const source = data.find((video) => video.id === sourceId);
    expect(source).toMatchObject({ title: 'final', width: 320, height: 180, duration: expect.closeTo(4, 1) });
    expect(data.at(-1)?.id).toBe(sourceId);
    expect(JSON.stringify(source)).toMatch(/master\.m3u8/);
    const none = await ctx.request({ url: `${clipPaths.sources}?search=nothing-like-it`, token: token('clipper') });
    expect(none.json()).toEqual({ data: [], total: 0 });
    // The clip-only user cannot read the library itself.
    expect((await ctx.request({ url: videoPaths.videos, token: token('clipper') })).statusCode).toBe(403);
  });
});

describe('POST /main-api/events/{id}/markers/{markerId}/clips', () => {
  it("cuts around the marker with the default template's timings, or ?offset seconds before it", async () => {
    const producer = token('producer');
    const template = await ctx.request({
      method: 'POST',
      url: '/main-api/clip-templates',
      token: producer,
      payload: { name: 'Goals', secondsBefore: 1, secondsAfter: 0.5, isDefault: true },
    });
    expect(template.statusCode, template.body).toBe(201);
    const event = await ctx.request({
      method: 'POST',
      url: '/main-api/events',
      token: producer,
      payload: { name: 'Cup final', videoId: sourceId },
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json().id;
    const marker = await ctx.request({
      method: 'POST',
      url: `/main-api/events/${eventId}/markers`,
      token: producer,
      payload: { label: 'Goal', timeSeconds: 2, durationSeconds: 0.5 },
    });
    expect(marker.statusCode, marker.body).toBe(201);
    const markerId = marker.json().id;

    const withOffset = await ctx.request({
      method: 'POST',
      url: `${clipPaths.markerClips(eventId, markerId)}?offset=0.5`,
      token: token('clipper'),
      payload: {},
    });
    expect(withOffset.statusCode, withOffset.body).toBe(202);
    // Named after its marker (clips/clip-title.ts): its label, no type nor kick-off known.
    expect(withOffset.json().video).toMatchObject({ title: 'Goal', state: 'processing' });
    expect(withOffset.json().video.clip).toEqual({
      sourceVideoId: sourceId,
      inSeconds: 1.5,
      outSeconds: 3,
      clipSkinId: null,
      clipTemplateId: template.json().id,
      markerId,
      eventId,
    });
    const byDefault = await ctx.request({
      method: 'POST',
      url: clipPaths.markerClips(eventId, markerId),
      token: token('clipper'),
      payload: { title: 'Goal, wide angle' },
    });
    expect(byDefault.json().video.clip).toMatchObject({ inSeconds: 1, outSeconds: 3 });

    const listed = await ctx.request({ url: clipPaths.eventClips(eventId), token: token('clipper') });
    expect(listed.json().data.map((clip: { title: string }) => clip.title)).toEqual(['Goal, wide angle', 'Goal']);

    expect(
      (
        await ctx.request({
          method: 'POST',
          url: clipPaths.markerClips(eventId, markerId),
          token: token('clipperB'),
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    // A video writer may clip videos, not the events it may not read.
    const writer = await ctx.request({
      method: 'POST',
      url: clipPaths.markerClips(eventId, markerId),
      token: token('writerA'),
      payload: {},
    });
    expect(writer.statusCode).toBe(403);
    const missing = await ctx.request({
      method: 'POST',
      url: clipPaths.markerClips(eventId, 999_999),
      token: token('clipper'),
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(renderMessage(CLIP_MESSAGES.markerNotFound(999_999)));
    // The clips are not needed further: deleting them cancels their jobs.
    for (const response of [withOffset, byDefault]) {
      await ctx.request({ method: 'DELETE', url: videoPaths.video(response.json().video.id), token: token('writerA') });
    }
  });
});

describe('a source deleted before its clip is cut', () => {
  it('fails the clip with the reason (no 5xx), and a retry fails the same way', async () => {
    const response = await postClip('clipper', sourceId, { inSeconds: 0, outSeconds: 1 });
    expect(response.statusCode).toBe(202);
    const { video, job } = response.json<ClipResponse>();
    const deleted = await ctx.request({ method: 'DELETE', url: videoPaths.video(sourceId), token: token('writerA') });
    expect(deleted.statusCode).toBe(204);
    ctx.workers();
    const failed = await waitForVideo(ctx, video.id, ['failed', 'ready']);
    expect(failed.failureReason).toBe(renderMessage(CLIP_MESSAGES.sourceDeleted));
    expect((await waitForState(ctx.db, job.id, ['failed'])).attempts).toBe(1);
    const read = await ctx.request({ url: videoPaths.video(video.id), token: token('writerA') });
    expect(read.json()).toMatchObject({ state: 'failed', failureReason: renderMessage(CLIP_MESSAGES.sourceDeleted) });
    expect(read.json().clip).toMatchObject({ sourceVideoId: null, inSeconds: 0, outSeconds: 1 });

    const retry = await ctx.request({ method: 'POST', url: jobPaths.retry(job.id), token: token('writerA') });
    expect(retry.statusCode, retry.body).toBe(200);
    await waitForState(ctx.db, job.id, ['failed']);
    expect((await waitForVideo(ctx, video.id, ['failed'])).failureReason).toBe(
      renderMessage(CLIP_MESSAGES.sourceDeleted),
    );
  });
});
