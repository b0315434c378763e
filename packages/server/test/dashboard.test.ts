import { dashboardPath } from '@regie/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanActivities, fans } from '../src/db/fans.table.ts';
import { jobs } from '../src/db/jobs.table.ts';
import { fanProducts, products } from '../src/db/payments.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertPlay, insertVideo, PRODUCER_GRANTS, signIn } from './insights-fixtures.ts';

/** GET dashboard: the account's figures, computed from the rows inserted here. */

let ctx: TestContext;
let producer: { token: string; accountId: number; accountKey: string };

const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 9, n, hour));
const period = '?from=2026-10-01T00:00:00Z&to=2026-10-08T00:00:00Z';
const soon = new Date(Date.now() + 86_400_000);

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await signIn(ctx, PRODUCER_GRANTS);
  const { accountId } = producer;
  await insertEvent(ctx, accountId, { state: 'replay', startsAt: day(2) });
  await insertEvent(ctx, accountId, { state: 'replay', startsAt: day(3) });
  await insertEvent(ctx, accountId, { state: 'live', startsAt: day(7) });
  await insertEvent(ctx, accountId, { state: 'replay', startsAt: day(20) });
  await insertEvent(ctx, accountId, { name: 'Final', state: 'upcoming', startsAt: soon, createdAt: day(1) });
  const upload = await insertVideo(ctx, accountId, { createdAt: day(2), duration: 5_400 });
  const other = await insertVideo(ctx, accountId, { createdAt: day(3), duration: 1_800 });
  await insertVideo(ctx, accountId, { createdAt: day(3), sourceVideoId: upload, clipInSeconds: 0, duration: 30 });
  await insertVideo(ctx, accountId, { createdAt: day(15) });
  await insertPlay(ctx, accountId, upload, day(2));
  await insertPlay(ctx, accountId, upload, day(2, 20));
  await insertPlay(ctx, accountId, other, day(5));
  await insertPlay(ctx, accountId, other, day(9));
  await ctx.db.insert(jobs).values([
    {
      type: 'video.encode',
      state: 'done',
      accountId,
      resourceType: 'Video',
      resourceId: String(upload),
      finishedAt: day(2),
    },
    {
      type: 'video.encode',
      state: 'done',
      accountId,
      resourceType: 'Video',
      resourceId: String(other),
      finishedAt: day(3),
    },
    {
      type: 'video.encode',
      state: 'done',
      accountId,
      resourceType: 'Video',
      resourceId: String(other),
      finishedAt: day(20),
    },
    { type: 'video.encode', state: 'in_progress', progress: 40, accountId, resourceType: 'Video', resourceId: '1' },
    { type: 'video.clip', state: 'waiting', accountId },
    // Waiting to be tried again: work in hand.
    { type: 'video.encode', state: 'waiting', accountId, attempts: 1, runAt: new Date(Date.now() + 60_000) },
    // Scheduled an hour on, never tried (a replaced copy's removal): not listed.
    { type: 'video.purge-replaced', state: 'waiting', accountId, runAt: new Date(Date.now() + 3_600_000) },
  ]);
});
afterAll(() => ctx.close());

describe('GET dashboard', () => {
  it("gives the period's figures in one answer", async () => {
    const response = await ctx.request({ url: `${dashboardPath}${period}`, token: producer.token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.eventsByState).toEqual([
      { state: 'upcoming', count: 0 },
      { state: 'live', count: 1 },
      { state: 'replay', count: 2 },
    ]);
    expect(body.upcoming).toEqual([{ id: expect.any(Number), name: 'Final', startsAt: soon.toISOString() }]);
    expect(body.totals).toEqual({ videosUploaded: 2, hoursEncoded: 2, clips: 1, plays: 3 });
    expect(body.interval).toBe('day');
    expect(body.series[1]).toEqual({ at: '2026-10-02T00:00:00.000Z', plays: 2, clips: 0, videos: 1 });
    expect(body.series[2]).toEqual({ at: '2026-10-03T00:00:00.000Z', plays: 0, clips: 1, videos: 1 });
    expect(body.jobs.total).toBe(3);
    expect(body.jobs.running.map((job: { type: string }) => job.type).sort()).toEqual([
      'video.clip',
      'video.encode',
      'video.encode',
    ]);
  });

  it("shows another account nothing of this one's, and an admin simulating sees the simulated account's", async () => {
    const other = await signIn(ctx, PRODUCER_GRANTS);
    const theirs = (await ctx.request({ url: `${dashboardPath}${period}`, token: other.token })).json();
    expect(theirs.totals).toEqual({ videosUploaded: 0, hoursEncoded: 0, clips: 0, plays: 0 });
    expect(theirs.jobs.total).toBe(0);
    expect(theirs.upcoming).toEqual([]);
    const admin = await ctx.login('admin');
    await ctx.actFor(admin, { id: producer.accountId });
    const simulated = await ctx.request({
      url: `${dashboardPath}${period}`,
      token: admin,
      accountKey: producer.accountKey,
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().totals.plays).toBe(3);
  });

  it('needs conf_player_write or sport_player_write and the DASHBOARD module', async () => {
    const url = `${dashboardPath}${period}`;
    const conference = await signIn(ctx, { roles: ['conf_player_write'], modules: ['BUSINESS_PLAYERS', 'DASHBOARD'] });
    expect((await ctx.request({ url, token: conference.token })).statusCode).toBe(200);
    const noModule = await signIn(ctx, { roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] });
    expect((await ctx.request({ url, token: noModule.token })).statusCode).toBe(403);
    const editor = await signIn(ctx, { roles: ['video_write'], modules: ['VIDEOS', 'DASHBOARD'] });
    expect((await ctx.request({ url, token: editor.token })).statusCode).toBe(403);
    expect((await ctx.request({ url })).statusCode).toBe(401);
  });

  it("adds the fans' figures and their trend when the account has the fans CRM", async () => {
    const club = await signIn(ctx, {
      roles: ['sport_player_write'],
      modules: ['SPORT_EVENTS', 'DASHBOARD', 'FANS_CRM'],
    });
    const accountId = club.accountId;
    const made = await ctx.db
      .insert(fans)
      .values(
        [day(2), day(5), new Date(Date.UTC(2026, 8, 28))].map((createdAt, index) => ({
          accountId,
          email: `fan${index}@dash.example`,
          passwordHash: 'not-a-real-hash',
          nickname: `fan${index}`,
          createdAt,
        })),
      )
      .returning({ id: fans.id });
    const [ada, bob, old] = made.map((row) => row.id);
    if (!ada || !bob || !old) throw new Error('fans not inserted');
    await ctx.db.insert(fanActivities).values([
      { fanId: ada, accountId, type: 'signin', at: day(2) },
      { fanId: ada, accountId, type: 'play', at: day(2, 20) },
      { fanId: bob, accountId, type: 'signin', at: day(5) },
      { fanId: old, accountId, type: 'signin', at: new Date(Date.UTC(2026, 8, 29)) },
    ]);
    const [product] = await ctx.db
      .insert(products)
      .values({ name: 'Season pass', accountId })
      .returning({ id: products.id });
    await ctx.db.insert(fanProducts).values([
      { fanId: ada, productId: product?.id ?? 0, purchasedAt: day(3), expiresAt: null },
      { fanId: old, productId: product?.id ?? 0, purchasedAt: new Date(Date.UTC(2026, 8, 29)), expiresAt: day(4) },
    ]);
    const body = (await ctx.request({ url: `${dashboardPath}${period}`, token: club.token })).json();
    expect(body.fans).toMatchObject({
      active: 2,
      new: 2,
      subscribed: 1,
      newSubscriptions: 1,
      previous: { active: 1, new: 1, subscribed: 1, newSubscriptions: 1 },
    });
    expect(body.fans.series[1]).toEqual({ at: '2026-10-02T00:00:00.000Z', active: 1, new: 1, subscriptions: 0 });
    expect(body.fans.series[2]).toEqual({ at: '2026-10-03T00:00:00.000Z', active: 0, new: 0, subscriptions: 1 });
    // Without the CRM module: no fans figures at all.
    expect((await ctx.request({ url: `${dashboardPath}${period}`, token: producer.token })).json().fans).toBeNull();
  });

  it('defaults to the last 30 days and refuses a reversed period', async () => {
    const body = (await ctx.request({ url: dashboardPath, token: producer.token })).json();
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(30 * 86_400_000);
    const bad = await ctx.request({
      url: `${dashboardPath}?from=2026-10-08T00:00:00Z&to=2026-10-01T00:00:00Z`,
      token: producer.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});
