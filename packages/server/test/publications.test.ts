import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import {
  PUBLICATION_EVENT,
  PUBLICATION_MESSAGES,
  type Publication,
  type PublicationEvent,
  PUBLICATIONS_TOPIC,
  publicationsPaths,
} from '@regie/contract/publications';
import { type SocialTarget, socialPaths } from '@regie/contract/social';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createCredentialSeal } from '../src/data-providers/credentials.ts';
import { publications } from '../src/db/publications.table.ts';
import { socialLinks } from '../src/db/social-links.table.ts';
import { runFfmpeg } from '../src/media/ffmpeg.runner.ts';
import { createPublishFaults } from '../src/social/local/local-social.ts';
import { waitFor } from './jobs-fixtures.ts';
import { RealtimeClient } from './realtime-client.ts';
import { linkPlatform } from './social-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * Publishing a video to linked accounts (issue 41 point 2) against the platforms' local
 * stand-ins: YouTube's resumable upload in 16:9, TikTok's chunked direct post in 9:16 (rendered
 * first), each publication's states and stage times, the limits refused before anything is
 * queued, cancel and retry, and another account seeing nothing.
 */

const mediaSecret = randomBytes(24).toString('hex');
const publishFaults = createPublishFaults();
let ctx: VideoTestContext;
let videoId: number;
let baseUrl = '';
let workerConfig: Parameters<VideoTestContext['workers']>[0];
const token = (name: string) => ctx.tokens[name] ?? '';

function call(method: 'GET' | 'POST' | 'DELETE', url: string, as: string, payload?: unknown) {
  return ctx.request({ method, url, token: token(as), ...(payload === undefined ? {} : { payload }) });
}

async function publicationsOf(id: number): Promise<Publication[]> {
  const listed = await call('GET', publicationsPaths.ofVideo(id), 'writerA');
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<{ data: Publication[] }>().data;
}

const isPublished = (payload: unknown, id: number) =>
  (payload as PublicationEvent).id === id && (payload as PublicationEvent).state === 'published';

/** Runs the workers until every publication of the video has ended (published, failed or cancelled). */
async function settled(id: number): Promise<Publication[]> {
  ctx.workers(workerConfig);
  try {
    return await waitFor(
      async () => {
        const found = await publicationsOf(id);
        return found.every((item) => ['published', 'failed', 'cancelled'].includes(item.state)) ? found : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 200, what: 'the publications to settle' },
    );
  } finally {
    await ctx.stopWorkers();
  }
}

beforeAll(async () => {
  ctx = await videoTestContext({ mediaSecret }, { socialPublishFaults: publishFaults });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  baseUrl = `http://127.0.0.1:${port}`;
  workerConfig = {
    config: { ...ctx.config, social: { ...loadConfig({}).social, localUrl: `http://127.0.0.1:${port}` } },
  };
  const file = join(ctx.dir, 'goal.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  videoId = (await uploadVideo(ctx, token('writerA'), file, 'goal.mp4')).completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, videoId, ['ready']);
  await ctx.stopWorkers();
  for (const platform of ['youtube', 'tiktok'] as const) {
    const back = await linkPlatform(ctx, token('writerA'), platform);
    expect(back.searchParams.get('linked')).toBe(platform);
  }
  const channels = await call('GET', socialPaths.targets('youtube'), 'writerA');
  const channel = channels.json<{ data: SocialTarget[] }>().data[0];
  expect(
    (
      await ctx.request({
        method: 'PUT',
        url: socialPaths.target('youtube'),
        token: token('writerA'),
        payload: { id: channel?.id },
      })
    ).statusCode,
  ).toBe(200);
}, 120_000);
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx.cleanup());

describe('publishing a video to linked accounts', () => {
  it('refuses what a platform would refuse, naming the limit, before anything is queued', async () => {
    const refused = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [
        { platform: 'youtube', title: 'a'.repeat(101), caption: '' },
        { platform: 'dailymotion', title: 'Goal', caption: '' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          path: 'targets.0.title',
          message: renderMessage(PUBLICATION_MESSAGES.titleTooLong('YouTube', 100, 101), 'en'),
        },
        { path: 'targets.1.platform', message: renderMessage(PUBLICATION_MESSAGES.notLinked('Dailymotion'), 'en') },
      ]),
    );
    const past = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [{ platform: 'youtube', title: 'Goal', caption: '' }],
      scheduledAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(await publicationsOf(videoId)).toEqual([]);
  });

  it('publishes to YouTube in 16:9 and to TikTok in 9:16 (rendered first), each with its URL and stage times', async () => {
    const watcher = await new RealtimeClient(baseUrl).connect({ token: token('writerA') }, [PUBLICATIONS_TOPIC]);
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [
        { platform: 'youtube', title: 'Bernardi doubles the lead', caption: 'What a goal #RFC' },
        { platform: 'tiktok', caption: 'Bernardi! #RFC #goal' },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<{ data: Publication[] }>().data.map((item) => [item.platform, item.aspect, item.state])).toEqual([
      ['youtube', '16:9', 'queued'],
      ['tiktok', '9:16', 'queued'],
    ]);
    const done = await settled(videoId);
    const youtube = done.find((item) => item.platform === 'youtube');
    const tiktok = done.find((item) => item.platform === 'tiktok');
    expect(youtube).toMatchObject({ state: 'published', error: null, targetName: expect.any(String) });
    expect(youtube?.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(tiktok).toMatchObject({ state: 'published', error: null });
    expect(tiktok?.url).toMatch(/^https:\/\/www\.tiktok\.com\/@/);
    for (const item of [youtube, tiktok]) {
      const stages = item?.stages;
      expect(stages?.queuedAt && stages.uploadStartedAt && stages.uploadedAt && stages.publishedAt).toBeTruthy();
      expect(Date.parse(stages?.publishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(stages?.uploadedAt ?? ''));
    }
    const listed = await call('GET', `${publicationsPaths.list}?state=published`, 'writerA');
    expect(listed.json<{ total: number }>().total).toBe(2);
    // Every open screen followed each one live: queued, its upload's progress, published.
    for (const item of [youtube, tiktok]) {
      await watcher.waitFor(
        (message) => message.type === PUBLICATION_EVENT && isPublished(message.payload, item?.id ?? 0),
      );
      const states = watcher
        .events()
        .filter((message) => message.type === PUBLICATION_EVENT)
        .map((message) => message.payload as PublicationEvent)
        .filter((event) => event.id === item?.id)
        .map((event) => event.state);
      expect(states[0]).toBe('queued');
      expect(states).toContain('uploading');
      expect(states.at(-1)).toBe('published');
    }
    watcher.close();
  });

  it('keeps a scheduled publication until its time; a cancelled one is never sent; another account sees none', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [{ platform: 'youtube', title: 'Tonight’s goal', caption: '' }],
      scheduledAt: later,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const scheduled = asked.json<{ data: Publication[] }>().data[0];
    expect(scheduled).toMatchObject({ state: 'scheduled', scheduledAt: later });
    expect((await call('GET', publicationsPaths.one(scheduled?.id), 'writerB')).statusCode).toBe(404);
    expect((await call('DELETE', publicationsPaths.one(scheduled?.id), 'writerB')).statusCode).toBe(404);
    const cancelled = await call('DELETE', publicationsPaths.one(scheduled?.id), 'writerA');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Publication>().state).toBe('cancelled');
    const [row] = await ctx.db
      .select()
      .from(publications)
      .where(eq(publications.id, scheduled?.id ?? 0));
    expect(row?.uploadStartedAt).toBeNull();
    const published = (await publicationsOf(videoId)).find((item) => item.state === 'published');
    const again = await call('DELETE', publicationsPaths.one(published?.id), 'writerA');
    expect(again.statusCode).toBe(409);
    expect((await call('GET', publicationsPaths.list, 'writerB')).json<{ total: number }>().total).toBe(0);
  });

  it('resumes an upload the platform dropped midway, and the video is on YouTube once', async () => {
    publishFaults.failNextChunk.set('youtube', 1);
    const title = 'The equaliser, resumed';
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [{ platform: 'youtube', title, caption: '' }],
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json<{ data: Publication[] }>().data[0]?.id;
    const done = (await settled(videoId)).find((item) => item.id === id);
    expect(done).toMatchObject({ state: 'published', attempts: 2, error: null });
    // Asked on the platform itself, with the link's own token: one video of that title.
    const [link] = await ctx.db.select().from(socialLinks).where(eq(socialLinks.platform, 'youtube'));
    const tokens = JSON.parse(
      createCredentialSeal(mediaSecret, 'social-tokens').open(link?.sealedTokens ?? '') ?? '{}',
    );
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/local-social/youtube/youtube/v3/search?part=snippet&forMine=true&type=video&maxResults=25',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(search.statusCode, search.body).toBe(200);
    const titles = search.json<{ items: { snippet: { title: string } }[] }>().items.map((item) => item.snippet.title);
    expect(titles.filter((found) => found === title)).toHaveLength(1);
  }, 60_000);
});
