import { randomBytes } from 'node:crypto';
import { FAN_ACTIVITY_TYPES, FANS_MESSAGES, fanPaths, fanPublicPaths } from '@regie/contract/fans';
import { fanGamePaths, GAMES_MESSAGES, gamePaths } from '@regie/contract/games';
import type { MotmGame } from '@regie/contract/games.schemas';
import { gameSettingsPaths } from '@regie/contract/games.settings';
import { renderMessage } from '@regie/contract/messages.render';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { accounts } from '../src/db/accounts.table.ts';
import { fanActivities, fanSessions, fans } from '../src/db/fans.table.ts';
import { motmVotes } from '../src/db/games.table.ts';
import { createFanSessions } from '../src/fans/fans.sessions.ts';
import { HttpError } from '../src/http/http.errors.ts';
import type { RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { blockThroughCrm } from './fan-auth-fixtures.ts';
import {
  buildClub,
  buildStaff,
  type Club,
  type Fan,
  fanCall,
  insertMatch,
  moveMatch,
  nextAddress,
  type Staff,
  signUpFan,
  staffCall,
} from './games-fixtures.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { crossProcessHubs } from './hub-fixtures.ts';

/**
 * Fans at burst rate (issue 28.5): a fan's session looked up once per process then cached (and
 * dropped at once, in every process, when it ends), a vote as one statement checked against the
 * rows as they are, its activity written in batches.
 */

let ctx: TestContext;
let club: Club;
let rival: Club;
let staff: Staff;
/** A CRM user's token at the club (blocks, bulk blocks, deletes fans). */
let crmToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await buildClub(ctx);
  rival = await buildClub(ctx);
  staff = await buildStaff(ctx, club, rival);
  await ctx.db
    .update(accounts)
    .set({ modules: sql`array_append(${accounts.modules}, 'FANS_CRM')` })
    .where(eq(accounts.id, club.id));
  const crm = await ctx.buildUser({ accountId: club.id, roles: ['use_crm'] });
  crmToken = await ctx.login(crm.username, crm.password);
});
afterAll(() => ctx.close());

const message = (response: InjectResponse) => response.json<{ message: string }>().message;
const noop = () => undefined;

/** The code of `expected` within `ms` (a drop told through the hub takes a few milliseconds). */
async function eventually(call: () => Promise<InjectResponse>, expected: number, ms = 3_000): Promise<InjectResponse> {
  const until = Date.now() + ms;
  for (;;) {
    const response = await call();
    if (response.statusCode === expected || Date.now() > until) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rejection(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
  return 0;
}

async function sessionIdOf(fan: Fan): Promise<number> {
  const [row] = await ctx.db.select({ id: fanSessions.id }).from(fanSessions).where(eq(fanSessions.fanId, fan.id));
  if (!row) throw new Error('no session');
  return row.id;
}

describe('the fan sessions a process keeps', () => {
  it('answer from memory once looked up, until the entry lapses', async () => {
    let now = Date.now();
    const sessions = createFanSessions(ctx.db, null, { onError: noop, now: () => now, ttlMs: 30_000 });
    const fan = await signUpFan(ctx, club);
    expect(await sessions.resolve(fan.token)).toMatchObject({ fanId: fan.id, accountId: club.id });
    // Ended behind the API's back (no sign-out, no drop): the kept entry still answers, which
    // is why every ending goes through the API's drops.
    await ctx.db.update(fanSessions).set({ endedAt: new Date() }).where(eq(fanSessions.fanId, fan.id));
    expect(await sessions.resolve(fan.token)).toMatchObject({ fanId: fan.id });
    now += 30_001;
    expect(await rejection(sessions.resolve(fan.token))).toBe(401);
  });

  it('never past the session’s own expiry, and never a refusal', async () => {
    let now = Date.now();
    const sessions = createFanSessions(ctx.db, null, { onError: noop, now: () => now, ttlMs: 30_000 });
    const fan = await signUpFan(ctx, club);
    await ctx.db
      .update(fanSessions)
      .set({ expiresAt: new Date(now + 5_000) })
      .where(eq(fanSessions.fanId, fan.id));
    expect(await sessions.resolve(fan.token)).toMatchObject({ fanId: fan.id });
    now += 5_000;
    expect(await rejection(sessions.resolve(fan.token))).toBe(401);
    // An unknown token and a blocked fan are looked up each time: once unblocked, the fan is in.
    const blocked = await signUpFan(ctx, club);
    await ctx.db.update(fans).set({ isBlocked: true }).where(eq(fans.id, blocked.id));
    expect(await rejection(sessions.resolve(blocked.token))).toBe(403);
    await ctx.db.update(fans).set({ isBlocked: false }).where(eq(fans.id, blocked.id));
    expect(await sessions.resolve(blocked.token)).toMatchObject({ fanId: blocked.id });
    expect(await rejection(sessions.resolve(`fan_${randomBytes(8).toString('hex')}`))).toBe(401);
  });

  it('are bounded: beyond the most kept, the oldest is looked up again', async () => {
    const sessions = createFanSessions(ctx.db, null, { onError: noop, maxEntries: 2 });
    const [first, second, third] = await Promise.all([
      signUpFan(ctx, club),
      signUpFan(ctx, club),
      signUpFan(ctx, club),
    ]);
    for (const fan of [first, second, third]) await sessions.resolve(fan.token);
    await ctx.db
      .update(fanSessions)
      .set({ endedAt: new Date() })
      .where(sql`${fanSessions.fanId} in (${first.id}, ${third.id})`);
    // The first was dropped for the third: read again, ended. The third is still kept.
    expect(await rejection(sessions.resolve(first.token))).toBe(401);
    expect(await sessions.resolve(third.token)).toMatchObject({ fanId: third.id });
  });

  it('look up a crowd’s first calls together, each token answered with its own fan, refusals apart', async () => {
    const sessions = createFanSessions(ctx.db, null, { onError: noop });
    const crowd = await Promise.all(Array.from({ length: 12 }, () => signUpFan(ctx, club)));
    const rivals = await Promise.all(Array.from({ length: 3 }, () => signUpFan(ctx, rival)));
    const blocked = crowd[5];
    const ended = crowd[7];
    if (!blocked || !ended) throw new Error('no crowd');
    await ctx.db.update(fans).set({ isBlocked: true }).where(eq(fans.id, blocked.id));
    await ctx.db.update(fanSessions).set({ endedAt: new Date() }).where(eq(fanSessions.fanId, ended.id));
    const everyone = [...crowd, ...rivals];
    const unknown = `fan_${randomBytes(8).toString('hex')}`;
    // All asked in the same turn of the event loop (one lookup), some tokens twice.
    const answers = await Promise.allSettled([
      ...everyone.map((fan) => sessions.resolve(fan.token)),
      sessions.resolve(unknown),
      ...everyone.map((fan) => sessions.resolve(fan.token)),
    ]);
    const expected = (fan: Fan) =>
      fan === blocked
        ? 403
        : fan === ended
          ? 401
          : { fanId: fan.id, accountId: rivals.includes(fan) ? rival.id : club.id };
    const outcome = (answer: PromiseSettledResult<unknown>) =>
      answer.status === 'fulfilled'
        ? {
            fanId: (answer.value as { fanId: number }).fanId,
            accountId: (answer.value as { accountId: number }).accountId,
          }
        : answer.reason instanceof HttpError
          ? answer.reason.statusCode
          : String(answer.reason);
    expect(answers.map(outcome)).toEqual([...everyone.map(expected), 401, ...everyone.map(expected)]);
  });

  it('drop a signed-out session at once', async () => {
    const fan = await signUpFan(ctx, club);
    expect((await fanCall(ctx, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    expect((await fanCall(ctx, fan, 'POST', fanPublicPaths.signout)).statusCode).toBe(204);
    const after = await fanCall(ctx, fan, 'GET', fanPublicPaths.me);
    expect(after.statusCode).toBe(401);
    expect(message(after)).toBe(renderMessage(FANS_MESSAGES.signedOut, 'en'));
  });

  it('drop a blocked fan at once, one by one or in bulk, and a deleted one', async () => {
    const fan = await signUpFan(ctx, club);
    expect((await fanCall(ctx, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    await blockThroughCrm(ctx, fan.id);
    const blocked = await fanCall(ctx, fan, 'GET', fanPublicPaths.me);
    expect(blocked.statusCode).toBe(403);
    expect(message(blocked)).toBe(renderMessage(FANS_MESSAGES.blocked, 'en'));
    await blockThroughCrm(ctx, fan.id, false);
    expect((await fanCall(ctx, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);

    // The CRM's bulk block.
    const [email] = await ctx.db.select({ email: fans.email }).from(fans).where(eq(fans.id, fan.id));
    const bulk = await staffCall(ctx, crmToken, 'POST', fanPaths.bulk, {
      filter: { search: email?.email },
      isBlocked: true,
    });
    expect(bulk.json()).toMatchObject({ changed: 1 });
    expect((await fanCall(ctx, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(403);

    const deleted = await signUpFan(ctx, club);
    expect((await fanCall(ctx, deleted, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    expect((await staffCall(ctx, crmToken, 'DELETE', fanPaths.fan(deleted.id))).statusCode).toBe(204);
    expect((await fanCall(ctx, deleted, 'GET', fanPublicPaths.me)).statusCode).toBe(401);
  });
});

async function openGame(): Promise<{ eventId: number; game: MotmGame }> {
  const eventId = await insertMatch(ctx, club);
  const made = await staffCall(ctx, staff.motm, 'POST', gamePaths('motm').list, { eventId });
  expect(made.statusCode, made.body).toBe(201);
  await moveMatch(ctx, eventId, -130); // ended 10 minutes ago: voting open for 20 more
  return { eventId, game: made.json<MotmGame>() };
}

describe('a MOTM vote', () => {
  it('is refused once staff closed the window, as soon as the write returned', async () => {
    const { game } = await openGame();
    const [home, away] = club.challengerIds as [number, number];
    const [early, late] = await Promise.all([signUpFan(ctx, club), signUpFan(ctx, club)]);
    // The game's checks are cached by this vote.
    expect((await fanCall(ctx, early, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(
      201,
    );
    const closed = await staffCall(ctx, staff.motm, 'PUT', gamePaths('motm').game(game.id), {
      closesAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await fanCall(ctx, late, 'POST', fanGamePaths.vote(game.id), { challengerId: away });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(renderMessage(GAMES_MESSAGES.votingNotOpen, 'en'));
    // Opened again: the same fan's vote goes in.
    await staffCall(ctx, staff.motm, 'PUT', gamePaths('motm').game(game.id), { closesAt: null });
    expect((await fanCall(ctx, late, 'POST', fanGamePaths.vote(game.id), { challengerId: away })).statusCode).toBe(201);
    // The account's window settings count at once too: no more voting after the end.
    const settings = await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, {
      votingMinutesAfterEnd: 5,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const third = await signUpFan(ctx, club);
    expect((await fanCall(ctx, third, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(
      409,
    );
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { votingMinutesAfterEnd: 30 });
  });

  it('answers as before: 404 for another club’s game, 400 for a non-candidate, 409 a second time', async () => {
    const { game } = await openGame();
    const [fan, stranger] = await Promise.all([signUpFan(ctx, club), signUpFan(ctx, rival)]);
    const [home, away] = club.challengerIds as [number, number];
    expect((await fanCall(ctx, stranger, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(
      404,
    );
    const notCandidate = await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: club.strangerId });
    expect(notCandidate.statusCode).toBe(400);
    expect(message(notCandidate)).toBe(renderMessage(GAMES_MESSAGES.notCandidate(club.strangerId), 'en'));
    expect((await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(201);
    const twice = await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: away });
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(renderMessage(GAMES_MESSAGES.alreadyVoted, 'en'));
  });

  it('has its activity and the fan’s lastActiveAt written by the batch writer', async () => {
    const { eventId, game } = await openGame();
    const fan = await signUpFan(ctx, club);
    const [home] = club.challengerIds as [number];
    const before = Date.now();
    expect((await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(201);
    await ctx.app.fanActivityWriter.flush();
    const rows = await ctx.db
      .select()
      .from(fanActivities)
      .where(and(eq(fanActivities.fanId, fan.id), eq(fanActivities.type, FAN_ACTIVITY_TYPES[6])));
    expect(rows.map((row) => [row.eventId, row.payload])).toEqual([[eventId, { gameId: game.id, challengerId: home }]]);
    const [seen] = await ctx.db.select({ lastActiveAt: fans.lastActiveAt }).from(fans).where(eq(fans.id, fan.id));
    expect(seen?.lastActiveAt?.getTime()).toBe(rows[0]?.at.getTime());
    expect(seen?.lastActiveAt?.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('answers each vote of a burst as it would alone: the right refusal for each, one vote per fan', async () => {
    const { game } = await openGame();
    const [fan, other, stranger] = await Promise.all([
      signUpFan(ctx, club),
      signUpFan(ctx, club),
      signUpFan(ctx, rival),
    ]);
    const [home, away] = club.challengerIds as [number, number];
    const post = (who: Fan, challengerId: number) =>
      fanCall(ctx, who, 'POST', fanGamePaths.vote(game.id), { challengerId });
    // Sent together: written by one statement.
    const [first, second, notCandidate, foreign, valid] = await Promise.all([
      post(fan, home),
      post(fan, away),
      post(other, club.strangerId),
      post(stranger, home),
      post(other, away),
    ]);
    const own = [first, second].map((response) => response.statusCode).sort();
    expect(own).toEqual([201, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    expect(message(refused as InjectResponse)).toBe(renderMessage(GAMES_MESSAGES.alreadyVoted, 'en'));
    expect(notCandidate?.statusCode).toBe(400);
    expect(message(notCandidate as InjectResponse)).toBe(
      renderMessage(GAMES_MESSAGES.notCandidate(club.strangerId), 'en'),
    );
    expect(foreign?.statusCode).toBe(404);
    expect(valid?.statusCode).toBe(201);
    const stored = await ctx.db
      .select({ fanId: motmVotes.fanId, challengerId: motmVotes.challengerId })
      .from(motmVotes)
      .where(eq(motmVotes.gameId, game.id));
    const accepted = first?.statusCode === 201 ? home : away;
    expect(stored.sort((a, b) => a.fanId - b.fanId)).toEqual(
      [
        { fanId: fan.id, challengerId: accepted },
        { fanId: other.id, challengerId: away },
      ].sort((a, b) => a.fanId - b.fanId),
    );
  });

  it('counts once per fan under 200 identical posts at once', async () => {
    const { game } = await openGame();
    const [home] = club.challengerIds as [number];
    // 20 fans × 10 identical posts (a fan's calls are limited per minute: the crowd sends them).
    const crowd = await Promise.all(Array.from({ length: 20 }, () => signUpFan(ctx, club)));
    const posts = crowd.flatMap((fan) => Array.from({ length: 10 }, () => fan));
    const answers = await Promise.all(
      posts.map((fan) => fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: home })),
    );
    for (const fan of crowd) {
      const own = answers.filter((_, index) => posts[index] === fan).map((response) => response.statusCode);
      expect(own.sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    }
    const [stored] = await ctx.db
      .execute(sql`select count(*)::int as n from motm_votes where game_id = ${game.id}`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(stored?.n).toBe(20);
  }, 120_000);
});

describe('across API processes', () => {
  let hubs: [RealtimeHub, RealtimeHub];
  let one: App;
  let two: App;
  const resyncs: (() => void)[] = [];

  beforeAll(async () => {
    hubs = await crossProcessHubs(ctx.databaseUrl);
    const watched: RealtimeHub = {
      ...hubs[1],
      onResync: (listener) => {
        resyncs.push(listener);
        return hubs[1].onResync(listener);
      },
    };
    const shared = { ...ctx.database, migrate: async () => undefined, close: async () => undefined };
    one = await buildApp(testConfig(), { database: shared, hub: hubs[0] });
    two = await buildApp(testConfig(), { database: shared, hub: watched });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await Promise.all((hubs ?? []).map((hub) => hub.close()));
  });

  const on = (app: App, fan: Fan, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: { authorization: `Bearer ${fan.token}` },
      ...(payload ? { payload } : {}),
    });
  const staffOn = (app: App, method: 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${staff.motm}` }, payload });

  it('a sign-out on one process refuses the session on the other', async () => {
    const fan = await signUpFan(ctx, club);
    expect((await on(two, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    expect((await on(one, fan, 'POST', fanPublicPaths.signout)).statusCode).toBe(204);
    // Kept 30 s otherwise: refused within moments, by the drop told through the hub.
    expect((await eventually(() => on(two, fan, 'GET', fanPublicPaths.me), 401)).statusCode).toBe(401);
  });

  it('a fan blocked through another process is refused', async () => {
    const fan = await signUpFan(ctx, club);
    expect((await on(two, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    const blocked = await one.inject({
      method: 'PUT',
      url: fanPaths.extended(fan.id),
      headers: { authorization: `Bearer ${crmToken}` },
      payload: { isBlocked: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await eventually(() => on(two, fan, 'GET', fanPublicPaths.me), 403)).statusCode).toBe(403);
  });

  it('a hub resync empties the cache', async () => {
    const fan = await signUpFan(ctx, club);
    expect((await on(two, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    await ctx.db
      .update(fanSessions)
      .set({ endedAt: new Date() })
      .where(eq(fanSessions.id, await sessionIdOf(fan)));
    // Ended behind the API's back: still kept...
    expect((await on(two, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(200);
    // ...until the hub says events may have been missed.
    for (const resync of resyncs) resync();
    expect((await on(two, fan, 'GET', fanPublicPaths.me)).statusCode).toBe(401);
  });

  it('a window closed on one process refuses votes on the other at once', async () => {
    const { game } = await openGame();
    const [home] = club.challengerIds as [number];
    const [first, second] = await Promise.all([signUpFan(ctx, club), signUpFan(ctx, club)]);
    expect((await on(two, first, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(201);
    const closed = await staffOn(one, 'PUT', gamePaths('motm').game(game.id), {
      closesAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // No waiting: the vote's statement reads the window as it is.
    expect((await on(two, second, 'POST', fanGamePaths.vote(game.id), { challengerId: home })).statusCode).toBe(409);
  });
});
