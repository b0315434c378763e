import { join } from 'node:path';
import { clipPaths } from '@regie/contract/clips';
import type { ClipResponse } from '@regie/contract/clips.schemas';
import { jobPaths } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { videoPaths } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/videos.table.ts';
import { waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * Reasons are stored as Messages and rendered where they are shown: a French clipper reads why
 * their clip failed in French, anyone else in English, from the same stored reason.
 */
let ctx: VideoTestContext;
const token = (name: string) => ctx.tokens[name] ?? '';
const inLanguage = (language: string) => ({ 'accept-language': language });

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
});
afterAll(() => ctx.cleanup());

/** A ready source whose stored original no longer decodes (and whose probe findings are gone). */
async function undecodableSource(): Promise<number> {
  const file = await makeTestVideo(join(ctx.dir, 'source.mp4'), { width: 320, height: 180, seconds: 2 });
  const { completed } = await uploadVideo(ctx, token('writerA'), file, 'source.mp4');
  ctx.workers();
  const ready = await waitForVideo(ctx, completed.video.id, ['ready']);
  await ctx.stopWorkers();
  if (!ready.originalKey) throw new Error('the source has no original');
  await ctx.storage.put(ready.originalKey, Buffer.from('these bytes are not a video'), 'video/mp4');
  await ctx.db.update(videos).set({ metadata: null }).where(eq(videos.id, ready.id));
  return ready.id;
}

describe('the reason of a failed clip', () => {
  it("is stored as a code and read in the request's language: French for a French clipper", async () => {
    const sourceId = await undecodableSource();
    const posted = await ctx.request({
      method: 'POST',
      url: clipPaths.videoClips(sourceId),
      token: token('clipper'),
      payload: { inSeconds: 0, outSeconds: 1 },
    });
    expect(posted.statusCode, posted.body).toBe(202);
    const { video, job } = posted.json<ClipResponse>();
    ctx.workers();
    const failed = await waitForVideo(ctx, video.id, ['failed', 'ready']);
    await waitForState(ctx.db, job.id, ['failed']);
    await ctx.stopWorkers();
    expect(failed.state).toBe('failed');
    const stored = failed.failureReasonMessage as Message;
    expect(stored.code).toBe('MEDIA_MESSAGES.notVideo');
    const english = renderMessage(stored, 'en');
    const french = renderMessage(stored, 'fr');
    expect(english).toMatch(/^The file is not a video ffmpeg can read: /);
    expect(french).toMatch(/^Le fichier n’est pas une vidéo que ffmpeg sait lire : /);

    // The job: its reason in words in the request's language, and as its Message.
    const jobFr = await ctx.request({ url: jobPaths.job(job.id), token: token('clipper'), headers: inLanguage('fr') });
    expect(jobFr.statusCode, jobFr.body).toBe(200);
    expect(jobFr.json()).toMatchObject({ state: 'failed', lastError: french, lastErrorMessage: stored });
    const jobEn = await ctx.request({ url: jobPaths.job(job.id), token: token('clipper'), headers: inLanguage('en') });
    expect(jobEn.json()).toMatchObject({ state: 'failed', lastError: english, lastErrorMessage: stored });

    // The clip video, read alone and in its source's clip list.
    const clipFr = await ctx.request({
      url: videoPaths.video(video.id),
      token: token('writerA'),
      headers: inLanguage('fr-FR,fr;q=0.9'),
    });
    expect(clipFr.statusCode, clipFr.body).toBe(200);
    expect(clipFr.json()).toMatchObject({ state: 'failed', failureReason: french, failureReasonMessage: stored });
    const clipEn = await ctx.request({ url: videoPaths.video(video.id), token: token('writerA') });
    expect(clipEn.json()).toMatchObject({ state: 'failed', failureReason: english, failureReasonMessage: stored });
    const listFr = await ctx.request({
      url: clipPaths.videoClips(sourceId),
      token: token('clipper'),
      headers: inLanguage('fr'),
    });
    expect(listFr.json().data).toEqual([expect.objectContaining({ id: video.id, failureReason: french })]);
  });

  it("gives every failed job of the list its reason in the request's language", async () => {
    const list = await ctx.request({ url: jobPaths.jobs, token: token('clipper'), headers: inLanguage('fr') });
    expect(list.statusCode, list.body).toBe(200);
    const failed = (list.json() as { state: string; lastError: string; lastErrorMessage: Message }[]).filter(
      (job) => job.state === 'failed',
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const job of failed) expect(job.lastError).toBe(renderMessage(job.lastErrorMessage, 'fr'));
  });
});
