import { statsPaths } from '@regie/contract/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertMarker, insertPlay, insertVideo, PRODUCER_GRANTS, signIn } from './insights-fixtures.ts';

/** GET events/{id}/stats: figures computed from the rows inserted here. */

let ctx: TestContext;
let producer: { token: string; accountId: number; accountKey: string };
let eventId: number;

const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 9, n, hour));
const period = '?from=2026-10-01T00:00:00Z&to=2026-10-08T00:00:00Z&interval=day';

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await signIn(ctx, PRODUCER_GRANTS);
  const { accountId } = producer;
  const replay = await insertVideo(ctx, accountId);
  eventId = await insertEvent(ctx, accountId, { videoId: replay });
  // Clips: one cut from the replay, one around a marker (its source since deleted), one of another video.
  const fromReplay = await insertVideo(ctx, accountId, { sourceVideoId: replay, clipInSeconds: 1, createdAt: day(2) });
  const fromMarker = await insertVideo(ctx, accountId, { clipEventId: eventId, clipInSeconds: 1, createdAt: day(3) });
  const unrelated = await insertVideo(ctx, accountId, {
    sourceVideoId: await insertVideo(ctx, accountId),
    clipInSeconds: 1,
  });
  await insertMarker(ctx, accountId, eventId, { createdAt: day(1) });
  await insertMarker(ctx, accountId, eventId, { createdAt: day(1, 18) });
  await insertMarker(ctx, accountId, eventId, { createdAt: day(20) });
  await insertPlay(ctx, accountId, replay, day(1), eventId);
  await insertPlay(ctx, accountId, replay, day(1, 23), eventId);
  await insertPlay(ctx, accountId, replay, day(4));
  await insertPlay(ctx, accountId, fromReplay, day(4));
  await insertPlay(ctx, accountId, fromMarker, day(7, 23));
  await insertPlay(ctx, accountId, unrelated, day(4));
  await insertPlay(ctx, accountId, replay, day(9), eventId);
});
afterAll(() => ctx.close());

describe('GET events/{id}/stats', () => {
  it('counts plays of the replay and its clips, markers and clips, per day', async () => {
    const response = await ctx.request({ url: `${statsPaths.eventStats(eventId)}${period}`, token: producer.token });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.totals).toEqual({ plays: 5, replayPlays: 3, clipPlays: 2, downloads: 0, markers: 2, clips: 2 });
    expect(stats.interval).toBe('day');
    expect(stats.series).toHaveLength(7);
    expect(stats.series[0]).toEqual({ at: '2026-10-01T00:00:00.000Z', plays: 2, downloads: 0, markers: 2, clips: 0 });
    expect(stats.series[3]).toEqual({ at: '2026-10-04T00:00:00.000Z', plays: 2, downloads: 0, markers: 0, clips: 0 });
    expect(stats.series[6]).toEqual({ at: '2026-10-07T00:00:00.000Z', plays: 1, downloads: 0, markers: 0, clips: 0 });
  });

  it('chooses an interval when none is given, weeks starting on Monday', async () => {
    const url = `${statsPaths.eventStats(eventId)}?from=2026-09-01T00:00:00Z&to=2026-12-31T00:00:00Z`;
    const stats = (await ctx.request({ url, token: producer.token })).json();
    expect(stats.interval).toBe('week');
    expect(stats.series[0].at).toBe('2026-08-31T00:00:00.000Z');
    expect(stats.totals.plays).toBe(6);
  });

  it('refuses a bad period with a message naming the field', async () => {
    const cases: [string, string][] = [
      ['?from=2026-10-08T00:00:00Z&to=2026-10-01T00:00:00Z', 'from'],
      ['?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
      ['?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z&interval=hour', 'interval'],
      ['?from=yesterday', 'from'],
      ['?interval=fortnight', 'interval'],
    ];
    for (const [query, field] of cases) {
      const response = await ctx.request({ url: `${statsPaths.eventStats(eventId)}${query}`, token: producer.token });
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().errors), query).toContain(field);
    }
  });

  it("answers 404 for another account's event, 403 without a role, 401 signed out; counts only its account's plays", async () => {
    const other = await signIn(ctx, PRODUCER_GRANTS);
    const url = `${statsPaths.eventStats(eventId)}${period}`;
    expect((await ctx.request({ url, token: other.token })).statusCode).toBe(404);
    const viewer = await signIn(ctx, { roles: ['video_write'], modules: ['VIDEOS'] }, producer.accountId);
    expect((await ctx.request({ url, token: viewer.token })).statusCode).toBe(403);
    expect((await ctx.request({ url })).statusCode).toBe(401);
    const clipper = await signIn(
      ctx,
      { roles: ['liveclipping_write'], modules: ['STREAM_CLIPPING'] },
      producer.accountId,
    );
    expect((await ctx.request({ url, token: clipper.token })).json().totals.plays).toBe(5);
  });
});
