import { FAN_ACTIVITY_TYPES } from '@regie/contract/fans';
import {
  fanGamePaths,
  GAMES_MESSAGES,
  gamePaths,
  MOTM_EVENTS,
  MOTM_EXPORT_COLUMNS,
  motmResultsPath,
} from '@regie/contract/games';
import type { FanMotmGame, MotmContestant, MotmGame, MotmResults } from '@regie/contract/games.schemas';
import { gameSettingsPaths } from '@regie/contract/games.settings';
import { renderMessage } from '@regie/contract/messages.render';
import { eventTopic } from '@regie/contract/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/events.table.ts';
import { fanActivities } from '../src/db/fans.table.ts';
import { DEMO_MATCH_NAME } from '../src/seed/events.seed.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import {
  blockFan,
  buildClub,
  buildStaff,
  type Club,
  csvLines,
  type Fan,
  fanCall,
  insertMatch,
  moveMatch,
  type Staff,
  signUpFan,
  staffCall,
} from './games-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { RealtimeClient } from './realtime-client.ts';

/** Man of the match: candidates from the event, the voting window, one vote per fan, live results. */

const paths = gamePaths('motm');
let ctx: TestContext;
let baseUrl: string;
let club: Club;
let rival: Club;
let staff: Staff;

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  club = await buildClub(ctx);
  rival = await buildClub(ctx);
  staff = await buildStaff(ctx, club, rival);
});
afterAll(() => ctx.close());

const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;
const hour = 3600_000;

async function makeGame(eventId: number, body: object = {}): Promise<MotmGame> {
  const made = await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId, ...body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<MotmGame>();
}

describe('MOTM games (staff)', () => {
  it('take the event’s challengers as candidates, and the window from the account’s settings', async () => {
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, {
      openAtKickoff: false,
      votingMinutesAfterEnd: 30,
    });
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    expect(game.candidates.map((candidate) => candidate.name)).toEqual(['Lions', 'Tigers', 'Star Striker']);
    const { window } = game;
    expect(window.open).toBe(false);
    // Opens at the end of the match, closes 30 minutes later.
    expect(Date.parse(window.closesAt ?? '') - Date.parse(window.opensAt ?? '')).toBe(30 * 60_000);
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { openAtKickoff: true });
    const reread = await staffCall(ctx, staff.motm, 'GET', paths.game(game.id));
    const opened = reread.json<MotmGame>().window;
    expect(Date.parse(opened.closesAt ?? '') - Date.parse(opened.opensAt ?? '')).toBe(hour + 30 * 60_000);
    const again = await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId });
    expect(again.statusCode).toBe(409);
    const listed = await staffCall(ctx, staff.motm, 'GET', `${paths.list}?eventId=${eventId}`);
    expect(listed.json<{ data: MotmGame[] }>().data.map((row) => row.id)).toEqual([game.id]);
  });

  it('set their own window and candidates, only challengers of the event', async () => {
    const eventId = await insertMatch(ctx, club);
    const [home, , listed] = club.challengerIds as [number, number, number];
    const stranger = await staffCall(ctx, staff.motm, 'POST', paths.list, {
      eventId,
      candidateIds: [home, club.strangerId],
    });
    expect(stranger.statusCode).toBe(400);
    expect(message(stranger)).toBe(renderMessage(GAMES_MESSAGES.notEventChallengers([club.strangerId]), 'en'));
    const opensAt = new Date(Date.now() - 60_000).toISOString();
    const closesAt = new Date(Date.now() + hour).toISOString();
    const game = await makeGame(eventId, { candidateIds: [listed, home], opensAt, closesAt });
    expect(game.candidates.map((candidate) => candidate.challengerId)).toEqual([listed, home]);
    expect(game.window).toEqual({ opensAt, closesAt, open: true });
    const backwards = await staffCall(ctx, staff.motm, 'PUT', paths.game(game.id), { closesAt: opensAt });
    expect(backwards.statusCode).toBe(400);
    const inverted = await staffCall(ctx, staff.motm, 'PUT', paths.game(game.id), { opensAt: closesAt });
    expect(inverted.statusCode).toBe(400);
    const cleared = await staffCall(ctx, staff.motm, 'PUT', paths.game(game.id), {
      opensAt: null,
      closesAt: null,
      candidateIds: [],
    });
    expect(cleared.json<MotmGame>()).toMatchObject({ opensAt: null, closesAt: null });
    expect(cleared.json<MotmGame>().candidates).toHaveLength(3);
    // The game's history: made with its window and candidates, then cleared (refused calls wrote nothing).
    const history = await auditReader(ctx)(club.id, { resource: 'fan-games', resourceId: game.id });
    const all = cleared.json<MotmGame>().candidates.map((candidate) => candidate.challengerId);
    expect(history.map((entry) => [entry.action, entry.changes])).toEqual([
      [
        'update',
        {
          opensAt: { before: opensAt, after: null },
          closesAt: { before: closesAt, after: null },
          candidateIds: { before: [listed, home], after: all },
        },
      ],
      [
        'create',
        {
          kind: { before: null, after: 'motm' },
          eventId: { before: null, after: eventId },
          opensAt: { before: null, after: opensAt },
          closesAt: { before: null, after: closesAt },
          candidateIds: { before: null, after: [listed, home] },
        },
      ],
    ]);
  });

  it('need MOTM activated on the event, and challengers on it', async () => {
    const inactive = await insertMatch(ctx, club, { activatedModules: ['ADDON_PREDICTOR'] });
    const refused = await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId: inactive });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(renderMessage(GAMES_MESSAGES.motmInactive, 'en'));
    const empty = await ctx.request({
      method: 'POST',
      url: paths.list,
      token: staff.motm,
      payload: { eventId: await insertEmptyMatch() },
    });
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toBe(renderMessage(GAMES_MESSAGES.noCandidates, 'en'));
  });

  it('are for MOTM writers: read_only reads, others are refused, another account gets 404', async () => {
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    expect((await staffCall(ctx, staff.readOnly, 'GET', paths.game(game.id))).statusCode).toBe(200);
    expect((await staffCall(ctx, staff.readOnly, 'GET', motmResultsPath(game.id))).statusCode).toBe(200);
    expect((await staffCall(ctx, staff.readOnly, 'DELETE', paths.game(game.id))).statusCode).toBe(403);
    expect((await staffCall(ctx, staff.predictor, 'GET', paths.game(game.id))).statusCode).toBe(403);
    expect((await staffCall(ctx, staff.eventWriter, 'GET', paths.game(game.id))).statusCode).toBe(403);
    for (const url of [
      paths.game(game.id),
      motmResultsPath(game.id),
      paths.contestantsExport(game.id),
      paths.gifts(game.id),
    ]) {
      expect((await staffCall(ctx, staff.rival, 'GET', url)).statusCode, url).toBe(404);
    }
    // A predictor game's id is no MOTM game.
    const predictor = await staffCall(ctx, staff.predictor, 'POST', gamePaths('predictor').list, { eventId });
    const predictorId = predictor.json<{ id: number }>().id;
    expect((await staffCall(ctx, staff.motm, 'GET', paths.game(predictorId))).statusCode).toBe(404);
    expect((await staffCall(ctx, staff.motm, 'DELETE', paths.game(game.id))).statusCode).toBe(204);
  });
});

async function insertEmptyMatch(): Promise<number> {
  return insertMatch(ctx, { ...club, challengerIds: [] }, { homeChallengerId: null, awayChallengerId: null });
}

describe('votes (fans)', () => {
  let eventId: number;
  let game: MotmGame;
  const voters: Fan[] = [];

  beforeAll(async () => {
    eventId = await insertMatch(ctx, club);
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { openAtKickoff: false, showLiveResults: true });
    game = await makeGame(eventId);
    for (let index = 0; index < 3; index += 1) voters.push(await signUpFan(ctx, club));
  });

  it('are refused before voting opens', async () => {
    const [first] = voters as [Fan];
    const [home] = club.challengerIds as [number];
    const read = await fanCall(ctx, first, 'GET', fanGamePaths.motm(eventId));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<FanMotmGame>()).toMatchObject({ id: game.id, open: false, vote: null, results: null });
    const early = await fanCall(ctx, first, 'POST', fanGamePaths.vote(game.id), { challengerId: home });
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(renderMessage(GAMES_MESSAGES.votingNotOpen, 'en'));
  });

  it('count once per fan, go live to the event’s screens and are recorded as activities', async () => {
    await moveMatch(ctx, eventId, -130); // ended 10 minutes ago: voting is open for 20 more
    const [first, second] = voters as [Fan, Fan];
    const [home, away] = club.challengerIds as [number, number];
    const socket = await new RealtimeClient(baseUrl).connect({ token: staff.motm }, [eventTopic(eventId)]);
    try {
      const made = await fanCall(ctx, first, 'POST', fanGamePaths.vote(game.id), { challengerId: home });
      expect(made.statusCode, made.body).toBe(201);
      const live = await socket.waitFor((event) => event.type === MOTM_EVENTS.results);
      expect(live.topic).toBe(eventTopic(eventId));
      expect(live.payload).toMatchObject({ gameId: game.id, total: 1 });
      const twice = await fanCall(ctx, first, 'POST', fanGamePaths.vote(game.id), { challengerId: away });
      expect(twice.statusCode).toBe(409);
      expect(message(twice)).toBe(renderMessage(GAMES_MESSAGES.alreadyVoted, 'en'));
      const notCandidate = await fanCall(ctx, second, 'POST', fanGamePaths.vote(game.id), {
        challengerId: club.strangerId,
      });
      expect(notCandidate.statusCode).toBe(400);
      await fanCall(ctx, second, 'POST', fanGamePaths.vote(game.id), { challengerId: away });
      await socket.waitFor((event) => (event.payload as MotmResults | undefined)?.total === 2);
    } finally {
      socket.close();
    }
    // The votes' activities and the fans' lastActiveAt go through the batch writer (issue 28.5).
    await ctx.app.fanActivityWriter.flush();
    const activities = await ctx.db
      .select()
      .from(fanActivities)
      .where(and(eq(fanActivities.fanId, first.id), eq(fanActivities.type, FAN_ACTIVITY_TYPES[6])));
    expect(activities.map((row) => [row.eventId, row.payload])).toEqual([
      [eventId, { gameId: game.id, challengerId: home }],
    ]);
    const seen = await fanCall(ctx, first, 'GET', fanGamePaths.motm(eventId));
    expect(seen.json<FanMotmGame>()).toMatchObject({ open: true, vote: home, results: { total: 2 } });
    const results = await staffCall(ctx, staff.motm, 'GET', motmResultsPath(game.id));
    expect(results.json<MotmResults>().results).toEqual([
      { challengerId: home, votes: 1, percent: 50 },
      { challengerId: away, votes: 1, percent: 50 },
      { challengerId: club.challengerIds[2], votes: 0, percent: 0 },
    ]);
  });

  it('hide the results from fans while open when the account says so', async () => {
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { showLiveResults: false });
    const [, , third] = voters as [Fan, Fan, Fan];
    const seen = await fanCall(ctx, third, 'GET', fanGamePaths.motm(eventId));
    expect(seen.json<FanMotmGame>()).toMatchObject({ open: true, results: null });
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { showLiveResults: true });
  });

  it('close votingMinutesAfterEnd after the end', async () => {
    await moveMatch(ctx, eventId, -160); // ended 40 minutes ago
    const [, , third] = voters as [Fan, Fan, Fan];
    const late = await fanCall(ctx, third, 'POST', fanGamePaths.vote(game.id), { challengerId: club.challengerIds[0] });
    expect(late.statusCode).toBe(409);
    const seen = await fanCall(ctx, third, 'GET', fanGamePaths.motm(eventId));
    expect(seen.json<FanMotmGame>()).toMatchObject({ open: false, results: { total: 2 } });
  });

  it('list, count and export the voters', async () => {
    const counted = await staffCall(ctx, staff.motm, 'GET', paths.contestantsCount(game.id));
    expect(counted.json()).toEqual({ count: 2 });
    const listed = await staffCall(ctx, staff.motm, 'GET', paths.contestants(game.id));
    const rows = listed.json<{ data: MotmContestant[] }>().data;
    expect(rows.map((row) => row.challenger)).toEqual(['Tigers', 'Lions']);
    const exported = await staffCall(ctx, staff.motm, 'GET', paths.contestantsExport(game.id));
    expect(exported.statusCode).toBe(200);
    const lines = csvLines(exported.body);
    expect(lines[0]).toBe(MOTM_EXPORT_COLUMNS.join(','));
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['Tigers', 'Lions']);
  });

  it('a blocked fan is refused, a fan of another account sees no game', async () => {
    const blocked = await signUpFan(ctx, club);
    await blockFan(ctx, blocked);
    const refused = await fanCall(ctx, blocked, 'POST', fanGamePaths.vote(game.id), {
      challengerId: club.challengerIds[0],
    });
    expect(refused.statusCode).toBe(403);
    const stranger = await signUpFan(ctx, rival);
    expect((await fanCall(ctx, stranger, 'GET', fanGamePaths.motm(eventId))).statusCode).toBe(404);
    const foreign = await fanCall(ctx, stranger, 'POST', fanGamePaths.vote(game.id), {
      challengerId: club.challengerIds[0],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a burst of votes at the final whistle', () => {
  it('counts each fan once under 204 concurrent posts of the same votes, and pushes results that count every vote', async () => {
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    await moveMatch(ctx, eventId, -130); // ended 10 minutes ago: voting is open
    const [home, away] = club.challengerIds as [number, number];
    const crowd = await Promise.all(Array.from({ length: 12 }, () => signUpFan(ctx, club)));
    const socket = await new RealtimeClient(baseUrl).connect({ token: staff.motm }, [eventTopic(eventId)]);
    try {
      // 204 posts at once: each of the 12 fans sends the same vote 17 times (a fan is limited to
      // FAN_RATE_LIMIT calls a minute, so the duplicates come from a crowd, as they would).
      const choice = (index: number) => (index % 3 === 0 ? home : away);
      const posts = crowd.flatMap((fan, index) =>
        Array.from({ length: 17 }, () => ({ fan, challengerId: choice(index) })),
      );
      const answers = await Promise.all(
        posts.map(({ fan, challengerId }) => fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId })),
      );
      const codes = answers.map((response) => response.statusCode);
      // Once per fan: one 201 each, every duplicate a 409 (the unique constraint, not a read first).
      expect(codes.filter((code) => code === 201)).toHaveLength(12);
      expect(codes.filter((code) => code === 409)).toHaveLength(posts.length - 12);
      for (const fan of crowd) {
        const own = answers.filter((_, index) => posts[index]?.fan === fan);
        expect(own.filter((response) => response.statusCode === 201)).toHaveLength(1);
      }
      // The results pushed after the burst count every vote once.
      const last = await socket.waitFor((event) => (event.payload as MotmResults | undefined)?.total === 12, 15_000);
      expect(last.type).toBe(MOTM_EVENTS.results);
    } finally {
      socket.close();
    }
    const counted = await staffCall(ctx, staff.motm, 'GET', motmResultsPath(game.id));
    const results = counted.json<MotmResults>();
    expect(results.total).toBe(12);
    // Fans 0, 3, 6 and 9 chose the home side, the eight others the away side.
    expect(results.results.find((row) => row.challengerId === home)?.votes).toBe(4);
    expect(results.results.find((row) => row.challengerId === away)?.votes).toBe(8);
    // Twelve sign-ups (argon2) and 204 posts: room for a loaded machine.
  }, 120_000);
});

describe('the demo', () => {
  it('gives the club’s recorded match a MOTM vote its demo fans voted in, run by the quizmaster', async () => {
    const token = await ctx.login('quizmaster');
    const [match] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.name, DEMO_MATCH_NAME));
    const listed = await staffCall(ctx, token, 'GET', `${paths.list}?eventId=${match?.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [game] = listed.json<{ data: MotmGame[] }>().data;
    // The players of both teams, not the clubs (issue 46.5).
    expect(game?.candidates.map((candidate) => candidate.name)).toEqual(['Jordan Miles', 'Théo Marchand']);
    const results = (await staffCall(ctx, token, 'GET', motmResultsPath(game?.id))).json<MotmResults>();
    expect(results.total).toBe(60);
    expect(results.results.map((row) => row.percent)).toEqual([60, 40]);
    const counted = await staffCall(ctx, token, 'GET', paths.contestantsCount(game?.id));
    expect(counted.json()).toEqual({ count: 60 });
  });
});
