import { join } from 'node:path';
import { JOB_MESSAGES, jobPaths } from '@regie/contract/jobs';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/jobs.table.ts';
import { claimJob } from '../src/jobs/jobs.queue.ts';
import { waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoRow, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * A video follows its encode job to the end: when the job fails for good by any path, here its
 * worker dying on the last attempt (the lease runs out, nobody renews it), the video is `failed`
 * with the reason rather than `processing` for ever; retried, it is encoded again.
 */

let ctx: VideoTestContext;

beforeAll(async () => {
  ctx = await videoTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe('an encode whose worker died on its last attempt', () => {
  it('fails the video with the reason, and a retry encodes it again', async () => {
    const source = await makeTestVideo(join(ctx.dir, 'short.mp4'), { seconds: 1, width: 320, height: 180 });
    const { completed } = await uploadVideo(ctx, ctx.tokens.writerA ?? '', source);
    const jobId = completed.job.id;
    await ctx.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, jobId));
    // A worker claims it with a short lease and dies: it never renews nor ends the job.
    const claimed = await claimJob(ctx.db, { types: [VIDEO_JOB_TYPES.encode], token: 'dead-worker#1', leaseMs: 50 });
    expect(claimed?.id).toBe(jobId);

    ctx.workers();
    const failed = await waitForVideo(ctx, completed.video.id, ['failed']);
    expect(failed.failureReason).toBe(renderMessage(JOB_MESSAGES.leaseExpired));
    expect((await waitForState(ctx.db, jobId, ['failed'])).lastError).toBe(renderMessage(JOB_MESSAGES.leaseExpired));
    const shown = await ctx.request({ url: `/main-api/videos/${completed.video.id}`, token: ctx.tokens.writerA });
    expect(shown.json()).toMatchObject({ state: 'failed', failureReason: renderMessage(JOB_MESSAGES.leaseExpired) });

    await ctx.stopWorkers();
    const retried = await ctx.request({ method: 'POST', url: jobPaths.retry(jobId), token: ctx.tokens.writerA });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await videoRow(ctx, completed.video.id)).toMatchObject({ state: 'uploaded', failureReason: null });

    ctx.workers();
    const ready = await waitForVideo(ctx, completed.video.id, ['ready', 'failed']);
    expect(ready.state, ready.failureReason ?? '').toBe('ready');
  });
});
