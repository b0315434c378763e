import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_MESSAGES, jobPaths } from '@regie/contract/jobs';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_JOB_TYPES, videoPaths } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/jobs.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { liveClipRenderJob } from '../src/live/live-clip.job.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import { encodeVideoJob } from '../src/videos/videos.encode.job.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertVideo } from './insights-fixtures.ts';

/**
 * What a job that failed for good does to its video: a job that makes the video's media fails it;
 * a job that only improves media that already play (a live clip's exact cut, an encode replacing
 * the instant copy) leaves a ready video ready on them.
 */

let ctx: TestContext;
let accountId: number;
let writer: string;
/** What a worker hands the hook; these hooks store and delete nothing. */
const storage = localStorage(join(tmpdir(), 'regie-job-hooks-unused'), '/images');

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await ctx.buildAccount({ modules: ['VIDEOS'] })).id;
  const user = await ctx.buildUser({ accountId, roles: ['video_write'] });
  writer = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

async function failedJob(type: string, videoId: number, payload: object, state: 'failed' | 'in_progress' = 'failed') {
  const [job] = await ctx.db
    .insert(jobs)
    .values({
      type,
      state,
      accountId,
      resourceType: 'Video',
      resourceId: String(videoId),
      payload,
      lastError: JOB_MESSAGES.failedUnknown,
    })
    .returning();
  if (!job) throw new Error('job not inserted');
  return job;
}

const stateOf = async (id: number) =>
  (await ctx.db.select({ state: videos.state }).from(videos).where(eq(videos.id, id)))[0]?.state;

describe('a video after its job failed for good', () => {
  it('stays ready when the failed job only improved its playable media', async () => {
    const clip = await insertVideo(ctx, accountId, { state: 'ready' });
    await liveClipRenderJob.onFailed({
      db: ctx.db,
      storage,
      job: await failedJob(LIVE_JOB_TYPES.clipRender, clip, { videoId: clip }),
    });
    expect(await stateOf(clip)).toBe('ready');
    const replacing = await failedJob(VIDEO_JOB_TYPES.encode, clip, {
      videoId: clip,
      replaces: `videos/${accountId}/${clip}/hls/copy/`,
    });
    await encodeVideoJob.onFailed({ db: ctx.db, storage, job: replacing });
    expect(await stateOf(clip)).toBe('ready');
  });

  it('is failed, with the reason, when the job made its media', async () => {
    const video = await insertVideo(ctx, accountId, { state: 'processing' });
    await encodeVideoJob.onFailed({
      db: ctx.db,
      storage,
      job: await failedJob(VIDEO_JOB_TYPES.encode, video, { videoId: video }),
    });
    const [row] = await ctx.db.select().from(videos).where(eq(videos.id, video));
    expect(row?.state).toBe('failed');
    expect(renderMessage(row?.failureReason ?? JOB_MESSAGES.leaseExpired)).toBe(
      renderMessage(JOB_MESSAGES.failedUnknown),
    );
    // A live clip still being cut (not yet ready) fails too.
    const cutting = await insertVideo(ctx, accountId, { state: 'processing' });
    await liveClipRenderJob.onFailed({
      db: ctx.db,
      storage,
      job: await failedJob(LIVE_JOB_TYPES.clipRender, cutting, { videoId: cutting }),
    });
    expect(await stateOf(cutting)).toBe('failed');
  });
});

describe('a video whose job was cancelled (issue 40.10: it stayed processing for ever)', () => {
  it('is cancelled, says so, and is encoded again on request', async () => {
    const video = await insertVideo(ctx, accountId, {
      state: 'processing',
      originalKey: `videos/${accountId}/original.mp4`,
    });
    const running = await failedJob(VIDEO_JOB_TYPES.encode, video, { videoId: video }, 'in_progress');
    const cancel = await ctx.request({
      method: 'DELETE',
      url: `${jobPaths.jobs}?resourceType=Video&resourceId=${video}`,
      token: writer,
    });
    expect(cancel.statusCode).toBe(204);
    const read = await ctx.request({ url: `/main-api/videos/${video}`, token: writer });
    expect(read.json()).toMatchObject({ state: 'cancelled' });

    const again = await ctx.request({ method: 'POST', url: videoPaths.encodingJob(video), token: writer });
    expect(again.statusCode).toBe(202);
    expect(await stateOf(video)).toBe('uploaded');
    // The cancelled job's worker, stopping late, leaves the new encode alone.
    await encodeVideoJob.onCancelled({ db: ctx.db, job: running });
    expect(await stateOf(video)).toBe('uploaded');
  });

  it('undoes a write the stopped job made after the cancel; a ready video stays ready', async () => {
    const video = await insertVideo(ctx, accountId, { state: 'uploaded' });
    const job = await failedJob(VIDEO_JOB_TYPES.encode, video, { videoId: video }, 'in_progress');
    await ctx.db.delete(jobs).where(eq(jobs.id, job.id));
    // The worker wrote `processing` after the job was deleted; its settle runs the hook again.
    await ctx.db.update(videos).set({ state: 'processing' }).where(eq(videos.id, video));
    await encodeVideoJob.onCancelled({ db: ctx.db, job });
    expect(await stateOf(video)).toBe('cancelled');

    const clip = await insertVideo(ctx, accountId, { state: 'ready' });
    const replacing = await failedJob(
      VIDEO_JOB_TYPES.encode,
      clip,
      { videoId: clip, replaces: `videos/${accountId}/${clip}/hls/copy/` },
      'in_progress',
    );
    await ctx.db.delete(jobs).where(eq(jobs.id, replacing.id));
    await encodeVideoJob.onCancelled({ db: ctx.db, job: replacing });
    expect(await stateOf(clip)).toBe('ready');
  });
});
