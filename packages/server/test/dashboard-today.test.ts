import { type DashboardResponse, dashboardPath } from '@regie/contract/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/events.table.ts';
import { fans } from '../src/db/fans.table.ts';
import { fanGames, predictions } from '../src/db/games.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertPlay, insertVideo, PRODUCER_GRANTS, signIn } from './insights-fixtures.ts';

/** GET dashboard's today's events (issue 46.9): tonight's match first, with what its fans did. */

let ctx: TestContext;
let producer: { token: string; accountId: number; accountKey: string };
const ids: Record<string, number> = {};
const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR);

async function dashboardOf(token: string): Promise<DashboardResponse> {
  const response = await ctx.request({ url: dashboardPath, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardResponse>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  producer = await signIn(ctx, PRODUCER_GRANTS);
  const { accountId } = producer;
  // Kick-off passed an hour ago, not live yet: the match the dashboard used to miss.
  ids.late = await insertEvent(ctx, accountId, { name: 'Late kick-off', state: 'upcoming', startsAt: at(-1) });
  ids.tonight = await insertEvent(ctx, accountId, { name: 'Tonight', state: 'upcoming', startsAt: at(3) });
  // Live whatever its start (a long tournament day begun yesterday).
  ids.live = await insertEvent(ctx, accountId, { name: 'On air', state: 'live', startsAt: at(-30) });
  ids.afternoon = await insertEvent(ctx, accountId, { name: 'This afternoon', state: 'replay', startsAt: at(-5) });
  ids.next = await insertEvent(ctx, accountId, { name: 'Next week', state: 'upcoming', startsAt: at(24 * 7) });
  ids.old = await insertEvent(ctx, accountId, { name: 'Last month', state: 'replay', startsAt: at(-24 * 30) });

  const replay = await insertVideo(ctx, accountId, { duration: 5_400 });
  await ctx.db
    .update(events)
    .set({ videoId: replay })
    .where(eq(events.id, ids.live ?? 0));
  await insertPlay(ctx, accountId, replay, new Date());
  await insertVideo(ctx, accountId, { clipEventId: ids.live, clipInSeconds: 10, duration: 20 });
  await insertVideo(ctx, accountId, { clipEventId: ids.live, clipInSeconds: 40, duration: 20 });
  const [game] = await ctx.db
    .insert(fanGames)
    .values({ accountId, eventId: ids.live, kind: 'predictor', exactScorePoints: 3, rightResultPoints: 1 })
    .returning({ id: fanGames.id });
  const made = await ctx.db
    .insert(fans)
    .values(
      [1, 2, 3].map((n) => ({
        accountId,
        email: `today${n}@dash.example`,
        passwordHash: 'not-a-real-hash',
        nickname: `today${n}`,
      })),
    )
    .returning({ id: fans.id });
  await ctx.db
    .insert(predictions)
    .values(made.map((fan) => ({ gameId: game?.id ?? 0, fanId: fan.id, accountId, home: 1, away: 0 })));
});
afterAll(() => ctx.close());

describe("GET dashboard's today", () => {
  it('lists the live events first, then today’s by start, and leaves later ones to the upcoming list', async () => {
    const body = await dashboardOf(producer.token);
    expect(body.today.map((event) => [event.name, event.state])).toEqual([
      ['On air', 'live'],
      ['This afternoon', 'replay'],
      ['Late kick-off', 'upcoming'],
      ['Tonight', 'upcoming'],
    ]);
    expect(body.upcoming.map((event) => event.name)).toEqual(['Next week']);
  });

  it("gives each of today's events its plays, votes and clips", async () => {
    const body = await dashboardOf(producer.token);
    const live = body.today.find((event) => event.id === ids.live);
    // Its replay's play, its two clips and the three predictions on its game.
    expect(live).toMatchObject({ plays: 1, votes: 3, clips: 2 });
    expect(body.today.find((event) => event.id === ids.tonight)).toMatchObject({ votes: 0, clips: 0 });
  });

  it("shows another account nothing of this one's", async () => {
    const other = await signIn(ctx, PRODUCER_GRANTS);
    const theirs = await dashboardOf(other.token);
    expect(theirs.today).toEqual([]);
    expect(theirs.upcoming).toEqual([]);
  });
});
