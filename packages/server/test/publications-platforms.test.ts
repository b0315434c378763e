import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderMessage } from '@regie/contract/messages.render';
import { type Publication, publicationsPaths } from '@regie/contract/publications';
import { SOCIAL_MESSAGES, type SocialPlatform } from '@regie/contract/social';
import { eq } from 'drizzle-orm';
import { TwitterApi } from 'twitter-api-v2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../src/db/videos.table.ts';
import { localGrant } from '../src/social/local/grants.ts';
import { LOCAL_SOCIAL_CLIENT } from '../src/social/local/local-social.ts';
import { LOCAL_SOCIAL_PREFIX, PUBLISH_ENDPOINTS } from '../src/social/social.endpoints.ts';
import { directPublisher, type PublishingContext, publishingContext } from './social-fixtures.ts';
import type { VideoTestContext } from './videos-fixtures.ts';

/**
 * Publishing a video to Facebook (a page's resumable upload), Instagram (a Reels container the
 * platform fetches from a signed URL of this server, 9:16 rendered first), X (chunked media upload,
 * then a post) and Dailymotion (an upload URL, then the video made from the file) against the
 * platforms' local stand-ins: an upload cut midway is resumed by the job's retry, every
 * publication ends published with the platform's URL, each stand-in holds exactly one post, and
 * the thumbnail reaches the platforms that take one (Facebook's picture, Instagram's cover frame).
 */

let publishing: PublishingContext;
let ctx: VideoTestContext;
let videoId: number;
const httpAgent = new Agent();
const call = (...args: Parameters<PublishingContext['call']>) => publishing.call(...args);
const settled = (id: number) => publishing.settled(id);

/** A stand-in's own listing of the posts made on it, read with a token it issued. */
const standIn = (platform: SocialPlatform, path: string) => `${LOCAL_SOCIAL_PREFIX}/${platform}${path}`;

async function postsOn(platform: 'facebook' | 'instagram' | 'twitter' | 'dailymotion'): Promise<string[]> {
  const grant = localGrant(publishing.mediaSecret, platform);
  if (platform === 'twitter') {
    const user = new TwitterApi(
      {
        appKey: LOCAL_SOCIAL_CLIENT.clientId,
        appSecret: LOCAL_SOCIAL_CLIENT.clientSecret,
        accessToken: grant.tokens.accessToken,
        accessSecret: grant.tokens.tokenSecret ?? '',
      },
      { httpAgent },
    );
    const url = `${publishing.base}${standIn('twitter', PUBLISH_ENDPOINTS.twitter.timeline.replace('{userId}', grant.externalId))}`;
    const timeline = (await user.get(url, { max_results: 100 })) as { data?: { id: string }[] };
    return (timeline.data ?? []).map((post) => post.id);
  }
  if (platform === 'dailymotion') {
    const mine = await ctx.app.inject({
      url: `${standIn('dailymotion', PUBLISH_ENDPOINTS.dailymotion.videos)}?limit=100`,
      headers: { authorization: `Bearer ${grant.tokens.accessToken}` },
    });
    return mine.json<{ list: { id: string }[] }>().list.map((video) => video.id);
  }
  const path =
    platform === 'facebook'
      ? PUBLISH_ENDPOINTS.facebook.videos.replace('{pageId}', grant.target?.id ?? '')
      : PUBLISH_ENDPOINTS.instagram.media.replace('{igUserId}', grant.target?.id ?? '');
  const listed = await ctx.app.inject({
    url: `${standIn(platform, path)}?limit=100&access_token=${grant.tokens.targetToken}`,
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<{ data: { id: string }[] }>().data.map((item) => item.id);
}

beforeAll(async () => {
  publishing = await publishingContext(['facebook', 'instagram', 'twitter', 'dailymotion']);
  ({ ctx, videoId } = publishing);
  await publishing.chooseTarget('facebook', 'Riverside FC');
  await publishing.chooseTarget('instagram', '@riversidefc');
}, 120_000);
afterEach(() => ctx.stopWorkers());
afterAll(async () => {
  httpAgent.destroy();
  await ctx.cleanup();
});

describe('publishing to Facebook, Instagram, X and Dailymotion', () => {
  it('publishes to all four, resuming the uploads cut midway, one post on each platform', async () => {
    // The first chunk, segment and file sent fail (503): the job's retry resumes them.
    for (const platform of ['facebook', 'twitter', 'dailymotion'] as const) {
      publishing.publishFaults.failNextChunk.set(platform, 1);
    }
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [
        { platform: 'facebook', title: 'Bernardi doubles the lead', caption: 'What a goal #RFC' },
        { platform: 'instagram', caption: 'Bernardi! #RFC #goal' },
        { platform: 'twitter', caption: 'Bernardi doubles the lead! #RFC' },
        { platform: 'dailymotion', title: 'Bernardi doubles the lead', caption: 'All the goals of the derby' },
      ],
      // Past the end of the 4 s video: the last frames are taken.
      thumbnailSeconds: 30,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<{ data: Publication[] }>().data.map((item) => [item.platform, item.aspect, item.state])).toEqual([
      ['facebook', '16:9', 'queued'],
      ['instagram', '9:16', 'queued'],
      ['twitter', '16:9', 'queued'],
      ['dailymotion', '16:9', 'queued'],
    ]);

    const done = await settled(videoId);
    const of = (platform: SocialPlatform) => done.find((item) => item.platform === platform);
    for (const item of done) {
      expect(item, JSON.stringify(item)).toMatchObject({ state: 'published', error: null });
      const stages = item.stages;
      expect(stages.queuedAt && stages.uploadStartedAt && stages.uploadedAt && stages.publishedAt).toBeTruthy();
      expect(Date.parse(stages.publishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(stages.uploadedAt ?? ''));
    }
    expect(of('facebook')?.url).toMatch(/^https:\/\/www\.facebook\.com\/1001\/videos\/\d+\/$/);
    expect(of('instagram')?.url).toMatch(/^https:\/\/www\.instagram\.com\/reel\/[\w-]+\/$/);
    expect(of('instagram')?.stages.renderedAt).toBeTruthy();
    expect(of('twitter')?.url).toMatch(/^https:\/\/x\.com\/i\/status\/\d+$/);
    expect(of('dailymotion')?.url).toMatch(/^https:\/\/www\.dailymotion\.com\/video\/x\w+$/);
    // The cut uploads took a second attempt, resumed; nothing was left to fail.
    for (const platform of ['facebook', 'twitter', 'dailymotion'] as const) {
      expect(of(platform)?.attempts, platform).toBeGreaterThanOrEqual(2);
      expect(publishing.publishFaults.failNextChunk.has(platform)).toBe(false);
    }
    // The thumbnail: Facebook's a JPEG (the finish's thumb), Instagram's the frame's time
    // (thumb_offset), both within the video; X and Dailymotion take none through their APIs.
    const [video] = await ctx.db.select().from(videos).where(eq(videos.id, videoId));
    const lastFrameMs = Math.round(((video?.duration ?? 0) - 0.25) * 1000);
    const thumbnailOf = (platform: SocialPlatform) =>
      publishing.publishFaults.thumbnails.find(
        (item) => item.platform === platform && item.postId === of(platform)?.externalId,
      );
    expect([...(thumbnailOf('facebook')?.image?.bytes.subarray(0, 2) ?? [])]).toEqual([0xff, 0xd8]);
    expect(thumbnailOf('instagram')?.offsetMs).toBe(lastFrameMs);
    expect(lastFrameMs).toBeGreaterThan(3000);
    expect(thumbnailOf('twitter') ?? thumbnailOf('dailymotion')).toBeUndefined();

    const ids = done.map((item) => item.externalId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const platform of ['facebook', 'instagram', 'twitter', 'dailymotion'] as const) {
      expect(await postsOn(platform), platform).toEqual([of(platform)?.externalId]);
    }

    const again = await call('POST', publicationsPaths.retry(of('twitter')?.id), 'writerA');
    expect(again.statusCode).toBe(409);
  }, 180_000);

  it('says Instagram’s words when it could not fetch the video; a retry makes a new container and publishes once', async () => {
    publishing.publishFaults.failNextChunk.set('instagram', 1);
    const before = await postsOn('instagram');
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [{ platform: 'instagram', caption: 'Full time: 2-0 #RFC' }],
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json<{ data: Publication[] }>().data[0]?.id ?? 0;
    const failed = (await settled(videoId)).find((item) => item.id === id);
    expect(failed?.state).toBe('failed');
    expect(failed?.error).toBe(
      renderMessage(
        SOCIAL_MESSAGES.postRefused(
          'Instagram',
          'Error: Media upload has failed with error code 2207001: Instagram server error. Try again.',
        ),
        'en',
      ),
    );
    expect(await postsOn('instagram')).toEqual(before);

    const retried = await call('POST', publicationsPaths.retry(id), 'writerA');
    expect(retried.statusCode, retried.body).toBe(202);
    const published = (await settled(videoId)).find((item) => item.id === id);
    expect(published).toMatchObject({ state: 'published', error: null });
    expect(published?.url).toMatch(/^https:\/\/www\.instagram\.com\/reel\/[\w-]+\/$/);
    expect(await postsOn('instagram')).toEqual([published?.externalId, ...before]);
  }, 180_000);

  it('finds the post a worker made before it crashed, never posting twice', async () => {
    // The clip's host, for Instagram's fetch.
    const { clip } = publishing;
    const size = (await stat(clip)).size;
    const host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size) });
      createReadStream(clip).pipe(response);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const fileUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/clip.mp4`;
    try {
      for (const platform of ['facebook', 'instagram', 'twitter', 'dailymotion'] as const) {
        const publisher = directPublisher(publishing, platform);
        const before = await postsOn(platform);
        const fields = {
          file: { path: clip, size, url: fileUrl },
          title: 'The crash test',
          caption: `Made once, whatever happens (${platform})`,
          thumbnail: null,
        };
        await expect(publisher.publish({ ...fields, progress: {} }, true)).rejects.toThrow('worker killed');
        expect(publisher.saved().postId ?? null, platform).toBeNull();
        const made = await postsOn(platform);
        expect(made.length, platform).toBe(before.length + 1);

        const resumed = await publisher.publish({ ...fields, progress: publisher.saved() });
        expect(resumed.postId, platform).toBe(made[0]);
        expect(publisher.saved().postId, platform).toBe(made[0]);
        expect(await postsOn(platform), platform).toEqual(made);
      }
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  }, 120_000);
});
