import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { renderMessage } from '@regie/contract/messages.render';
import {
  PUBLICATION_EVENT,
  PUBLICATION_MESSAGES,
  PUBLICATIONS_TOPIC,
  type Publication,
  type PublicationEvent,
  publicationsPaths,
} from '@regie/contract/publications';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialSeal } from '../src/data-providers/credentials.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { publications } from '../src/db/publications.table.ts';
import { socialLinks } from '../src/db/social-links.table.ts';
import { makeThumbnail } from '../src/social/publish.thumbnail.ts';
import { LOCAL_SOCIAL_PREFIX, PUBLISH_ENDPOINTS } from '../src/social/social.endpoints.ts';
import { insertVideo } from './insights-fixtures.ts';
import { RealtimeClient } from './realtime-client.ts';
import { directPublisher, type PublishingContext, publishingContext } from './social-fixtures.ts';
import type { VideoTestContext } from './videos-fixtures.ts';

/**
 * Publishing a video to linked accounts (issue 41 point 2) against the platforms' local
 * stand-ins: YouTube's resumable upload in 16:9, TikTok's chunked direct post in 9:16 (rendered
 * first), each publication's states and stage times, its thumbnail (YouTube's picture, TikTok's
 * cover frame), the limits refused before anything is queued, cancel and retry, and another
 * account seeing nothing.
 */

let publishing: PublishingContext;
let ctx: VideoTestContext;
let videoId: number;
const token = (name: string) => publishing.token(name);
const call = (...args: Parameters<PublishingContext['call']>) => publishing.call(...args);
const publicationsOf = (id: number) => publishing.publicationsOf(id);
const settled = (id: number) => publishing.settled(id, 90_000);

const isPublished = (payload: unknown, id: number) =>
  (payload as PublicationEvent).id === id && (payload as PublicationEvent).state === 'published';

/** The uploads of YouTube's stand-in with this title, asked with a token it issued. */
async function youtubeVideosTitled(accessToken: string, title: string): Promise<number> {
  const search = await ctx.app.inject({
    method: 'GET',
    url: `${LOCAL_SOCIAL_PREFIX}/youtube${PUBLISH_ENDPOINTS.youtube.mine}?part=snippet&forMine=true&type=video&maxResults=50`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(search.statusCode, search.body).toBe(200);
  const titles = search.json<{ items: { snippet: { title: string } }[] }>().items.map((item) => item.snippet.title);
  return titles.filter((found) => found === title).length;
}

beforeAll(async () => {
  publishing = await publishingContext(['youtube', 'tiktok']);
  ({ ctx, videoId } = publishing);
  await publishing.chooseTarget('youtube');
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
    const watcher = await new RealtimeClient(publishing.base).connect({ token: token('writerA') }, [
      PUBLICATIONS_TOPIC,
    ]);
    const asked = await call('POST', publicationsPaths.ofVideo(videoId), 'writerA', {
      targets: [
        { platform: 'youtube', title: 'Bernardi doubles the lead', caption: 'What a goal #RFC' },
        { platform: 'tiktok', caption: 'Bernardi! #RFC #goal' },
      ],
      thumbnailSeconds: 2,
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
    // The frame at 2 s: YouTube got its JPEG (thumbnails.set), TikTok the time of its cover.
    const thumbnails = publishing.publishFaults.thumbnails;
    const onYoutube = thumbnails.find((item) => item.platform === 'youtube' && item.postId === youtube?.externalId);
    expect(onYoutube?.image?.contentType).toBe('image/jpeg');
    expect([...(onYoutube?.image?.bytes.subarray(0, 2) ?? [])]).toEqual([0xff, 0xd8]);
    const onTiktok = thumbnails.find((item) => item.platform === 'tiktok' && item.postId === tiktok?.externalId);
    expect(onTiktok).toMatchObject({ offsetMs: 2000 });
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

  it('takes a live clip playing on its instant copy while its exact cut is made; refuses a ready video with nothing to come', async () => {
    // A live clip's first seconds: ready on the copy of its segments, no original yet, its exact
    // cut queued (nothing runs here: no worker).
    const clipId = await insertVideo(ctx, ctx.accountA.id, {
      title: 'Live goal',
      duration: 4,
      width: 320,
      height: 180,
    });
    const [cut] = await ctx.db
      .insert(jobs)
      .values({
        type: LIVE_JOB_TYPES.clipRender,
        state: 'waiting',
        accountId: ctx.accountA.id,
        resourceType: 'Video',
        resourceId: String(clipId),
        payload: { videoId: clipId },
      })
      .returning();
    const target = [{ platform: 'youtube', title: 'Live goal', caption: '' }];
    const asked = await call('POST', publicationsPaths.ofVideo(clipId), 'writerA', { targets: target });
    expect(asked.statusCode, asked.body).toBe(202);
    const waiting = asked.json<{ data: Publication[] }>().data[0];
    expect(waiting?.state).toBe('queued');
    expect((await call('DELETE', publicationsPaths.one(waiting?.id), 'writerA')).statusCode).toBe(200);
    // The cut given up: a ready video without an original has none to come.
    await ctx.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(eq(jobs.id, cut?.id ?? 0));
    const refused = await call('POST', publicationsPaths.ofVideo(clipId), 'writerA', { targets: target });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(renderMessage(PUBLICATION_MESSAGES.videoNotReady, 'en'));
  });

  it('resumes an upload the platform dropped midway, and the video is on YouTube once', async () => {
    publishing.publishFaults.failNextChunk.set('youtube', 1);
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
      createCredentialSeal(publishing.mediaSecret, 'social-tokens').open(link?.sealedTokens ?? '') ?? '{}',
    );
    expect(await youtubeVideosTitled(tokens.accessToken, title)).toBe(1);
    // No thumbnail was asked for: YouTube keeps its own.
    const thumbnails = publishing.publishFaults.thumbnails;
    expect(thumbnails.some((item) => item.postId === done?.externalId)).toBe(false);
  }, 60_000);

  it('sets the thumbnail again when a worker died after setting it, posting once; a refused one leaves the video posted', async () => {
    const { clip } = publishing;
    const youtube = directPublisher(publishing, 'youtube');
    const file = { path: clip, size: (await stat(clip)).size, url: '' };
    const picture = await makeThumbnail(clip, ctx.dir, 1);
    const fields = { file, title: 'Set twice', caption: '', thumbnail: { seconds: 1, path: picture } };

    // The worker dies as the post is saved: the thumbnail is set, the progress does not say so.
    await expect(youtube.publish({ ...fields, progress: {} }, true)).rejects.toThrow('worker killed');
    expect(youtube.saved().postId ?? null).toBeNull();
    const resumed = await youtube.publish({ ...fields, progress: youtube.saved() });
    expect(youtube.saved().postId).toBe(resumed.postId);
    expect(resumed.thumbnailRefused).toBeUndefined();
    expect(await youtubeVideosTitled(youtube.grant.tokens.accessToken, 'Set twice')).toBe(1);
    const onYoutube = publishing.publishFaults.thumbnails.filter((item) => item.postId === resumed.postId);
    expect(onYoutube.map((item) => [...(item.image?.bytes.subarray(0, 2) ?? [])])).toEqual([[0xff, 0xd8]]);

    const notPicture = join(ctx.dir, 'not-a-picture.jpg');
    await writeFile(notPicture, 'not a picture');
    const thumbnail = { seconds: 1, path: notPicture };
    const posted = await youtube.publish({ ...fields, title: 'Refused thumbnail', thumbnail, progress: {} });
    expect(posted.thumbnailRefused).toMatch(/image content is invalid/);
    expect(youtube.saved().postId).toBe(posted.postId);
  }, 60_000);
});
