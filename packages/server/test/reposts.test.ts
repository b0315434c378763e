import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { PUBLICATION_MESSAGES, type Publication, publicationsPaths } from '@regie/contract/publications';
import { REPOST_MESSAGES, type RepostList, type RepostResponse, repostPaths } from '@regie/contract/reposts';
import { SOCIAL_MESSAGES, SOCIAL_MODULE } from '@regie/contract/social';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { videos } from '../src/db/videos.table.ts';
import { waitFor } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { linkPlatform } from './social-fixtures.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

/**
 * POST/GET events/{id}/reposts (spec §7): the event's replay or a clip published to the user's
 * linked accounts, one publication per target (issue 41), each target refused on its own; the
 * history shows each target's publication as it is now, with its URL once published.
 */

const mediaSecret = randomBytes(24).toString('hex');
let ctx: VideoTestContext;
let original: Buffer;
let eventId: number;
let replayId: number;
let workerConfig: Parameters<VideoTestContext['workers']>[0];
const token = (name: string) => ctx.tokens[name] ?? '';

/** A video of the account whose original is stored (a 2 s 320×180 MP4), in the given state. */
async function storedVideo(
  accountId: number,
  title: string,
  state: 'ready' | 'processing',
  clipEventId: number | null = null,
): Promise<number> {
  const [row] = await ctx.db.insert(videos).values({ title, accountId, state, clipEventId }).returning();
  if (!row) throw new Error('video not created');
  const key = `videos/${accountId}/${row.id}/original.mp4`;
  await ctx.storage.put(key, original, 'video/mp4');
  await ctx.db
    .update(videos)
    .set({
      originalKey: key,
      filename: 'final.mp4',
      contentType: 'video/mp4',
      size: original.length,
      duration: 2,
      width: 320,
      height: 180,
    })
    .where(eq(videos.id, row.id));
  return row.id;
}

async function newEvent(as: string, body: Record<string, unknown>): Promise<number> {
  const response = await ctx.request({ method: 'POST', url: '/main-api/events', token: token(as), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const repost = (as: string, body: Record<string, unknown>, id = eventId) =>
  ctx.request({ method: 'POST', url: repostPaths.list(id), token: token(as), payload: body });

async function history(as = 'clipper', id = eventId): Promise<RepostList['data']> {
  const listed = await ctx.request({ url: repostPaths.list(id), token: token(as) });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<RepostList>().data;
}

beforeAll(async () => {
  ctx = await videoTestContext({ mediaSecret });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  workerConfig = {
    config: { ...ctx.config, social: { ...loadConfig({}).social, localUrl: `http://127.0.0.1:${port}` } },
  };
  original = await readFile(await makeTestVideo(join(ctx.dir, 'final.mp4'), { seconds: 2, width: 320, height: 180 }));
  await ctx.user('producer', ctx.accountA, ['sport_player_write']);
  for (const platform of ['dailymotion', 'twitter'] as const) {
    const back = await linkPlatform(ctx, token('producer'), platform);
    expect(back.searchParams.get('linked')).toBe(platform);
  }
  await ctx.user('unlinked', ctx.accountA, ['sport_player_write']);
  await ctx.user('producerB', ctx.accountB, ['sport_player_write']);
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  replayId = await storedVideo(ctx.accountA.id, 'Final replay', 'ready');
  eventId = await newEvent('producer', { name: 'Final', videoId: replayId });
}, 120_000);
afterEach(() => ctx.stopWorkers());
afterAll(() => ctx?.cleanup());

describe('POST events/{id}/reposts', () => {
  it('publishes the replay to each linked target, says why the others were refused, and the history follows them', async () => {
    const response = await repost('producer', {
      targets: ['dailymotion', 'youtube', 'twitter'],
      message: 'What a final!',
    });
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json<RepostResponse>();
    expect(body.videoId).toBe(replayId);
    expect(body.results.map(({ target, outcome, reasons }) => [target, outcome, reasons])).toEqual([
      ['dailymotion', 'queued', []],
      ['youtube', 'refused', [renderMessage(PUBLICATION_MESSAGES.notLinked('YouTube'), 'en')]],
      ['twitter', 'queued', []],
    ]);
    const dailymotion = body.results[0]?.publication;
    expect(dailymotion).toMatchObject({
      videoId: replayId,
      platform: 'dailymotion',
      state: 'queued',
      title: 'Final replay',
      caption: 'What a final!',
    });
    expect(body.results[1]?.publication).toBeNull();
    // The publications are the account's, as the publications calls list them.
    const listed = await ctx.request({ url: publicationsPaths.ofVideo(replayId), token: token('writerA') });
    expect(
      listed
        .json<{ data: Publication[] }>()
        .data.map((item) => item.platform)
        .sort(),
    ).toEqual(['dailymotion', 'twitter']);

    ctx.workers(workerConfig);
    const items = await waitFor(
      async () => {
        const found = await history();
        return found.every((item) => item.publication === null || item.publication.state === 'published')
          ? found
          : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the reposts to be published' },
    );
    expect(items.map((item) => [item.target, item.outcome, item.publication?.state ?? null])).toEqual([
      ['twitter', 'queued', 'published'],
      ['youtube', 'refused', null],
      ['dailymotion', 'queued', 'published'],
    ]);
    expect(items[0]?.publication?.url).toMatch(/^https:\/\/x\.com\/i\/status\//);
    expect(items[2]?.publication?.url).toMatch(/^https:\/\/www\.dailymotion\.com\/video\//);
    expect(items[2]).toMatchObject({ videoTitle: 'Final replay', message: 'What a final!', reasons: [] });
    expect(items[1]?.reasons).toEqual([renderMessage(PUBLICATION_MESSAGES.notLinked('YouTube'), 'en')]);
    // Read in French, the refusal is French.
    const french = await ctx.request({
      url: repostPaths.list(eventId),
      token: token('clipper'),
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json<RepostList>().data[1]?.reasons).toEqual([
      renderMessage(PUBLICATION_MESSAGES.notLinked('YouTube'), 'fr'),
    ]);
  }, 90_000);

  it("posts one of the event's clips, refusing each target the user has not linked, and nothing else", async () => {
    const clipId = await storedVideo(ctx.accountA.id, 'Goal', 'ready', eventId);
    const clip = await repost('unlinked', { targets: ['dailymotion', 'facebook'], videoId: clipId });
    expect(clip.statusCode, clip.body).toBe(202);
    expect(clip.json<RepostResponse>()).toEqual({
      videoId: clipId,
      results: [
        {
          target: 'dailymotion',
          outcome: 'refused',
          publication: null,
          reasons: [renderMessage(PUBLICATION_MESSAGES.notLinked('Dailymotion'), 'en')],
        },
        {
          target: 'facebook',
          outcome: 'refused',
          publication: null,
          reasons: [renderMessage(PUBLICATION_MESSAGES.notLinked('Facebook'), 'en')],
        },
      ],
    });

    const stranger = await storedVideo(ctx.accountA.id, 'Other match', 'ready');
    const refused = await repost('producer', { targets: ['dailymotion'], videoId: stranger });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(renderMessage(REPOST_MESSAGES.notEventVideo(stranger)));
    const foreign = await storedVideo(ctx.accountB.id, 'Theirs', 'ready');
    expect((await repost('producer', { targets: ['dailymotion'], videoId: foreign })).statusCode).toBe(400);
    const encoding = await storedVideo(ctx.accountA.id, 'Still encoding', 'processing', eventId);
    const notReady = await repost('producer', { targets: ['dailymotion'], videoId: encoding });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(renderMessage(REPOST_MESSAGES.notReady(encoding)));
  });

  it('refuses a target whose platform limit the post breaks, and publishes to the others', async () => {
    const response = await repost('producer', { targets: ['twitter', 'dailymotion'], message: 'é'.repeat(281) });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<RepostResponse>().results.map(({ outcome, reasons }) => [outcome, reasons])).toEqual([
      ['refused', [renderMessage(PUBLICATION_MESSAGES.captionTooLong('X', 280, 281), 'en')]],
      ['queued', []],
    ]);
  });

  it('answers bad input with a clear 4xx', async () => {
    expect((await repost('producer', { targets: [] })).statusCode).toBe(400);
    expect((await repost('producer', { targets: ['myspace'] })).statusCode).toBe(400);
    const twice = await repost('producer', { targets: ['dailymotion', 'dailymotion'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].message).toBe(renderMessage(REPOST_MESSAGES.duplicateTargets));
    expect((await repost('producer', { targets: ['dailymotion'], message: 'x'.repeat(501) })).statusCode).toBe(400);
    const bare = await newEvent('producer', { name: 'No replay yet' });
    const noVideo = await repost('producer', { targets: ['dailymotion'] }, bare);
    expect(noVideo.statusCode).toBe(409);
    expect(noVideo.json().message).toBe(renderMessage(REPOST_MESSAGES.noVideo(bare)));
  });

  it('lets only sport player writers of an account with social sharing repost', async () => {
    expect((await repost('clipper', { targets: ['dailymotion'] })).statusCode).toBe(403);
    expect((await repost('writerA', { targets: ['dailymotion'] })).statusCode).toBe(403);
    expect((await repost('producerB', { targets: ['dailymotion'] })).statusCode).toBe(404);
    expect((await ctx.request({ url: repostPaths.list(eventId), token: token('producerB') })).statusCode).toBe(404);
    expect((await ctx.request({ url: repostPaths.list(eventId) })).statusCode).toBe(401);

    const plain = await ctx.buildAccount({ modules: MODULE_CODES.filter((code) => code !== SOCIAL_MODULE) });
    await ctx.user('plainProducer', plain, ['sport_player_write']);
    const theirs = await newEvent('plainProducer', { name: 'Friendly' });
    const withoutModule = await repost('plainProducer', { targets: ['dailymotion'] }, theirs);
    expect(withoutModule.statusCode).toBe(403);
    expect(withoutModule.json().message).toBe(renderMessage(SOCIAL_MESSAGES.moduleInactive, 'en'));
  });
});
