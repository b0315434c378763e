import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMessage } from '@regie/contract/messages.render';
import { REPOST_MESSAGES, type RepostList, type RepostResponse, repostPaths } from '@regie/contract/reposts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/users.table.ts';
import { videos } from '../src/db/videos.table.ts';
import { waitForState } from './jobs-fixtures.ts';
import { makeTestVideo } from './media-fixtures.ts';
import { type FakePlatforms, startFakePlatforms } from './share-platforms.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

let ctx: VideoTestContext;
let platforms: FakePlatforms;
let original: Buffer;
let eventId: number;
let replayId: number;
const token = (name: string) => ctx.tokens[name] ?? '';

/** A video of the account whose original is stored, in the given state (no encoding needed to post it). */
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
    .set({ originalKey: key, filename: 'final.mp4', contentType: 'video/mp4', size: original.length })
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

beforeAll(async () => {
  platforms = await startFakePlatforms();
  // YouTube is left without credentials: "not configured" on this server.
  ctx = await videoTestContext({ share: { ...platforms.share, youtube: null } });
  original = await readFile(await makeTestVideo(join(ctx.dir, 'final.mp4'), { seconds: 1, width: 320, height: 180 }));
  const producer = await ctx.user('producer', ctx.accountA, ['sport_player_write']);
  await ctx.db
    .update(users)
    .set({ oauth: { dailymotion: { accessToken: 'dailymotion-access' } } })
    .where(eq(users.id, producer.id));
  await ctx.user('unlinked', ctx.accountA, ['sport_player_write']);
  await ctx.user('producerB', ctx.accountB, ['sport_player_write']);
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  replayId = await storedVideo(ctx.accountA.id, 'Final replay', 'ready');
  eventId = await newEvent('producer', { name: 'Final', videoId: replayId });
});
afterEach(() => ctx.stopWorkers());
afterAll(async () => {
  await ctx?.cleanup();
  await platforms?.close();
});

describe('POST events/{id}/reposts', () => {
  it('posts the replay to each linked, configured target and says why the others were not', async () => {
    const response = await repost('producer', {
      targets: ['dailymotion', 'youtube', 'facebook'],
      message: 'What a final!',
    });
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json<RepostResponse>();
    expect(body.videoId).toBe(replayId);
    expect(body.results.map(({ target, outcome }) => [target, outcome])).toEqual([
      ['dailymotion', 'queued'],
      ['youtube', 'not-configured'],
      ['facebook', 'not-linked'],
    ]);
    const job = body.results[0]?.job;
    expect(job).toMatchObject({ type: 'video.share', state: 'waiting' });
    expect(job?.payload).toMatchObject({ videoId: replayId, target: 'dailymotion', message: 'What a final!' });

    ctx.workers();
    const done = await waitForState(ctx.db, job?.id ?? 0, ['done']);
    expect(done.result).toMatchObject({ target: 'dailymotion' });
    expect(platforms.received.map((video) => video.target)).toContain('dailymotion');

    const listed = await ctx.request({ url: repostPaths.list(eventId), token: token('clipper') });
    expect(listed.statusCode).toBe(200);
    const items = listed.json<RepostList>().data;
    expect(items.map((item) => [item.target, item.outcome, item.job?.state ?? null])).toEqual([
      ['facebook', 'not-linked', null],
      ['youtube', 'not-configured', null],
      ['dailymotion', 'queued', 'done'],
    ]);
    expect(items[2]).toMatchObject({ videoTitle: 'Final replay', message: 'What a final!' });
  });

  it("posts one of the event's clips, and nothing else", async () => {
    const clipId = await storedVideo(ctx.accountA.id, 'Goal', 'ready', eventId);
    const clip = await repost('unlinked', { targets: ['dailymotion'], videoId: clipId });
    expect(clip.statusCode, clip.body).toBe(202);
    expect(clip.json<RepostResponse>()).toMatchObject({
      videoId: clipId,
      results: [{ outcome: 'not-linked', job: null }],
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

  it('lets only sport player writers of the account repost', async () => {
    expect((await repost('clipper', { targets: ['dailymotion'] })).statusCode).toBe(403);
    expect((await repost('writerA', { targets: ['dailymotion'] })).statusCode).toBe(403);
    expect((await repost('producerB', { targets: ['dailymotion'] })).statusCode).toBe(404);
    expect((await ctx.request({ url: repostPaths.list(eventId), token: token('producerB') })).statusCode).toBe(404);
    expect((await ctx.request({ url: repostPaths.list(eventId) })).statusCode).toBe(401);
  });
});
