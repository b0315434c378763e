import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { type Publication, publicationsPaths } from '@regie/contract/publications';
import { SOCIAL_MESSAGES, type SocialPlatform, type SocialTarget, socialPaths } from '@regie/contract/social';
import { TwitterApi } from 'twitter-api-v2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { PublicationProgress } from '../src/db/publications.table.ts';
import { runFfmpeg } from '../src/media/ffmpeg.runner.ts';
import { localGrant } from '../src/social/local/grants.ts';
import { createPublishFaults, LOCAL_SOCIAL_CLIENT } from '../src/social/local/local-social.ts';
import { PUBLISHERS } from '../src/social/publish.job.ts';
import type { PublishInput } from '../src/social/publish.types.ts';
import { LOCAL_SOCIAL_PREFIX, PUBLISH_ENDPOINTS } from '../src/social/social.endpoints.ts';
import { createSocialPlatforms } from '../src/social/social.platforms.ts';
import { waitFor } from './jobs-fixtures.ts';
import { linkPlatform } from './social-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * Publishing a video to Facebook (a page's resumable upload), Instagram (a Reels container the
 * platform fetches from a signed URL of this server, 9:16 rendered first), X (chunked media upload,
 * then a post) and Dailymotion (an upload URL, then the video made from the file) against the
 * platforms' local stand-ins: an upload cut midway is resumed by the job's retry, every
 * publication ends published with the platform's URL, and each stand-in holds exactly one post.
 */

const mediaSecret = randomBytes(24).toString('hex');
const publishFaults = createPublishFaults();
let ctx: VideoTestContext;
let videoId: number;
let clip: string;
let base: string;
let workerConfig: Parameters<VideoTestContext['workers']>[0];
const token = (name: string) => ctx.tokens[name] ?? '';
const httpAgent = new Agent();

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: unknown) {
  return ctx.request({ method, url, token: token(as), ...(payload === undefined ? {} : { payload }) });
}

async function publicationsOf(id: number): Promise<Publication[]> {
  const listed = await call('GET', publicationsPaths.ofVideo(id), 'writerA');
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<{ data: Publication[] }>().data;
}

/** Runs the workers until every publication of the video has ended (published, failed or cancelled). */
async function settled(id: number): Promise<Publication[]> {
  ctx.workers(workerConfig);
  try {
    return await waitFor(
      async () => {
        const found = await publicationsOf(id);
        return found.every((item) => ['published', 'failed', 'cancelled'].includes(item.state)) ? found : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: 'the publications to settle' },
    );
  } finally {
    await ctx.stopWorkers();
  }
}

/** A stand-in's own listing of the posts made on it, read with a token it issued. */
const standIn = (platform: SocialPlatform, path: string) => `${LOCAL_SOCIAL_PREFIX}/${platform}${path}`;

async function postsOn(platform: 'facebook' | 'instagram' | 'twitter' | 'dailymotion'): Promise<string[]> {
  const grant = localGrant(mediaSecret, platform);
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
    const url = `${base}${standIn('twitter', PUBLISH_ENDPOINTS.twitter.timeline.replace('{userId}', grant.externalId))}`;
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

async function chooseTarget(platform: 'facebook' | 'instagram', name: string) {
  const targets = (await call('GET', socialPaths.targets(platform), 'writerA')).json<{ data: SocialTarget[] }>().data;
  const target = targets.find((item) => item.name === name);
  expect(target, JSON.stringify(targets)).toBeDefined();
  expect((await call('PUT', socialPaths.target(platform), 'writerA', { id: target?.id })).statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await videoTestContext({ mediaSecret }, { socialPublishFaults: publishFaults });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  workerConfig = {
    config: { ...ctx.config, social: { ...loadConfig({}).social, localUrl: base } },
  };
  const file = join(ctx.dir, 'goal.mp4');
  clip = file;
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  videoId = (await uploadVideo(ctx, token('writerA'), file, 'goal.mp4')).completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, videoId, ['ready']);
  await ctx.stopWorkers();
  for (const platform of ['facebook', 'instagram', 'twitter', 'dailymotion'] as const) {
    const back = await linkPlatform(ctx, token('writerA'), platform);
    expect(back.searchParams.get('linked')).toBe(platform);
  }
  await chooseTarget('facebook', 'Riverside FC');
  await chooseTarget('instagram', '@riversidefc');
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
      publishFaults.failNextChunk.set(platform, 1);
    }
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [
        { platform: 'facebook', title: 'Bernardi doubles the lead', caption: 'What a goal #RFC' },
        { platform: 'instagram', caption: 'Bernardi! #RFC #goal' },
        { platform: 'twitter', caption: 'Bernardi doubles the lead! #RFC' },
        { platform: 'dailymotion', title: 'Bernardi doubles the lead', caption: 'All the goals of the derby' },
      ],
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
      expect(publishFaults.failNextChunk.has(platform)).toBe(false);
    }

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
    publishFaults.failNextChunk.set('instagram', 1);
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
    const size = (await stat(clip)).size;
    const host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size) });
      createReadStream(clip).pipe(response);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const fileUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/clip.mp4`;
    const platforms = createSocialPlatforms({ ...loadConfig({}).social, localUrl: base }, () => base);
    try {
      for (const platform of ['facebook', 'instagram', 'twitter', 'dailymotion'] as const) {
        const setup = platforms.setup(platform, '');
        const factory = PUBLISHERS[platform];
        if (!setup || !factory) throw new Error(`${platform} has no publisher`);
        const publisher = factory(setup);
        const grant = localGrant(mediaSecret, platform);
        const before = await postsOn(platform);
        let saved: PublicationProgress = {};
        const input = (progress: PublicationProgress, crash: boolean): PublishInput => ({
          link: {
            tokens: grant.tokens,
            externalId: grant.externalId,
            accountName: grant.accountName,
            targetId: grant.target?.id ?? null,
          },
          file: { path: clip, size, url: fileUrl },
          title: 'The crash test',
          caption: `Made once, whatever happens (${platform})`,
          idempotencyKey: `crash-${platform}`,
          progress,
          save: async (next) => {
            // The worker dies as the post is saved: the post exists, the progress does not say so.
            if (crash && next.postId) throw new Error('worker killed');
            saved = next;
          },
          onBytes: () => undefined,
          signal: new AbortController().signal,
        });
        await expect(publisher.publish(input({}, true))).rejects.toThrow('worker killed');
        expect(saved.postId ?? null, platform).toBeNull();
        const made = await postsOn(platform);
        expect(made.length, platform).toBe(before.length + 1);

        const resumed = await publisher.publish(input(saved, false));
        expect(resumed.postId, platform).toBe(made[0]);
        expect(saved.postId, platform).toBe(made[0]);
        expect(await postsOn(platform), platform).toEqual(made);
      }
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  }, 120_000);
});
