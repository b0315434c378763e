import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_MASTER_PLAYLIST } from '@regie/contract/media';
import { renderMessage } from '@regie/contract/messages.render';
import { MEDIA_CONTENT_TYPES, VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import type { MultipartUploadResponse, VideoPlayback } from '@regie/contract/videos.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import { testConfig } from './helpers.ts';
import { jobRow } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import {
  putPart,
  startUpload,
  TEST_PART_SIZE,
  uploadVideo,
  type VideoTestContext,
  videoRow,
  videoTestContext,
  waitForVideo,
} from './videos-fixtures.ts';

let ctx: VideoTestContext;
let source: Buffer;
let sourceFile: string;

beforeAll(async () => {
  ctx = await videoTestContext();
  sourceFile = await makeTestVideo(join(ctx.dir, 'match.mp4'), { width: 320, height: 180, seconds: 2 });
  source = await readFile(sourceFile);
});
afterAll(() => ctx.cleanup());

const session = (uploadId: string, token = ctx.tokens.writerA ?? '') =>
  ctx.request({ url: videoPaths.uploadSession(uploadId), token });

describe('resumable upload', () => {
  it('takes a real video in 3+ parts, a part sent twice kept once, and tells which parts arrived', async () => {
    const token = ctx.tokens.writerA ?? '';
    const started = await startUpload(ctx, token, {
      filename: 'Final 2024.mp4',
      size: source.length,
      contentType: 'video/mp4',
    });
    expect(started.partSize).toBe(TEST_PART_SIZE);
    expect(started.parts.length).toBeGreaterThanOrEqual(3);
    expect(started.parts[0]).toEqual({
      partNumber: 1,
      size: TEST_PART_SIZE,
      url: `/main-api/videos/upload/${started.uploadId}/parts/1`,
    });
    expect(started.parts.at(-1)?.size).toBe(source.length - (started.parts.length - 1) * TEST_PART_SIZE);
    expect(started.receivedParts).toEqual([]);
    const video = await videoRow(ctx, started.videoId);
    expect(video).toMatchObject({ title: 'Final 2024', state: 'uploading', accountId: ctx.accountA.id });

    // Out of order, part 2 sent twice.
    for (const n of [2, 1, 2]) expect((await putPart(ctx, token, started, source, n)).statusCode).toBe(200);
    const midway = (await session(started.uploadId)).json<MultipartUploadResponse>();
    expect(midway.receivedParts).toEqual([1, 2]);
    expect(midway.state).toBe('open');

    const early = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadCompleteMultipart,
      token,
      payload: { uploadId: started.uploadId },
    });
    expect(early.statusCode).toBe(400);
    const missing = started.parts.slice(2).map((part) => part.partNumber);
    expect(early.json().message).toBe(renderMessage(VIDEO_MESSAGES.missingParts(missing)));

    for (const n of missing) expect((await putPart(ctx, token, started, source, n)).statusCode).toBe(200);
    const completed = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadCompleteMultipart,
      token,
      payload: { uploadId: started.uploadId },
    });
    expect(completed.statusCode, completed.body).toBe(202);
    const body = completed.json();
    expect(body.video).toMatchObject({
      id: started.videoId,
      state: 'uploaded',
      filename: 'Final 2024.mp4',
      size: source.length,
    });
    expect(body.job).toMatchObject({ type: 'video.encode', state: 'waiting', resourceType: 'Video' });
    const stored = await videoRow(ctx, started.videoId);
    expect(await readFile(ctx.storage.localPath(stored?.originalKey ?? '') ?? '')).toEqual(source);

    // Completing again answers the same video and job; no part is accepted any more.
    const again = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadCompleteMultipart,
      token,
      payload: { uploadId: started.uploadId },
    });
    expect(again.json().job.id).toBe(body.job.id);
    const late = await putPart(ctx, token, started, source, 1);
    expect(late.statusCode).toBe(409);
  });

  it('refuses a part of the wrong length or number, and a resume with another file', async () => {
    const token = ctx.tokens.writerA ?? '';
    const started = await startUpload(ctx, token, { filename: 'clip.mp4', size: source.length });
    const short = await ctx.app.inject({
      method: 'PUT',
      url: videoPaths.uploadPart(started.uploadId, 1),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: source.subarray(0, 1000),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(renderMessage(VIDEO_MESSAGES.badPartLength(1, TEST_PART_SIZE, 1000)));
    const beyond = await putPart(ctx, token, started, source, started.parts.length + 1);
    expect(beyond.statusCode).toBe(400);
    expect(((await session(started.uploadId)).json() as MultipartUploadResponse).receivedParts).toEqual([]);
    const other = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadUrlMultipart,
      token,
      payload: { filename: 'clip.mp4', size: source.length + 1, uploadId: started.uploadId },
    });
    expect(other.statusCode).toBe(409);
  });

  it('resumes after the server restarts: the session and its parts are kept', async () => {
    const token = ctx.tokens.writerA ?? '';
    const started = await startUpload(ctx, token, { filename: 'interrupted.mp4', size: source.length });
    for (const n of [1, 2]) expect((await putPart(ctx, token, started, source, n)).statusCode).toBe(200);
    // A new server on the same database and storage (the first one gone): the browser asks what
    // arrived and sends the rest.
    const restarted = await buildApp(
      testConfig({
        dataDir: ctx.dir,
        storage: { driver: 'local', folder: join(ctx.dir, 'storage') },
        videos: ctx.config.videos,
      }),
      {
        database: { db: ctx.db, driver: 'pglite', migrate: async () => undefined, close: async () => undefined },
        storage: localStorage(join(ctx.dir, 'storage'), '/images'),
      },
    );
    const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      restarted.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    try {
      const resumed = await call('POST', videoPaths.uploadUrlMultipart, {
        filename: 'interrupted.mp4',
        size: source.length,
        uploadId: started.uploadId,
      });
      expect(resumed.statusCode).toBe(200);
      const state = resumed.json<MultipartUploadResponse>();
      expect(state.receivedParts).toEqual([1, 2]);
      expect((await call('GET', videoPaths.uploadSession(started.uploadId))).json().receivedParts).toEqual([1, 2]);
      for (const part of state.parts.filter((p) => !state.receivedParts.includes(p.partNumber))) {
        expect((await putPart({ ...ctx, app: restarted }, token, state, source, part.partNumber)).statusCode).toBe(200);
      }
      const completed = await call('POST', videoPaths.uploadCompleteMultipart, { uploadId: started.uploadId });
      expect(completed.statusCode).toBe(202);
    } finally {
      await restarted.close();
    }
    const stored = await videoRow(ctx, started.videoId);
    expect(await readFile(ctx.storage.localPath(stored?.originalKey ?? '') ?? '')).toEqual(source);
  });

  it("answers 404 to another account's user for every call of an upload", async () => {
    const started = await startUpload(ctx, ctx.tokens.writerA ?? '', { filename: 'private.mp4', size: source.length });
    const other = ctx.tokens.writerB ?? '';
    expect((await session(started.uploadId, other)).statusCode).toBe(404);
    expect((await putPart(ctx, other, started, source, 1)).statusCode).toBe(404);
    const resume = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadUrlMultipart,
      token: other,
      payload: { filename: 'private.mp4', size: source.length, uploadId: started.uploadId },
    });
    expect(resume.statusCode).toBe(404);
    const complete = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadCompleteMultipart,
      token: other,
      payload: { uploadId: started.uploadId },
    });
    expect(complete.statusCode).toBe(404);
    expect(complete.json().message).toBe(renderMessage(VIDEO_MESSAGES.uploadNotFound(started.uploadId)));
    const intoOtherVideo = await ctx.request({
      method: 'POST',
      url: videoPaths.uploadUrlMultipart,
      token: other,
      payload: { filename: 'x.mp4', size: 10, videoId: started.videoId },
    });
    expect(intoOtherVideo.statusCode).toBe(404);
  });
});

describe('after the upload', () => {
  let videoId: number;
  let playback: NonNullable<VideoPlayback>;

  beforeAll(async () => {
    const file = await makeTestVideo(join(ctx.dir, 'wide.mp4'), { width: 640, height: 360, seconds: 3 });
    const { completed } = await uploadVideo(ctx, ctx.tokens.writerA ?? '', file, 'wide.mp4');
    videoId = completed.video.id;
    const progress: number[] = [];
    const unsubscribe = ctx.app.realtime.subscribe(`${ctx.accountA.id}/admin/jobs`, (_topic, event) => {
      const payload = event.payload as { id?: number; progress?: number };
      if (payload.id === completed.job.id && typeof payload.progress === 'number') progress.push(payload.progress);
    });
    ctx.workers();
    await waitForVideo(ctx, videoId, ['ready', 'failed'], 60_000);
    await ctx.stopWorkers();
    unsubscribe();
    expect((await jobRow(ctx.db, completed.job.id))?.state).toBe('done');
    expect(progress.length).toBeGreaterThan(0);
    const read = await ctx.request({ url: `/main-api/videos/${videoId}`, token: ctx.tokens.writerA ?? '' });
    playback = read.json().playback;
  });

  it('is probed and encoded: ready, with its metadata, an HLS ladder up to its own height, a poster and a storyboard', async () => {
    const video = await videoRow(ctx, videoId);
    expect(video).toMatchObject({ state: 'ready', width: 640, height: 360, failureReason: null });
    expect(video?.duration).toBeCloseTo(3, 0);
    expect(video?.metadata).toMatchObject({ videoCodec: 'h264', hasAudio: true });
    expect(video?.hlsKey).toBe(`videos/${ctx.accountA.id}/${videoId}/hls/${HLS_MASTER_PLAYLIST}`);
    expect(playback).toEqual({
      hlsUrl: expect.stringMatching(new RegExp(`^/media/videos/${ctx.accountA.id}/${videoId}/hls/master\\.m3u8\\?t=`)),
      posterUrl: expect.stringContaining('/poster.jpg?t='),
      storyboardVttUrl: expect.stringContaining('/storyboard/storyboard.vtt?t='),
      subtitles: [],
    });
  });

  it('serves the master playlist listing only the rungs up to the source height, with the token carried on', async () => {
    const master = await ctx.request({ url: playback.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe(MEDIA_CONTENT_TYPES.m3u8);
    expect(master.headers['cache-control']).toBe('private, no-cache');
    expect(master.body).toMatch(/RESOLUTION=640x360/);
    expect(master.body).not.toMatch(/480p|720p|1080p/);
    const token = new URL(playback.hlsUrl, 'http://x').searchParams.get('t') ?? '';
    const rungUrl = master.body.split('\n').find((line) => line.startsWith('360p/'));
    expect(rungUrl).toBe(`360p/index.m3u8?t=${token}`);

    const base = playback.hlsUrl.replace(/master\.m3u8.*$/, '');
    const rung = await ctx.request({ url: `${base}${rungUrl}` });
    expect(rung.statusCode).toBe(200);
    const segment = rung.body.split('\n').find((line) => line.includes('.ts'));
    // Named by the encode's version too: the same URL is the same bytes for good.
    expect(segment).toMatch(new RegExp(`^segment_000\\.ts\\?t=${token}&v=[0-9a-z]+$`));
    const media = await ctx.request({ url: `${base}360p/${segment}` });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp2t');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Without the version (or with an older encode's), it is kept an hour by the browser only.
    const unnamed = await ctx.request({ url: `${base}360p/${segment?.replace(/&v=.*$/, '&v=old')}` });
    expect(unnamed.headers['cache-control']).toBe('private, max-age=3600');
    expect(media.headers['accept-ranges']).toBe('bytes');
    const ranged = await ctx.request({ url: `${base}360p/${segment}`, headers: { range: 'bytes=0-187' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-187/${media.rawPayload.length}`);
    expect(ranged.rawPayload).toEqual(media.rawPayload.subarray(0, 188));
    expect(ranged.rawPayload[0]).toBe(0x47);
  });

  it('serves the poster and the storyboard with their content types', async () => {
    const poster = await ctx.request({ url: playback.posterUrl ?? '' });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect([poster.rawPayload[0], poster.rawPayload[1]]).toEqual([0xff, 0xd8]);
    const vtt = await ctx.request({ url: playback.storyboardVttUrl ?? '' });
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const token = new URL(playback.hlsUrl, 'http://x').searchParams.get('t');
    expect(vtt.body).toContain(`sprite.jpg?t=${token}#xywh=0,0,160,90`);
    const sprite = await ctx.request({
      url: playback.storyboardVttUrl?.replace(/storyboard\.vtt\?/, 'sprite.jpg?') ?? '',
    });
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
  });

  it('serves media with the API token too, and to nobody else', async () => {
    const path = playback.hlsUrl.split('?')[0] ?? '';
    const withHeader = await ctx.request({ url: path, token: ctx.tokens.writerA ?? '' });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.body).toContain('360p/index.m3u8');
    expect((await ctx.request({ url: path })).statusCode).toBe(401);
    expect((await ctx.request({ url: path, token: ctx.tokens.writerB ?? '' })).statusCode).toBe(404);
    expect((await ctx.request({ url: `${path}?t=123.${'x'.repeat(32)}` })).statusCode).toBe(403);
    // A token opens its own video's files only.
    const token = new URL(playback.hlsUrl, 'http://x').searchParams.get('t');
    const otherVideo = path.replace(`/${videoId}/`, `/${videoId + 1000}/`);
    expect((await ctx.request({ url: `${otherVideo}?t=${token}` })).statusCode).toBe(403);
    // The original is never served as media.
    const original = (await videoRow(ctx, videoId))?.originalKey;
    expect((await ctx.request({ url: `/media/${original}?t=${token}` })).statusCode).toBe(404);
  });
});
