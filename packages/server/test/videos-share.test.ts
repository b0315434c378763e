import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { type ShareTarget, VIDEO_JOB_TYPES, VIDEO_MESSAGES, videoPaths } from '@regie/contract/videos';
import type { ShareResult } from '@regie/contract/videos.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/jobs.table.ts';
import { type StoredOauth, users } from '../src/db/users.table.ts';
import { videoPendingShares, videos } from '../src/db/videos.table.ts';
import { sharePendingVideo } from '../src/videos/share.pending.ts';
import { enqueueEncode } from '../src/videos/videos.encode.job.ts';
import type { BuiltUser } from './helpers.ts';
import { jobRow, waitFor, waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { EXPIRED_TOKEN, type FakePlatforms, startFakePlatforms } from './share-platforms.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let platforms: FakePlatforms;
let sharer: BuiltUser;
let original: Buffer;
let readyId: number;

const LINKED: StoredOauth = {
  google: { accessToken: 'google-access', refreshToken: 'google-refresh' },
  facebook: { accessToken: 'facebook-access', pageId: '1024' },
  twitter: { accessToken: 'twitter-access', tokenSecret: 'twitter-secret' },
  dailymotion: { accessToken: 'dailymotion-access' },
};

async function link(user: BuiltUser, oauth: StoredOauth) {
  await ctx.db.update(users).set({ oauth }).where(eq(users.id, user.id));
}

/** A video of account A whose original is stored, in the given state. */
async function storedVideo(title: string, state: 'ready' | 'uploading'): Promise<number> {
  const [row] = await ctx.db.insert(videos).values({ title, accountId: ctx.accountA.id, state }).returning();
  if (!row) throw new Error('video not created');
  const key = `videos/${ctx.accountA.id}/${row.id}/original.mp4`;
  await ctx.storage.put(key, original, 'video/mp4');
  await ctx.db
    .update(videos)
    .set({ originalKey: key, filename: 'derby.mp4', contentType: 'video/mp4', size: original.length })
    .where(eq(videos.id, row.id));
  return row.id;
}

function share(id: number, target: ShareTarget, token = ctx.tokens.sharer ?? '') {
  return ctx.request({ method: 'POST', url: videoPaths.share(id, target), token });
}

beforeAll(async () => {
  platforms = await startFakePlatforms();
  ctx = await videoTestContext({ share: platforms.share });
  sharer = await ctx.user('sharer', ctx.accountA, ['video_write']);
  await link(sharer, LINKED);
  original = await readFile(await makeTestVideo(join(ctx.dir, 'derby.mp4'), { seconds: 2, width: 320, height: 180 }));
  readyId = await storedVideo('Derby highlights', 'ready');
  ctx.workers();
}, 60_000);

afterAll(async () => {
  await ctx?.cleanup();
  await platforms?.close();
});

describe('GET videos/share-targets', () => {
  it('tells each user which targets the server has and which they linked', async () => {
    const mine = await ctx.request({ url: videoPaths.shareTargets, token: ctx.tokens.sharer });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([
      { target: 'youtube', name: 'YouTube', configured: true, linked: true },
      { target: 'facebook', name: 'Facebook', configured: true, linked: true },
      { target: 'twitter', name: 'Twitter', configured: true, linked: true },
      { target: 'dailymotion', name: 'Dailymotion', configured: true, linked: true },
    ]);
    const other = await ctx.request({ url: videoPaths.shareTargets, token: ctx.tokens.writerA });
    expect(other.json().map((entry: { linked: boolean }) => entry.linked)).toEqual([false, false, false, false]);
  });
});

describe('POST videos/{id}/share/{target}', () => {
  it.each([
    ['youtube', /^https:\/\/www\.youtube\.com\/watch\?v=yt\d+$/],
    ['facebook', /^https:\/\/www\.facebook\.com\/1024\/videos\/\d+$/],
    ['twitter', /^https:\/\/x\.com\/i\/status\/\d+$/],
    ['dailymotion', /^https:\/\/www\.dailymotion\.com\/video\/x8\d+$/],
  ] as const)('uploads the original to %s with its client and keeps where it landed', async (target, url) => {
    const response = await share(readyId, target);
    expect(response.statusCode, response.body).toBe(202);
    const { job } = response.json();
    expect(job).toMatchObject({ type: 'video.share', resourceType: 'Video', resourceId: String(readyId) });

    const done = await waitForState(ctx.db, job.id, ['done', 'failed'], 20_000);
    expect(done.lastError).toBeNull();
    const result = done.result as ShareResult;
    const landed = platforms.received.find(
      (video) => video.target === target && video.externalId === result.externalId,
    );
    expect(landed, `${target} received the video`).toBeDefined();
    expect(landed?.bytes.equals(original)).toBe(true);
    expect(landed?.title).toBe('Derby highlights');
    expect(result).toEqual({ target, externalId: landed?.externalId, url: expect.stringMatching(url) });
    expect(done.progress).toBe(100);

    const shares = await ctx.request({ url: videoPaths.shares(readyId), token: ctx.tokens.sharer });
    expect(shares.json().find((entry: { id: number }) => entry.id === job.id)).toMatchObject({
      state: 'done',
      result,
    });
  });

  it('asks to link the platform first, and shares only ready videos', async () => {
    const unlinked = await share(readyId, 'youtube', ctx.tokens.writerA);
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().message).toBe('Link your YouTube account in Settings › Social networks first');

    const uploading = await storedVideo('Not encoded yet', 'uploading');
    const notReady = await share(uploading, 'facebook');
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(renderMessage(VIDEO_MESSAGES.shareNotReady(uploading, 'uploading')));
  });

  it("keeps other accounts' videos and shares out of reach", async () => {
    expect((await share(readyId, 'youtube', ctx.tokens.writerB)).statusCode).toBe(404);
    expect((await ctx.request({ url: videoPaths.shares(readyId), token: ctx.tokens.writerB })).statusCode).toBe(404);
  });

  it.each([
    ['youtube', { google: { accessToken: EXPIRED_TOKEN, refreshToken: EXPIRED_TOKEN } }],
    ['facebook', { facebook: { accessToken: EXPIRED_TOKEN, pageId: '1024' } }],
    ['twitter', { twitter: { accessToken: EXPIRED_TOKEN, tokenSecret: 'secret' } }],
    ['dailymotion', { dailymotion: { accessToken: EXPIRED_TOKEN } }],
  ] as const)('fails at once, saying so, when the %s link has expired', async (target, oauth) => {
    const expired = await ctx.user(`expired-${target}`, ctx.accountA, ['video_write']);
    await link(expired, oauth);
    const response = await share(readyId, target, ctx.tokens[`expired-${target}`]);
    expect(response.statusCode, response.body).toBe(202);
    const failed = await waitForState(ctx.db, response.json().job.id, ['done', 'failed'], 20_000);
    expect(failed.state).toBe('failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBe(renderMessage(VIDEO_MESSAGES.shareLinkExpired(target)));
  });
});

describe('a share asked for before the video plays (the -dailymotion end of a live)', () => {
  it('waits for the encode, is queued once the video is ready, and lands', async () => {
    const id = await storedVideo('Replay of the final', 'uploading');
    await sharePendingVideo(ctx.db, { videoId: id, target: 'dailymotion', userId: sharer.id });
    const [video] = await ctx.db.select().from(videos).where(eq(videos.id, id));
    if (!video) throw new Error('video missing');
    await enqueueEncode(ctx.db, video);
    const shareJob = await waitFor(
      async () => {
        const rows = await ctx.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.type, VIDEO_JOB_TYPES.share), eq(jobs.resourceId, String(id))));
        return rows.length > 0 && rows.every((row) => row.state === 'done') ? rows : undefined;
      },
      { timeoutMs: 60_000, what: 'the replay to be shared' },
    );
    expect(shareJob).toHaveLength(1);
    const [ready] = await ctx.db.select({ state: videos.state }).from(videos).where(eq(videos.id, id));
    expect(ready?.state).toBe('ready');
    expect(
      platforms.received.some((landed) => landed.target === 'dailymotion' && landed.title === 'Replay of the final'),
    ).toBe(true);
    expect(await ctx.db.select().from(videoPendingShares).where(eq(videoPendingShares.videoId, id))).toEqual([]);
  }, 90_000);
});

describe('a platform that cannot be reached', () => {
  it('is tried again later rather than failing the share', async () => {
    const closed = await startFakePlatforms();
    await closed.close();
    // Workers whose Dailymotion is at an address where nothing answers any more.
    await ctx.stopWorkers();
    ctx.workers({ config: { videos: { ...ctx.config.videos, share: closed.share } } });
    const response = await share(readyId, 'dailymotion');
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().job.id;
    const waiting = await waitFor(
      async () => {
        const job = await jobRow(ctx.db, id);
        return job?.state === 'waiting' && job.attempts === 1 ? job : undefined;
      },
      { what: 'a retry to be scheduled' },
    );
    expect(waiting.lastError).toMatch(/^Dailymotion could not be reached: /);
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });
});
