import { embedPaths } from '@regie/contract/embed';
import { statsPaths } from '@regie/contract/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPlayerChapters, businessPlayerClips, businessPlayers } from '../src/db/conferences.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertPlay, insertVideo, signIn } from './insights-fixtures.ts';

/** GET business-players/{id}/stats: figures computed from the rows inserted here and plays reported by the embed. */

let ctx: TestContext;
let organiser: { token: string; accountId: number; accountKey: string };
let conferenceId: number;

const CONFERENCE_GRANTS = { roles: ['conf_player_write' as const], modules: ['BUSINESS_PLAYERS' as const] };
const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 9, n, hour));
const period = '?from=2026-10-01T00:00:00Z&to=2026-10-08T00:00:00Z&interval=day';

async function insertConference(accountId: number, values: Partial<typeof businessPlayers.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(businessPlayers)
    .values({ name: 'Keynote', startsAt: day(1, 9), published: true, accountId, ...values })
    .returning({ id: businessPlayers.id });
  if (!row) throw new Error('conference not inserted');
  return row.id;
}

async function insertChapter(accountId: number, businessPlayerId: number, startSeconds: number, createdAt: Date) {
  await ctx.db
    .insert(businessPlayerChapters)
    .values({ accountId, businessPlayerId, startSeconds, title: `At ${startSeconds}`, createdAt });
}

/** A clip video cut from the conference (as POST …/clips records it). */
async function insertClip(accountId: number, businessPlayerId: number, sourceVideoId: number, createdAt: Date) {
  const videoId = await insertVideo(ctx, accountId, { sourceVideoId, clipInSeconds: 1, createdAt });
  await ctx.db.insert(businessPlayerClips).values({ videoId, businessPlayerId });
  return videoId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  organiser = await signIn(ctx, CONFERENCE_GRANTS);
  const { accountId } = organiser;
  const replay = await insertVideo(ctx, accountId);
  conferenceId = await insertConference(accountId, { videoId: replay });
  const otherConference = await insertConference(accountId, { videoId: await insertVideo(ctx, accountId) });
  const clip = await insertClip(accountId, conferenceId, replay, day(2));
  await insertClip(accountId, conferenceId, replay, day(30));
  const otherClip = await insertClip(accountId, otherConference, replay, day(2));
  await insertChapter(accountId, conferenceId, 0, day(1));
  await insertChapter(accountId, conferenceId, 60, day(3));
  await insertChapter(accountId, conferenceId, 120, day(3, 20));
  await insertChapter(accountId, otherConference, 0, day(3));
  await insertPlay(ctx, accountId, replay, day(4));
  await insertPlay(ctx, accountId, clip, day(5));
  await insertPlay(ctx, accountId, clip, day(5, 22));
  await insertPlay(ctx, accountId, otherClip, day(5));
  await insertPlay(ctx, accountId, replay, day(12));
});
afterAll(() => ctx.close());

const url = (id = conferenceId, query = period) => `${statsPaths.conferenceStats(id)}${query}`;

describe('GET business-players/{id}/stats', () => {
  it('counts plays of the replay and of its clips, chapters and clips made, per day', async () => {
    const response = await ctx.request({ url: url(), token: organiser.token });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.totals).toEqual({ plays: 3, replayPlays: 1, clipPlays: 2, downloads: 0, chapters: 3, clips: 1 });
    expect(stats.interval).toBe('day');
    expect(stats.series).toHaveLength(7);
    expect(stats.series[0]).toEqual({ at: '2026-10-01T00:00:00.000Z', plays: 0, downloads: 0, chapters: 1, clips: 0 });
    expect(stats.series[1]).toEqual({ at: '2026-10-02T00:00:00.000Z', plays: 0, downloads: 0, chapters: 0, clips: 1 });
    expect(stats.series[2]).toEqual({ at: '2026-10-03T00:00:00.000Z', plays: 0, downloads: 0, chapters: 2, clips: 0 });
    expect(stats.series[4]).toEqual({ at: '2026-10-05T00:00:00.000Z', plays: 2, downloads: 0, chapters: 0, clips: 0 });
  });

  it('counts a play the public player reports through the conference embed', async () => {
    const now = new Date();
    const recent = `?from=${new Date(now.getTime() - 3_600_000).toISOString()}&to=${new Date(now.getTime() + 3_600_000).toISOString()}`;
    const before = (await ctx.request({ url: url(conferenceId, recent), token: organiser.token })).json();
    const embed = await ctx.request({ url: embedPaths.conferenceEmbed(conferenceId), token: organiser.token });
    expect(embed.statusCode, embed.body).toBe(200);
    const token = embed.json<{ url: string }>().url.split('/').pop() ?? '';
    const played = await ctx.request({
      method: 'POST',
      url: embedPaths.plays(token),
      payload: { viewId: crypto.randomUUID() },
      remoteAddress: '203.0.113.9',
    });
    expect(played.statusCode, played.body).toBe(200);
    const after = (await ctx.request({ url: url(conferenceId, recent), token: organiser.token })).json();
    expect(after.totals.replayPlays).toBe(before.totals.replayPlays + 1);
    expect(after.totals.plays).toBe(before.totals.plays + 1);
  });

  it('refuses a bad period with a message naming the field', async () => {
    const response = await ctx.request({
      url: url(conferenceId, '?from=2026-10-08T00:00:00Z&to=2026-10-01T00:00:00Z'),
      token: organiser.token,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain('from');
  });

  it('opens to clippers (clip_only), answers 404 to another account and for a missing conference, 403 without the role, 401 signed out', async () => {
    const clipper = await signIn(ctx, { roles: ['clip_only'], modules: ['BUSINESS_PLAYERS'] }, organiser.accountId);
    const seen = await ctx.request({ url: url(), token: clipper.token });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().totals.chapters).toBe(3);
    const other = await signIn(ctx, CONFERENCE_GRANTS);
    const foreign = await ctx.request({ url: url(), token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toContain(`Conference ${conferenceId} not found`);
    expect((await ctx.request({ url: url(999_999), token: organiser.token })).statusCode).toBe(404);
    const sport = await signIn(
      ctx,
      { roles: ['sport_player_write'], modules: ['SPORT_EVENTS', 'BUSINESS_PLAYERS'] },
      organiser.accountId,
    );
    expect((await ctx.request({ url: url(), token: sport.token })).statusCode).toBe(403);
    expect((await ctx.request({ url: url() })).statusCode).toBe(401);
  });

  it('has no replay plays for a conference without a replay video', async () => {
    const bare = await insertConference(organiser.accountId, { videoId: null });
    const stats = (await ctx.request({ url: url(bare), token: organiser.token })).json();
    expect(stats.totals).toEqual({ plays: 0, replayPlays: 0, clipPlays: 0, downloads: 0, chapters: 0, clips: 0 });
  });
});
