import { copyFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_JOB_TYPES, VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/jobs.table.ts';
import { enqueueJob } from '../src/jobs/jobs.queue.ts';
import { encodeVideoJob } from '../src/videos/videos.encode.job.ts';
import { jobRow, waitFor, waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let source: string;
const token = () => ctx.tokens.writerA ?? '';

beforeAll(async () => {
  ctx = await videoTestContext();
  source = await makeTestVideo(join(ctx.dir, 'source.mp4'), { width: 320, height: 180, seconds: 2 });
});
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

describe('a file that is not a playable video', () => {
  it('fails the video with the reason and keeps the original: a text file named .mp4', async () => {
    const notes = join(ctx.dir, 'notes.mp4');
    await writeFile(notes, 'These are meeting notes, not a video.\n'.repeat(50));
    const { completed } = await uploadVideo(ctx, token(), notes, 'notes.mp4');
    ctx.workers();
    const video = await waitForVideo(ctx, completed.video.id, ['failed', 'ready']);
    expect(video.state).toBe('failed');
    expect(video.failureReason).toBe(
      'The file is not a video ffmpeg can read: moov atom not found; Invalid data found when processing input',
    );
    expect(await ctx.storage.exists(video.originalKey ?? '')).toBe(true);
    const job = await waitForState(ctx.db, completed.job.id, ['failed']);
    // Trying again cannot help: one attempt only.
    expect(job.attempts).toBe(1);
    expect(job.lastError).toBe(video.failureReason);
    const read = await ctx.request({ url: videoPaths.video(video.id), token: token() });
    expect(read.json()).toMatchObject({ state: 'failed', failureReason: video.failureReason, playback: null });
  });

  it('fails a truncated video the same way, and encoding it again fails again', async () => {
    const broken = join(ctx.dir, 'truncated.mp4');
    await copyFile(source, broken);
    await truncate(broken, Math.floor((await stat(source)).size / 2));
    const { completed } = await uploadVideo(ctx, token(), broken, 'truncated.mp4');
    ctx.workers();
    const video = await waitForVideo(ctx, completed.video.id, ['failed', 'ready']);
    expect(video.failureReason).toMatch(/^The file is not a video ffmpeg can read: moov atom not found/);
    expect(await ctx.storage.exists(video.originalKey ?? '')).toBe(true);
    await waitForState(ctx.db, completed.job.id, ['failed']);

    const retry = await ctx.request({ method: 'POST', url: videoPaths.encodingJob(video.id), token: token() });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ type: 'video.encode', state: 'waiting' });
    expect((await videoRow(ctx, video.id))?.state).toBe('uploaded');
    const again = await waitForVideo(ctx, video.id, ['failed', 'ready']);
    expect(again.failureReason).toBe(video.failureReason);
  });
});

describe('POST /main-api/videos/{id}/encoding-job', () => {
  it('answers the job already waiting rather than queueing a second one', async () => {
    const { completed } = await uploadVideo(ctx, token(), source);
    const response = await ctx.request({
      method: 'POST',
      url: videoPaths.encodingJob(completed.video.id),
      token: token(),
    });
    expect(response.statusCode).toBe(202);
    expect(response.json().id).toBe(completed.job.id);
  });

  it('refuses a video without its file (409), another account (404) and a reader (403)', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: videoPaths.videos,
      token: token(),
      payload: { title: 'Empty' },
    });
    const id = created.json().id;
    const empty = await ctx.request({ method: 'POST', url: videoPaths.encodingJob(id), token: token() });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(renderMessage(VIDEO_MESSAGES.noOriginal(id)));
    const other = await ctx.request({
      method: 'POST',
      url: videoPaths.encodingJob(id),
      token: ctx.tokens.writerB ?? '',
    });
    expect(other.statusCode).toBe(404);
    await ctx.user('downloaderA', ctx.accountA, ['video_download']);
    const reader = await ctx.request({
      method: 'POST',
      url: videoPaths.encodingJob(id),
      token: ctx.tokens.downloaderA ?? '',
    });
    expect(reader.statusCode).toBe(403);
  });
});

describe('a worker killed in the middle of an encode', () => {
  it('leaves the job to the next worker once its lease expires, which starts over and finishes', async () => {
    // Drain what earlier tests queued, so the next job is this one.
    ctx.workers();
    await waitFor(async () => {
      const rows = await ctx.db.select().from(jobs).where(sql`${jobs.state} in ('waiting', 'in_progress')`);
      return rows.length === 0;
    });
    await ctx.stopWorkers();

    const longer = await makeTestVideo(join(ctx.dir, 'longer.mp4'), { width: 640, height: 360, seconds: 4 });
    const { completed } = await uploadVideo(ctx, token(), longer, 'longer.mp4');
    const first = ctx.workers({ leaseMs: 60_000 });
    await waitForVideo(ctx, completed.video.id, ['processing']);

    // The worker dies: nobody renews its lease, which runs out.
    const taken = await ctx.db
      .update(jobs)
      .set({ lockedBy: 'dead-worker#1', lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.id, completed.job.id), eq(jobs.state, 'in_progress')))
      .returning();
    expect(taken).toHaveLength(1);
    await first.stop({ graceMs: 0 });
    expect((await jobRow(ctx.db, completed.job.id))?.state).toBe('in_progress');
    expect((await videoRow(ctx, completed.video.id))?.state).toBe('processing');

    ctx.workers();
    const video = await waitForVideo(ctx, completed.video.id, ['ready', 'failed'], 60_000);
    expect(video.state).toBe('ready');
    const job = await waitForState(ctx.db, completed.job.id, ['done', 'failed']);
    expect(job).toMatchObject({ state: 'done', attempts: 2, progress: 100 });
    const master = await ctx.storage.get(video.hlsKey ?? '');
    expect(master).not.toBeNull();
    master?.body.destroy();
  });
});

describe('a video that is gone', () => {
  it('skips its encode job', async () => {
    const job = await enqueueJob(ctx.db, encodeVideoJob, { videoId: 999_999 }, { accountId: ctx.accountA.id });
    ctx.workers();
    const done = await waitForState(ctx.db, job.id, ['done', 'failed']);
    expect(done.result).toEqual({ skipped: 'Video 999999 no longer exists' });
  });

  it('has its files removed once deleted', async () => {
    const { completed } = await uploadVideo(ctx, token(), source);
    ctx.workers();
    const video = await waitForVideo(ctx, completed.video.id, ['ready', 'failed']);
    expect(await ctx.storage.exists(video.posterKey ?? '')).toBe(true);
    const removed = await ctx.request({ method: 'DELETE', url: videoPaths.video(video.id), token: token() });
    expect(removed.statusCode).toBe(204);
    // The purge job ends once the whole folder is gone (the original can go before the rest).
    await waitFor(
      async () => {
        const purges = await ctx.db.select().from(jobs).where(eq(jobs.type, VIDEO_JOB_TYPES.purge));
        return purges.some((row) => row.state === 'done' && (row.payload as { videoId?: number }).videoId === video.id);
      },
      { what: 'the purge job to be done' },
    );
    expect(await ctx.storage.exists(video.originalKey ?? '')).toBe(false);
    expect(await ctx.storage.exists(video.posterKey ?? '')).toBe(false);
    expect(await ctx.storage.exists(video.hlsKey ?? '')).toBe(false);
  });
});
