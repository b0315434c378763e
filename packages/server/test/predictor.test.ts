import { FAN_ACTIVITY_TYPES } from '@regie/contract/fans';
import {
  fanGamePaths,
  GAMES_MESSAGES,
  gamePaths,
  PREDICTOR_EXPORT_COLUMNS,
  predictorCalculatePath,
} from '@regie/contract/games';
import type {
  CalculateResponse,
  FanPredictorGame,
  Gift,
  PredictorContestant,
  PredictorGame,
  Sponsor,
} from '@regie/contract/games.schemas';
import { gameSettingsPaths } from '@regie/contract/games.settings';
import { renderMessage } from '@regie/contract/messages.render';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/events.table.ts';
import { fanActivities } from '../src/db/fans.table.ts';
import { predictions } from '../src/db/games.table.ts';
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

/** The predictor: games per event, predictions locked at kick-off, idempotent calculation, prizes. */

const paths = gamePaths('predictor');
let ctx: TestContext;
let club: Club;
let rival: Club;
let staff: Staff;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await buildClub(ctx);
  rival = await buildClub(ctx);
  staff = await buildStaff(ctx, club, rival);
});
afterAll(() => ctx.close());

const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

async function makeGame(eventId: number, body: object = {}): Promise<PredictorGame> {
  const made = await staffCall(ctx, staff.predictor, 'POST', paths.list, { eventId, ...body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<PredictorGame>();
}

describe('predictor games (staff)', () => {
  it('are made once per event, with the account’s points, and read back by event', async () => {
    await staffCall(ctx, staff.predictor, 'PUT', gameSettingsPaths.predictor, { exactScorePoints: 5 });
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    expect(game).toMatchObject({ eventId, exactScorePoints: 5, rightResultPoints: 1, locked: false, predictions: 0 });
    await staffCall(ctx, staff.predictor, 'PUT', gameSettingsPaths.predictor, { exactScorePoints: 3 });
    const again = await staffCall(ctx, staff.predictor, 'POST', paths.list, { eventId });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(renderMessage(GAMES_MESSAGES.gameExists, 'en'));
    const listed = await staffCall(ctx, staff.predictor, 'GET', `${paths.list}?eventId=${eventId}`);
    expect(listed.json<{ data: PredictorGame[] }>().data.map((row) => row.id)).toEqual([game.id]);
    const changed = await staffCall(ctx, staff.predictor, 'PUT', paths.game(game.id), { rightResultPoints: 2 });
    expect(changed.json<PredictorGame>()).toMatchObject({ exactScorePoints: 5, rightResultPoints: 2 });
    const gone = await staffCall(ctx, staff.predictor, 'DELETE', paths.game(game.id));
    expect(gone.statusCode).toBe(204);
    expect((await staffCall(ctx, staff.predictor, 'GET', paths.game(game.id))).statusCode).toBe(404);
  });

  it('need the predictor activated on the event', async () => {
    const eventId = await insertMatch(ctx, club, { activatedModules: ['ADDON_MOTM'] });
    const refused = await staffCall(ctx, staff.predictor, 'POST', paths.list, { eventId });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(renderMessage(GAMES_MESSAGES.predictorInactive, 'en'));
  });

  it('are for predictor writers: read_only reads, an event writer is refused, another account gets 404', async () => {
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    expect((await staffCall(ctx, staff.readOnly, 'GET', paths.game(game.id))).statusCode).toBe(200);
    expect((await staffCall(ctx, staff.readOnly, 'GET', paths.contestants(game.id))).statusCode).toBe(200);
    expect((await staffCall(ctx, staff.readOnly, 'PUT', paths.game(game.id), { exactScorePoints: 9 })).statusCode).toBe(
      403,
    );
    expect((await staffCall(ctx, staff.readOnly, 'POST', paths.sponsors(game.id), { name: 'Bank' })).statusCode).toBe(
      403,
    );
    expect((await staffCall(ctx, staff.eventWriter, 'GET', paths.game(game.id))).statusCode).toBe(403);
    expect((await staffCall(ctx, staff.motm, 'GET', paths.game(game.id))).statusCode).toBe(403);
    for (const url of [
      paths.game(game.id),
      paths.contestants(game.id),
      paths.contestantsCount(game.id),
      paths.sponsors(game.id),
    ]) {
      const foreign = await staffCall(ctx, staff.rival, 'GET', url);
      expect(foreign.statusCode, url).toBe(404);
    }
    expect((await staffCall(ctx, staff.rival, 'GET', `${paths.list}?eventId=${eventId}`)).statusCode).toBe(404);
    // The games' writers read the events they run games on (the event's tab), and change none.
    expect((await staffCall(ctx, staff.predictor, 'GET', `/main-api/events/${eventId}`)).statusCode).toBe(200);
    expect((await staffCall(ctx, staff.motm, 'GET', `/main-api/events/${eventId}`)).statusCode).toBe(200);
    const rename = await staffCall(ctx, staff.predictor, 'PUT', `/main-api/events/${eventId}`, { name: 'Mine' });
    expect(rename.statusCode).toBe(403);
    expect((await staffCall(ctx, staff.rival, 'POST', paths.list, { eventId })).statusCode).toBe(404);
    const calculate = await staffCall(ctx, staff.rival, 'POST', predictorCalculatePath(game.id), { home: 1, away: 0 });
    expect(calculate.statusCode).toBe(404);
  });

  it('refuse bad bodies with 400', async () => {
    const eventId = await insertMatch(ctx, club);
    const bad = await staffCall(ctx, staff.predictor, 'POST', paths.list, { eventId, exactScorePoints: -1 });
    expect(bad.statusCode).toBe(400);
    const game = await makeGame(eventId);
    const unknown = await staffCall(ctx, staff.predictor, 'PUT', paths.game(game.id), { jackpot: 1 });
    expect(unknown.statusCode).toBe(400);
    const score = await staffCall(ctx, staff.predictor, 'POST', predictorCalculatePath(game.id), { home: -1, away: 0 });
    expect(score.statusCode).toBe(400);
  });
});

describe('a burst of predictions', () => {
  it('keeps one prediction per fan under 200 identical posts at once, each fan’s last', async () => {
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    // 20 fans × 10 identical predictions (a fan's calls are limited per minute: the crowd sends them).
    const crowd = await Promise.all(Array.from({ length: 20 }, () => signUpFan(ctx, club)));
    const score = (index: number) => ({ home: index % 5, away: (index * 3) % 4 });
    const answers = await Promise.all(
      crowd.flatMap((fan, index) =>
        Array.from({ length: 10 }, () => fanCall(ctx, fan, 'PUT', fanGamePaths.prediction(game.id), score(index))),
      ),
    );
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(200);
    const stored = await ctx.db
      .select({ fanId: predictions.fanId, home: predictions.home, away: predictions.away })
      .from(predictions)
      .where(eq(predictions.gameId, game.id));
    expect(stored.sort((a, b) => a.fanId - b.fanId)).toEqual(
      crowd.map((fan, index) => ({ fanId: fan.id, ...score(index) })).sort((a, b) => a.fanId - b.fanId),
    );
    const counted = await staffCall(ctx, staff.predictor, 'GET', paths.game(game.id));
    expect(counted.json<PredictorGame>().predictions).toBe(20);
  });
});

describe('predictions (fans) and the calculation', () => {
  let eventId: number;
  let game: PredictorGame;
  const players: Fan[] = [];

  beforeAll(async () => {
    eventId = await insertMatch(ctx, club);
    game = await makeGame(eventId);
    for (let index = 0; index < 4; index += 1) players.push(await signUpFan(ctx, club));
  });

  it('a fan reads the event’s game and predicts until kick-off, changing their mind', async () => {
    const [first] = players as [Fan];
    const read = await fanCall(ctx, first, 'GET', fanGamePaths.predictor(eventId));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<FanPredictorGame>()).toMatchObject({
      id: game.id,
      home: 'Lions',
      away: 'Tigers',
      open: true,
      prediction: null,
    });
    const made = await fanCall(ctx, first, 'PUT', fanGamePaths.prediction(game.id), { home: 1, away: 1 });
    expect(made.statusCode, made.body).toBe(200);
    const changed = await fanCall(ctx, first, 'PUT', fanGamePaths.prediction(game.id), { home: 2, away: 1 });
    expect(changed.json()).toEqual({ gameId: game.id, home: 2, away: 1 });
    const mine = await fanCall(ctx, first, 'GET', fanGamePaths.predictor(eventId));
    expect(mine.json<FanPredictorGame>().prediction).toEqual({ home: 2, away: 1, points: null });
    const activities = await ctx.db
      .select()
      .from(fanActivities)
      .where(and(eq(fanActivities.fanId, first.id), eq(fanActivities.type, FAN_ACTIVITY_TYPES[5])));
    expect(activities.map((row) => row.payload)).toEqual([
      { gameId: game.id, home: 1, away: 1 },
      { gameId: game.id, home: 2, away: 1 },
    ]);
    expect(activities[0]?.eventId).toBe(eventId);
    const [, second, third, fourth] = players as [Fan, Fan, Fan, Fan];
    await fanCall(ctx, second, 'PUT', fanGamePaths.prediction(game.id), { home: 3, away: 0 });
    await fanCall(ctx, third, 'PUT', fanGamePaths.prediction(game.id), { home: 0, away: 2 });
    await fanCall(ctx, fourth, 'PUT', fanGamePaths.prediction(game.id), { home: 2, away: 1 });
    const bad = await fanCall(ctx, second, 'PUT', fanGamePaths.prediction(game.id), { home: 100, away: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('cannot be calculated while predictions are open', async () => {
    const early = await staffCall(ctx, staff.predictor, 'POST', predictorCalculatePath(game.id), { home: 2, away: 1 });
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(renderMessage(GAMES_MESSAGES.notLockedYet, 'en'));
  });

  it('lock at kick-off (and earlier with the account’s lock minutes)', async () => {
    const [first] = players as [Fan];
    await staffCall(ctx, staff.predictor, 'PUT', gameSettingsPaths.predictor, { lockMinutesBeforeKickoff: 90 });
    const early = await fanCall(ctx, first, 'PUT', fanGamePaths.prediction(game.id), { home: 0, away: 0 });
    expect(early.statusCode).toBe(409);
    await staffCall(ctx, staff.predictor, 'PUT', gameSettingsPaths.predictor, { lockMinutesBeforeKickoff: 0 });
    await moveMatch(ctx, eventId, -1);
    const late = await fanCall(ctx, first, 'PUT', fanGamePaths.prediction(game.id), { home: 0, away: 0 });
    expect(late.statusCode).toBe(409);
    expect(message(late)).toBe(renderMessage(GAMES_MESSAGES.predictionsLocked, 'en'));
    const read = await fanCall(ctx, first, 'GET', fanGamePaths.predictor(eventId));
    expect(read.json<FanPredictorGame>()).toMatchObject({ open: false, prediction: { home: 2, away: 1 } });
  });

  it('scores every prediction, and running it twice gives the same points', async () => {
    const url = predictorCalculatePath(game.id);
    const first = await staffCall(ctx, staff.predictor, 'POST', url, { home: 2, away: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CalculateResponse>()).toMatchObject({ scored: 4, exact: 2, rightResult: 1, missed: 1 });
    const contestants = async () =>
      (await staffCall(ctx, staff.predictor, 'GET', paths.contestants(game.id))).json<{ data: PredictorContestant[] }>()
        .data;
    const once = await contestants();
    // 3 points for the exact score, 1 for the right result (the game's own points).
    expect(once.map((row) => [row.nickname.startsWith('player'), row.points, row.rank])).toEqual([
      [true, 3, 1],
      [true, 3, 1],
      [true, 1, 3],
      [true, 0, 4],
    ]);
    const second = await staffCall(ctx, staff.predictor, 'POST', url, { home: 2, away: 1 });
    expect(second.json<CalculateResponse>()).toMatchObject({ scored: 4, exact: 2, rightResult: 1, missed: 1 });
    expect(await contestants()).toEqual(once);
    expect(second.json<CalculateResponse>().game).toMatchObject({ finalScore: { home: 2, away: 1 }, locked: true });
    const [first_] = players as [Fan];
    const seen = await fanCall(ctx, first_, 'GET', fanGamePaths.predictor(eventId));
    expect(seen.json<FanPredictorGame>().prediction).toEqual({ home: 2, away: 1, points: 3 });
    // A correction of the final score scores again from scratch.
    const corrected = await staffCall(ctx, staff.predictor, 'POST', url, { home: 0, away: 2 });
    expect(corrected.json<CalculateResponse>()).toMatchObject({ exact: 1, rightResult: 0, missed: 3 });
    // Each run is in the game's history, the final score only when it changed.
    const runs = await auditReader(ctx)(club.id, { resource: 'fan-games', resourceId: game.id, action: 'calculate' });
    expect(runs.map((entry) => entry.changes)).toEqual([
      {
        finalHome: { before: 2, after: 0 },
        finalAway: { before: 1, after: 2 },
        predictionsScored: { before: null, after: 4 },
      },
      { predictionsScored: { before: null, after: 4 } },
      {
        finalHome: { before: null, after: 2 },
        finalAway: { before: null, after: 1 },
        predictionsScored: { before: null, after: 4 },
      },
    ]);
  });

  it('counts and exports the contestants as CSV', async () => {
    const counted = await staffCall(ctx, staff.predictor, 'GET', paths.contestantsCount(game.id));
    expect(counted.json()).toEqual({ count: 4 });
    const page = await staffCall(ctx, staff.predictor, 'GET', `${paths.contestants(game.id)}?page=2&limit=3`);
    expect(page.json<{ data: PredictorContestant[] }>().data).toHaveLength(1);
    const exported = await staffCall(ctx, staff.readOnly, 'GET', paths.contestantsExport(game.id));
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="predictor-\d+-contestants\.csv"/);
    const lines = csvLines(exported.body);
    expect(lines[0]).toBe(PREDICTOR_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^1,\d+,player\d+,player\d+@example\.com,0,2,3,/);
  });

  it('a blocked fan is refused, a fan of another account sees no game', async () => {
    const blocked = await signUpFan(ctx, club);
    await blockFan(ctx, blocked);
    expect((await fanCall(ctx, blocked, 'GET', fanGamePaths.predictor(eventId))).statusCode).toBe(403);
    const stranger = await signUpFan(ctx, rival);
    const read = await fanCall(ctx, stranger, 'GET', fanGamePaths.predictor(eventId));
    expect(read.statusCode).toBe(404);
    const played = await fanCall(ctx, stranger, 'PUT', fanGamePaths.prediction(game.id), { home: 1, away: 0 });
    expect(played.statusCode).toBe(404);
    const anonymous = await ctx.request({ url: fanGamePaths.predictor(eventId) });
    expect(anonymous.statusCode).toBe(401);
    const staffToken = await ctx.request({ url: fanGamePaths.predictor(eventId), token: staff.predictor });
    expect(staffToken.statusCode).toBe(401);
  });

  it('is hidden from fans while its event is unpublished', async () => {
    const hidden = await insertMatch(ctx, club, { published: false });
    const hiddenGame = await makeGame(hidden);
    const [first] = players as [Fan];
    const read = await fanCall(ctx, first, 'GET', fanGamePaths.predictor(hidden));
    expect(read.statusCode).toBe(404);
    const played = await fanCall(ctx, first, 'PUT', fanGamePaths.prediction(hiddenGame.id), { home: 1, away: 0 });
    expect(played.statusCode).toBe(404);
    await ctx.db.update(events).set({ published: true }).where(eq(events.id, hidden));
    expect((await fanCall(ctx, first, 'GET', fanGamePaths.predictor(hidden))).statusCode).toBe(200);
  });

  it('an event without a predictor game answers 404 to fans', async () => {
    const other = await insertMatch(ctx, club);
    const [first] = players as [Fan];
    const read = await fanCall(ctx, first, 'GET', fanGamePaths.predictor(other));
    expect(read.statusCode).toBe(404);
    expect(message(read)).toBe(renderMessage(GAMES_MESSAGES.noGameOnEvent(other), 'en'));
  });
});

describe('sponsors and gifts', () => {
  it('are added, changed, listed to fans and removed; gifts reward a rank range', async () => {
    const eventId = await insertMatch(ctx, club);
    const game = await makeGame(eventId);
    const made = await staffCall(ctx, staff.predictor, 'POST', paths.sponsors(game.id), {
      name: 'Club Bank',
      imageUrl: 'https://cdn.example.com/bank.png',
      link: 'https://bank.example.com',
    });
    expect(made.statusCode, made.body).toBe(201);
    const sponsor = made.json<Sponsor>();
    const renamed = await staffCall(ctx, staff.predictor, 'PUT', paths.sponsor(sponsor.id), { name: 'Club Bank+' });
    expect(renamed.json<Sponsor>()).toMatchObject({ name: 'Club Bank+', link: 'https://bank.example.com' });
    const badLink = await staffCall(ctx, staff.predictor, 'POST', paths.sponsors(game.id), {
      name: 'X',
      link: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    const gift = await staffCall(ctx, staff.predictor, 'POST', paths.gifts(game.id), {
      name: 'Signed shirt',
      rankFrom: 1,
      rankTo: 3,
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const backwards = await staffCall(ctx, staff.predictor, 'POST', paths.gifts(game.id), {
      name: 'Scarf',
      rankFrom: 5,
      rankTo: 4,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'rankTo', message: renderMessage(GAMES_MESSAGES.rankOrder, 'en') },
    ]);
    const giftId = gift.json<Gift>().id;
    const narrowed = await staffCall(ctx, staff.predictor, 'PUT', paths.gift(giftId), { rankTo: 0 });
    expect(narrowed.statusCode).toBe(400);
    const inverted = await staffCall(ctx, staff.predictor, 'PUT', paths.gift(giftId), { rankFrom: 4 });
    expect(inverted.statusCode).toBe(400);
    const fan = await signUpFan(ctx, club);
    const seen = await fanCall(ctx, fan, 'GET', fanGamePaths.predictor(eventId));
    expect(seen.json<FanPredictorGame>()).toMatchObject({
      sponsors: [{ name: 'Club Bank+' }],
      gifts: [{ name: 'Signed shirt', rankFrom: 1, rankTo: 3 }],
    });
    expect((await staffCall(ctx, staff.rival, 'PUT', paths.sponsor(sponsor.id), { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await staffCall(ctx, staff.rival, 'DELETE', paths.gift(giftId))).statusCode).toBe(404);
    expect((await staffCall(ctx, staff.motm, 'DELETE', gamePaths('motm').gift(giftId))).statusCode).toBe(404);
    expect((await staffCall(ctx, staff.predictor, 'DELETE', paths.sponsor(sponsor.id))).statusCode).toBe(204);
    expect((await staffCall(ctx, staff.predictor, 'DELETE', paths.gift(giftId))).statusCode).toBe(204);
    const left = await staffCall(ctx, staff.predictor, 'GET', paths.gifts(game.id));
    expect(left.json()).toEqual({ data: [] });
    // The audit trail: each prize's own history, its game named in it; refused calls wrote nothing.
    const audit = auditReader(ctx);
    const sponsorHistory = await audit(club.id, { resource: 'game-sponsors', resourceId: sponsor.id });
    expect(sponsorHistory.map((entry) => [entry.action, entry.changes])).toEqual([
      [
        'delete',
        {
          gameId: { before: game.id, after: null },
          name: { before: 'Club Bank+', after: null },
          imageUrl: { before: 'https://cdn.example.com/bank.png', after: null },
          link: { before: 'https://bank.example.com', after: null },
        },
      ],
      ['update', { name: { before: 'Club Bank', after: 'Club Bank+' } }],
      [
        'create',
        {
          gameId: { before: null, after: game.id },
          name: { before: null, after: 'Club Bank' },
          imageUrl: { before: null, after: 'https://cdn.example.com/bank.png' },
          link: { before: null, after: 'https://bank.example.com' },
        },
      ],
    ]);
    const giftHistory = await audit(club.id, { resource: 'game-gifts', resourceId: giftId });
    expect(giftHistory.map((entry) => entry.action)).toEqual(['delete', 'create']);
    expect(giftHistory[1]?.changes).toMatchObject({
      rankFrom: { before: null, after: 1 },
      rankTo: { before: null, after: 3 },
    });
    const [made_] = await audit(club.id, { resource: 'fan-games', resourceId: game.id, action: 'create' });
    expect(made_?.changes).toMatchObject({
      kind: { before: null, after: 'predictor' },
      eventId: { before: null, after: eventId },
    });
  });
});

describe('the demo', () => {
  it('gives the club’s recorded match a calculated predictor game played by demo fans, run by the quizmaster', async () => {
    const token = await ctx.login('quizmaster');
    const [match] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.name, DEMO_MATCH_NAME));
    const listed = await staffCall(ctx, token, 'GET', `${paths.list}?eventId=${match?.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [game] = listed.json<{ data: PredictorGame[] }>().data;
    expect(game).toMatchObject({ finalScore: { home: 2, away: 1 }, predictions: 60, locked: true });
    expect(game?.calculatedAt).not.toBeNull();
    const top = await staffCall(ctx, token, 'GET', `${paths.contestants(game?.id)}?limit=1`);
    expect(top.json<{ data: PredictorContestant[] }>().data[0]).toMatchObject({ home: 2, away: 1, points: 3, rank: 1 });
    const activities = await ctx.db
      .select({ id: fanActivities.id })
      .from(fanActivities)
      .where(and(eq(fanActivities.eventId, match?.id ?? 0), eq(fanActivities.type, 'prediction')));
    expect(activities).toHaveLength(60);
    const gifts = await staffCall(ctx, token, 'GET', paths.gifts(game?.id));
    expect(gifts.json<{ data: Gift[] }>().data.map((gift) => gift.rankFrom)).toEqual([1, 2]);
  });
});
