import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadSessions, videos } from '../src/db/videos.table.ts';
import { periodicTasks } from '../src/jobs/jobs.registry.ts';
import { s3Storage } from '../src/storage/storage.s3.ts';
import { sweepExpiredUploads } from '../src/videos/videos.upload-sweep.ts';
import { waitFor } from './jobs-fixtures.ts';
import {
  putPart,
  startUpload,
  TEST_PART_SIZE,
  type VideoTestContext,
  videoRow,
  videoTestContext,
} from './videos-fixtures.ts';

/**
 * Upload sessions not completed within UPLOAD_SESSION_TTL_HOURS answer 410; the workers' sweep
 * then deletes their parts from storage and fails their video, so abandoned uploads do not fill
 * the disk or the bucket.
 */

let ctx: VideoTestContext;

beforeAll(async () => {
  ctx = await videoTestContext();
});
afterAll(async () => {
  await ctx?.cleanup();
});

/** A session of account A with its first part sent (of two). */
async function halfSentUpload() {
  const data = randomBytes(TEST_PART_SIZE + 1000);
  const session = await startUpload(ctx, ctx.tokens.writerA ?? '', {
    filename: 'abandoned.mp4',
    size: data.length,
    contentType: 'video/mp4',
  });
  expect((await putPart(ctx, ctx.tokens.writerA ?? '', session, data, 1)).statusCode).toBe(200);
  const [row] = await ctx.db.select().from(uploadSessions).where(eq(uploadSessions.id, session.uploadId));
  if (!row) throw new Error('session not stored');
  return { session, parts: join(ctx.dir, 'storage', '.multipart', row.storageUploadId) };
}

const expire = (uploadId: string) =>
  ctx.db
    .update(uploadSessions)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(uploadSessions.id, uploadId));

describe('the upload sweep', () => {
  it("deletes an expired upload's parts and fails its video, leaving live uploads alone", async () => {
    const expired = await halfSentUpload();
    const live = await halfSentUpload();
    expect(existsSync(expired.parts)).toBe(true);
    await expire(expired.session.uploadId);
    const gone = await ctx.request({
      url: videoPaths.uploadSession(expired.session.uploadId),
      token: ctx.tokens.writerA,
    });
    expect(gone.statusCode).toBe(410);

    // The workers' periodic task, on a short timer.
    ctx.workers({ periodic: periodicTasks({ uploadSweepMs: 50 }) });
    const failed = await waitFor(
      async () => {
        const video = await videoRow(ctx, expired.session.videoId);
        return video?.state === 'failed' ? video : undefined;
      },
      { what: 'the abandoned video to fail' },
    );
    await ctx.stopWorkers();
    expect(failed.failureReason).toBe(renderMessage(VIDEO_MESSAGES.uploadNotCompleted));
    expect(existsSync(expired.parts)).toBe(false);
    const after = await ctx.request({
      url: videoPaths.uploadSession(expired.session.uploadId),
      token: ctx.tokens.writerA,
    });
    expect(after.statusCode).toBe(404);

    expect(existsSync(live.parts)).toBe(true);
    expect((await videoRow(ctx, live.session.videoId))?.state).toBe('uploading');
    const resumed = await ctx.request({
      url: videoPaths.uploadSession(live.session.uploadId),
      token: ctx.tokens.writerA,
    });
    expect(resumed.json()).toMatchObject({ state: 'open', receivedParts: [1] });
  });

  it('leaves a video that got its file another way as it is', async () => {
    const expired = await halfSentUpload();
    await expire(expired.session.uploadId);
    await ctx.db.update(videos).set({ state: 'ready' }).where(eq(videos.id, expired.session.videoId));
    expect(await sweepExpiredUploads(ctx.db, ctx.storage)).toBe(1);
    expect(existsSync(expired.parts)).toBe(false);
    expect((await videoRow(ctx, expired.session.videoId))?.state).toBe('ready');
    expect(await sweepExpiredUploads(ctx.db, ctx.storage)).toBe(0);
  });
});

describe('the upload sweep on S3', () => {
  let server: Server;
  const calls: string[] = [];

  beforeAll(async () => {
    // Just enough of S3 to record the AbortMultipartUpload the sweep sends.
    server = createServer((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('aborts the multipart upload in the bucket', async () => {
    const bucket = s3Storage(
      {
        driver: 's3',
        bucket: 'regie-test',
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        forcePathStyle: true,
      },
      '/images',
    );
    const [video] = await ctx.db
      .insert(videos)
      .values({ title: 'In the bucket', accountId: ctx.accountA.id, state: 'uploading' })
      .returning();
    const key = `videos/${ctx.accountA.id}/${video?.id}/original.mp4`;
    await ctx.db.insert(uploadSessions).values({
      id: randomBytes(18).toString('base64url'),
      accountId: ctx.accountA.id,
      videoId: video?.id ?? 0,
      filename: 'original.mp4',
      contentType: 'video/mp4',
      size: 10_000_000,
      partSize: 5 * 1024 * 1024,
      storageKey: key,
      storageUploadId: 's3-upload-42',
      expiresAt: new Date(Date.now() - 60_000),
    });
    expect(await sweepExpiredUploads(ctx.db, bucket)).toBe(1);
    expect(calls).toContain(`DELETE /regie-test/${key}?uploadId=s3-upload-42&x-id=AbortMultipartUpload`);
    expect((await videoRow(ctx, video?.id ?? 0))?.state).toBe('failed');
  });
});
