import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { PUBLICATION_MESSAGES, type Publication, publicationsPaths } from '@regie/contract/publications';
import { type ShareTarget, videoPaths } from '@regie/contract/videos';
import type { SharesResponse, ShareTargetsResponse } from '@regie/contract/videos.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { auditEntries } from '../src/db/audit.table.ts';
import { publications } from '../src/db/publications.table.ts';
import { videoPendingShares, videos } from '../src/db/videos.table.ts';
import { sharePendingVideo } from '../src/videos/share.pending.ts';
import { enqueueEncode } from '../src/videos/videos.encode.job.ts';
import type { BuiltUser } from './helpers.ts';
import { waitFor } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { linkPlatform } from './social-fixtures.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

/**
 * POST videos/{id}/share/{target} (spec §7) publishes through the user's social link, as a
 * publication (issue 41): against the platforms' local stand-ins, each share ends published with
 * its URL; what the publication would refuse is a clear 4xx.
 */

const mediaSecret = randomBytes(24).toString('hex');
let ctx: VideoTestContext;
let sharer: BuiltUser;
let original: Buffer;
let readyId: number;
let workerConfig: Parameters<VideoTestContext['workers']>[0];
const token = (name: string) => ctx.tokens[name] ?? '';

/** A video of account A whose original is stored (a 2 s 320×180 MP4), in the given state. */
async function storedVideo(title: string, state: 'ready' | 'uploading', description = ''): Promise<number> {
  const [row] = await ctx.db
    .insert(videos)
    .values({ title, description, accountId: ctx.accountA.id, state })
    .returning();
  if (!row) throw new Error('video not created');
  const key = `videos/${ctx.accountA.id}/${row.id}/original.mp4`;
  await ctx.storage.put(key, original, 'video/mp4');
  await ctx.db
    .update(videos)
    .set({
      originalKey: key,
      filename: 'derby.mp4',
      contentType: 'video/mp4',
      size: original.length,
      ...(state === 'ready' ? { duration: 2, width: 320, height: 180 } : {}),
    })
    .where(eq(videos.id, row.id));
  return row.id;
}

function share(id: number, target: ShareTarget, as = 'sharer') {
  return ctx.request({ method: 'POST', url: videoPaths.share(id, target), token: token(as) });
}

async function sharesOf(id: number, as = 'sharer'): Promise<Publication[]> {
  const listed = await ctx.request({ url: videoPaths.shares(id), token: token(as) });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<SharesResponse>().data;
}

/** Runs the workers until the publication has ended (published, failed or cancelled). */
async function settled(videoId: number, id: number): Promise<Publication> {
  ctx.workers(workerConfig);
  try {
    return await waitFor(
      async () => {
        const found = (await sharesOf(videoId)).find((item) => item.id === id);
        return found && ['published', 'failed', 'cancelled'].includes(found.state) ? found : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: `publication ${id} to settle` },
    );
  } finally {
    await ctx.stopWorkers();
  }
}

beforeAll(async () => {
  ctx = await videoTestContext({ mediaSecret });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  workerConfig = {
    config: { ...ctx.config, social: { ...loadConfig({}).social, localUrl: `http://127.0.0.1:${port}` } },
  };
  sharer = await ctx.user('sharer', ctx.accountA, ['video_write']);
  for (const platform of ['dailymotion', 'twitter'] as const) {
    const back = await linkPlatform(ctx, token('sharer'), platform);
    expect(back.searchParams.get('linked')).toBe(platform);
  }
  original = await readFile(await makeTestVideo(join(ctx.dir, 'derby.mp4'), { seconds: 2, width: 320, height: 180 }));
  readyId = await storedVideo('Derby highlights', 'ready', 'Two goals in the last minute #derby');
}, 120_000);
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx?.cleanup());

describe('GET videos/share-targets', () => {
  it('tells each user which targets this server links and which they linked', async () => {
    const mine = await ctx.request({ url: videoPaths.shareTargets, token: token('sharer') });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<ShareTargetsResponse>()).toEqual([
      { target: 'youtube', name: 'YouTube', configured: true, linked: false },
      { target: 'facebook', name: 'Facebook', configured: true, linked: false },
      { target: 'twitter', name: 'X', configured: true, linked: true },
      { target: 'dailymotion', name: 'Dailymotion', configured: true, linked: true },
    ]);
    const other = await ctx.request({ url: videoPaths.shareTargets, token: token('writerA') });
    expect(other.json<ShareTargetsResponse>().map((entry) => entry.linked)).toEqual([false, false, false, false]);
  });
});

describe('POST videos/{id}/share/{target}', () => {
  it.each([
    ['dailymotion', /^https:\/\/www\.dailymotion\.com\/video\/.+$/],
    ['twitter', /^https:\/\/x\.com\/i\/status\/.+$/],
  ] as const)(
    'publishes the video to %s through the link, and the share ends published with its URL',
    async (target, url) => {
      const response = await share(readyId, target);
      expect(response.statusCode, response.body).toBe(202);
      const made = response.json<Publication>();
      expect(made).toMatchObject({
        videoId: readyId,
        platform: target,
        state: 'queued',
        aspect: '16:9',
        title: 'Derby highlights',
        caption: 'Two goals in the last minute #derby',
        url: null,
      });
      // The same publication as the publications calls know, audited there.
      const one = await ctx.request({ url: publicationsPaths.one(made.id), token: token('sharer') });
      expect(one.json<Publication>()).toEqual(made);
      const audited = await ctx.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.resource, 'publications'), eq(auditEntries.resourceId, made.id)));
      expect(audited).toEqual([expect.objectContaining({ action: 'share', userId: sharer.id })]);

      const done = await settled(readyId, made.id);
      expect(done).toMatchObject({ state: 'published', error: null, externalId: expect.any(String) });
      expect(done.url).toMatch(url);
    },
    90_000,
  );

  it('answers the publication under way rather than posting twice', async () => {
    const first = await share(readyId, 'dailymotion');
    expect(first.statusCode, first.body).toBe(202);
    const again = await share(readyId, 'dailymotion');
    expect(again.statusCode).toBe(202);
    expect(again.json<Publication>().id).toBe(first.json<Publication>().id);
    const queued = (await sharesOf(readyId)).filter(
      (item) => item.platform === 'dailymotion' && item.state === 'queued',
    );
    expect(queued).toHaveLength(1);
    expect((await settled(readyId, first.json<Publication>().id)).state).toBe('published');
  }, 90_000);

  it('refuses a target the user has not linked with the publication’s message, and a video not ready', async () => {
    const unlinked = await share(readyId, 'youtube');
    expect(unlinked.statusCode).toBe(400);
    const notLinked = renderMessage(PUBLICATION_MESSAGES.notLinked('YouTube'), 'en');
    expect(unlinked.json()).toMatchObject({ message: notLinked, errors: [{ path: 'platform', message: notLinked }] });
    const french = await ctx.request({
      method: 'POST',
      url: videoPaths.share(readyId, 'facebook'),
      token: token('sharer'),
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json().message).toBe(renderMessage(PUBLICATION_MESSAGES.notLinked('Facebook'), 'fr'));

    const uploading = await storedVideo('Not encoded yet', 'uploading');
    const notReady = await share(uploading, 'dailymotion');
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(renderMessage(PUBLICATION_MESSAGES.videoNotReady, 'en'));
    expect(await ctx.db.select().from(publications).where(eq(publications.videoId, uploading))).toEqual([]);
  });

  it("keeps other accounts' videos and their shares out of reach", async () => {
    const before = (await sharesOf(readyId)).length;
    expect((await share(readyId, 'dailymotion', 'writerB')).statusCode).toBe(404);
    expect((await ctx.request({ url: videoPaths.shares(readyId), token: token('writerB') })).statusCode).toBe(404);
    expect(await sharesOf(readyId)).toHaveLength(before);
  });
});

describe('a share asked for before the video plays (the -dailymotion end of a live)', () => {
  it('waits for the encode, is published once the video is ready, and lands', async () => {
    const id = await storedVideo('Replay of the final', 'uploading');
    await sharePendingVideo(ctx.db, { videoId: id, target: 'dailymotion', userId: sharer.id });
    const [video] = await ctx.db.select().from(videos).where(eq(videos.id, id));
    if (!video) throw new Error('video missing');
    await enqueueEncode(ctx.db, video);
    ctx.workers(workerConfig);
    const published = await waitFor(
      async () => {
        const found = await sharesOf(id);
        return found.length > 0 && found.every((item) => item.state === 'published') ? found : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 200, what: 'the replay to be published' },
    );
    expect(published).toEqual([
      expect.objectContaining({ platform: 'dailymotion', title: 'Replay of the final', userName: 'Test User' }),
    ]);
    expect(published[0]?.url).toMatch(/^https:\/\/www\.dailymotion\.com\/video\//);
    expect(await ctx.db.select().from(videoPendingShares).where(eq(videoPendingShares.videoId, id))).toEqual([]);
  }, 120_000);
});
