import { DEMO_PASSWORD } from '@regie/contract/demo';
import type { FanSessionResponse } from '@regie/contract/fans.schemas';
import { GAME_LIMITS, GAMES_MESSAGES, prizePaths } from '@regie/contract/games';
import { renderMessage } from '@regie/contract/messages.render';
import {
  type FanNextResponse,
  type FanQuiz,
  type RankingResponse,
  rankingPaths,
  TRIVIA_EVENTS,
  TRIVIA_PLAY_MESSAGES,
  TRIVIA_TOPIC,
  type TriviaAnswerResponse,
  triviaFanPaths,
} from '@regie/contract/trivia.play';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../src/db/tags.table.ts';
import { triviaPlays } from '../src/db/trivia.table.ts';
import { answerQuestion, nextQuestion } from '../src/trivia/trivia.play.ts';
import { blockThroughCrm, signUpConfirmed } from './fan-auth-fixtures.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';
import { RealtimeClient } from './realtime-client.ts';

let ctx: TestContext;
let club: BuiltAccount;
let rival: BuiltAccount;
const tokens: Record<string, string> = {};

interface Built {
  id: number;
  questions: { id: number; right: number; wrong: number }[];
}

type Method = 'GET' | 'POST' | 'PUT';
const staff = (as: string, method: Method, url: string, payload?: object) =>
  ctx.request({ method, url, token: tokens[as] ?? '', ...(payload ? { payload } : {}) });

let address = 0;
const fanCall = (
  method: Method,
  url: string,
  token: string | undefined,
  payload?: object,
  accountKey = club.accountKey,
) => {
  address += 1;
  return ctx.request({
    method,
    url,
    accountKey,
    remoteAddress: `10.7.${Math.floor(address / 250)}.${address % 250}`,
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
  });
};

let fanCount = 0;
async function signUp(accountKey = club.accountKey): Promise<FanSessionResponse> {
  fanCount += 1;
  const body = { email: `player${fanCount}@example.com`, password: 'quiz-quiz-quiz', nickname: `player${fanCount}` };
  address += 1;
  return signUpConfirmed(ctx, accountKey, body, `10.7.${Math.floor(address / 250)}.${address % 250}`);
}

async function created(url: string, payload: object): Promise<{ id: number }> {
  const response = await staff('quiz', 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A published quiz open since yesterday with `count` questions of two answers each. */
async function quiz(name: string, count = 3, window: { startsAt?: string; endsAt?: string } = {}): Promise<Built> {
  const made = await created('/main-api/quizzes', {
    name,
    published: true,
    startsAt: window.startsAt ?? new Date(Date.now() - 86_400_000).toISOString(),
    ...(window.endsAt ? { endsAt: window.endsAt } : {}),
  });
  const questions: Built['questions'] = [];
  for (let position = 0; position < count; position += 1) {
    const question = await created(`/main-api/quizzes/${made.id}/questions`, {
      text: `Question ${position + 1}?`,
      position,
      timerSeconds: 20,
      points: 1000,
    });
    const right = await created(`/main-api/questions/${question.id}/answers`, { text: 'Right', correct: true });
    const wrong = await created(`/main-api/questions/${question.id}/answers`, { text: 'Wrong', position: 1 });
    questions.push({ id: question.id, right: right.id, wrong: wrong.id });
  }
  return { id: made.id, questions };
}

async function next(quizId: number, token: string) {
  const response = await fanCall('POST', triviaFanPaths.next(quizId), token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FanNextResponse>();
}

async function answer(quizId: number, token: string, questionId: number, answerId: number) {
  return fanCall('POST', triviaFanPaths.answers(quizId), token, { questionId, answerId });
}

/** Plays the whole quiz: `picks[i]` true answers question i right. */
async function play(built: Built, token: string, picks: readonly boolean[]) {
  for (const [index, question] of built.questions.entries()) {
    const shown = await next(built.id, token);
    expect(shown.done).toBe(false);
    if (shown.done) return;
    expect(shown.question.id).toBe(question.id);
    expect(shown.question.index).toBe(index);
    const response = await answer(built.id, token, question.id, picks[index] ? question.right : question.wrong);
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function rankingOf(url: string, as = 'quiz') {
  const response = await staff(as, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RankingResponse>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildAccount({ modules: ['ADDON_TRIVIA'] });
  rival = await ctx.buildAccount({ modules: ['ADDON_TRIVIA'] });
  const users = {
    quiz: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write'] }),
    readOnly: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write', 'read_only'] }),
    predictor: await ctx.buildUser({ accountId: club.id, roles: ['predictor_write'] }),
    rival: await ctx.buildUser({ accountId: rival.id, roles: ['trivia_write'] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

describe('fans playing trivia', () => {
  it('hands out one question at a time, scores each answer by speed and streak, and ranks the fans', async () => {
    const built = await quiz('Derby day quiz');
    const ada = await signUp();
    const bob = await signUp();

    const open = await fanCall('GET', triviaFanPaths.quizzes, ada.token);
    expect(open.json<{ data: { id: number; questions: number; play: unknown }[] }>().data).toContainEqual(
      expect.objectContaining({ id: built.id, questions: 3, play: null }),
    );
    // Each fan's own list (their plays): no shared cache may keep it or hand it to another fan.
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect(open.headers.vary).toContain('Authorization');

    const first = await next(built.id, ada.token);
    if (first.done) throw new Error('the quiz should have begun');
    expect(first.question.answers.map((row) => row.text)).toEqual(['Right', 'Wrong']);
    expect(first.question).not.toHaveProperty('correct');
    expect(Date.parse(first.deadline) - Date.now()).toBeGreaterThan(15_000);
    // Asked again before answering: the same question, the same deadline (the timer does not restart).
    const again = await next(built.id, ada.token);
    expect(again).toEqual(first);

    const right = await answer(built.id, ada.token, first.question.id, built.questions[0]?.right ?? 0);
    const scored = right.json<TriviaAnswerResponse>();
    expect(scored).toMatchObject({
      correct: true,
      streak: 1,
      late: false,
      correctAnswerIds: [built.questions[0]?.right],
    });
    // Answered within seconds: most of the 1000 points (all of them at once, half at the last moment).
    expect(scored.points).toBeGreaterThan(900);
    expect(scored.points).toBeLessThanOrEqual(1000);
    const twice = await answer(built.id, ada.token, first.question.id, built.questions[0]?.right ?? 0);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(renderMessage(TRIVIA_PLAY_MESSAGES.alreadyAnswered, 'en'));

    // The streak bonus: the second right answer in a row earns 10 % more, past the 1000 points.
    const second = await next(built.id, ada.token);
    if (second.done) throw new Error('two questions are left');
    const streak = (
      await answer(built.id, ada.token, second.question.id, built.questions[1]?.right ?? 0)
    ).json<TriviaAnswerResponse>();
    expect(streak.streak).toBe(2);
    expect(streak.points).toBeGreaterThan(1000);
    const third = await next(built.id, ada.token);
    if (third.done) throw new Error('one question is left');
    await answer(built.id, ada.token, third.question.id, built.questions[2]?.right ?? 0);
    const result = await next(built.id, ada.token);
    expect(result).toMatchObject({ done: true, correct: 3, questions: 3, rank: 1, contestants: 1 });

    await play(built, bob.token, [false, true, true]);
    const bobResult = await next(built.id, bob.token);
    expect(bobResult).toMatchObject({ done: true, correct: 2, rank: 2, contestants: 2 });

    const ranked = await rankingOf(`${rankingPaths.quiz(built.id)}?expand=[Contestant]`);
    expect(ranked.total).toBe(2);
    expect(ranked.data.map((row) => [row.rank, row.Contestant?.nickname, row.correct])).toEqual([
      [1, ada.fan.nickname, 3],
      [2, bob.fan.nickname, 2],
    ]);
    expect(ranked.data[0]?.score).toBe(result.done ? result.score : -1);
    // Without expand: no contestant details.
    expect((await rankingOf(rankingPaths.quiz(built.id))).data[0]).not.toHaveProperty('Contestant');
    const counted = await staff('quiz', 'GET', rankingPaths.contestantsCount(built.id));
    expect(counted.json()).toEqual({ count: 2 });

    // This week's and this month's rankings hold both; a week long ago holds nobody.
    const week = await rankingOf(rankingPaths.week);
    expect(week.data.map((row) => row.fanId)).toEqual(expect.arrayContaining([ada.fan.id, bob.fan.id]));
    expect(new Date(week.period?.from ?? '').getUTCDay()).toBe(1);
    const month = await rankingOf(rankingPaths.month);
    expect(month.total).toBeGreaterThanOrEqual(2);
    const past = await rankingOf(`${rankingPaths.week}?date=2020-01-01`);
    expect(past).toMatchObject({
      total: 0,
      data: [],
      period: { from: '2019-12-30T00:00:00.000Z', to: '2020-01-06T00:00:00.000Z' },
    });

    // The export: every fan of the ranking, its total announced.
    const csv = await staff('quiz', 'GET', rankingPaths.export(rankingPaths.quiz(built.id)));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['x-export-total']).toBe('2');
    expect(csv.headers['content-disposition']).toMatch(/ranking-quiz-\d+-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('rank,fanId,nickname,email,firstName,lastName,score,quizzes,correct,answeringSeconds');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      ['1', String(ada.fan.id), ada.fan.nickname],
      ['2', String(bob.fan.id), bob.fan.nickname],
    ]);
  });

  it('counts a question left past its timer as missed, and a late answer earns nothing', async () => {
    const built = await quiz('Timed quiz');
    const fan = await signUp();
    const ref = { fanId: fan.fan.id, accountId: club.id };
    const t0 = Date.now();
    const first = await nextQuestion(ctx.db, ref, built.id, new Date(t0));
    if (first.done) throw new Error('the quiz should have begun');
    const late = await answerQuestion(
      ctx.db,
      ref,
      built.id,
      { questionId: first.question.id, answerId: built.questions[0]?.right ?? 0 },
      new Date(t0 + 21_000),
    );
    expect(late).toMatchObject({ correct: true, late: true, points: 0, streak: 0 });
    const second = await nextQuestion(ctx.db, ref, built.id, new Date(t0 + 22_000));
    if (second.done) throw new Error('two questions are left');
    // Never answered: asking past its deadline counts it as missed and shows the third.
    const third = await nextQuestion(ctx.db, ref, built.id, new Date(t0 + 43_000));
    if (third.done) throw new Error('one question is left');
    expect(third.question.id).toBe(built.questions[2]?.id);
    const [row] = await ctx.db.select().from(triviaPlays).where(eq(triviaPlays.fanId, fan.fan.id));
    expect(row).toMatchObject({ done: 2, correct: 0, score: 0, answeringMs: 40_000 });
    // Half way through its timer: three quarters of the points.
    const half = await answerQuestion(
      ctx.db,
      ref,
      built.id,
      { questionId: third.question.id, answerId: built.questions[2]?.right ?? 0 },
      new Date(t0 + 53_000),
    );
    expect(half.points).toBe(750);
  });

  it('counts one answer per fan and question under a burst of identical answers', async () => {
    const built = await quiz('Final whistle quiz', 1);
    const [question] = built.questions;
    if (!question) throw new Error('the quiz has a question');
    // 20 fans, the question shown to each, then 10 identical answers from each, all at once
    // (a fan's calls are limited per minute: the crowd sends the burst).
    const crowd = await Promise.all(Array.from({ length: 20 }, () => signUp()));
    // The quizmaster's rankings screen, and another club's, on the realtime channel.
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const screen = new RealtimeClient(baseUrl);
    const rivalScreen = new RealtimeClient(baseUrl);
    await screen.connect({ token: tokens.quiz ?? '' }, [TRIVIA_TOPIC]);
    await rivalScreen.connect({ token: tokens.rival ?? '' }, [TRIVIA_TOPIC]);
    for (const fan of crowd) await next(built.id, fan.token);
    const answers = await Promise.all(
      crowd.flatMap((fan) =>
        Array.from({ length: 10 }, () => answer(built.id, fan.token, question.id, question.right)),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(180);
    for (const response of answers.filter((answered) => answered.statusCode === 409)) {
      expect(response.json<{ message: string }>().message).toBe(
        renderMessage(TRIVIA_PLAY_MESSAGES.alreadyAnswered, 'en'),
      );
    }
    // Each fan's one answer counted once: one question done, its points once.
    const plays = await ctx.db
      .select({ done: triviaPlays.done, correct: triviaPlays.correct, score: triviaPlays.score })
      .from(triviaPlays)
      .where(eq(triviaPlays.quizId, built.id));
    expect(plays).toHaveLength(20);
    for (const row of plays) {
      expect(row).toMatchObject({ done: 1, correct: 1 });
      expect(row.score).toBeGreaterThan(0);
      expect(row.score).toBeLessThanOrEqual(1000);
    }
    // The screen hears that the rankings changed, gathered per burst (not once per call of the
    // 220), and the other club's screen hears nothing of it.
    const ofQuiz = (message: { type: string; payload?: unknown }) =>
      message.type === TRIVIA_EVENTS.rankings && (message.payload as { quizId?: number }).quizId === built.id;
    await screen.waitFor(ofQuiz, 20_000);
    expect(screen.messages.filter(ofQuiz).length).toBeLessThan(20);
    expect(rivalScreen.messages.filter((message) => message.type === TRIVIA_EVENTS.rankings)).toEqual([]);
    screen.close();
    rivalScreen.close();
  });

  it('takes only the answer to the question shown', async () => {
    const built = await quiz('Strict quiz', 2);
    const fan = await signUp();
    const early = await answer(built.id, fan.token, built.questions[1]?.id ?? 0, built.questions[1]?.right ?? 0);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(renderMessage(TRIVIA_PLAY_MESSAGES.questionNotShown, 'en'));
    const shown = await next(built.id, fan.token);
    if (shown.done) throw new Error('the quiz should have begun');
    const foreign = await answer(built.id, fan.token, shown.question.id, built.questions[1]?.right ?? 0);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe(
      renderMessage(TRIVIA_PLAY_MESSAGES.answerNotOfQuestion(built.questions[1]?.right ?? 0, shown.question.id), 'en'),
    );
  });

  it('refuses quizzes not open, other accounts’ quizzes, blocked fans and staff tokens', async () => {
    const later = await quiz('Next week quiz', 1, {
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    });
    const over = await quiz('Last season quiz', 1, {
      startsAt: new Date(Date.now() - 9 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const draft = await created('/main-api/quizzes', { name: 'Draft quiz' });
    const fan = await signUp();
    expect((await fanCall('POST', triviaFanPaths.next(later.id), fan.token)).json<{ message: string }>().message).toBe(
      renderMessage(TRIVIA_PLAY_MESSAGES.notOpenYet, 'en'),
    );
    const closed = await fanCall('POST', triviaFanPaths.next(over.id), fan.token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ message: string }>().message).toBe(renderMessage(TRIVIA_PLAY_MESSAGES.closed, 'en'));
    expect((await fanCall('POST', triviaFanPaths.next(draft.id), fan.token)).statusCode).toBe(404);
    const listed = (await fanCall('GET', triviaFanPaths.quizzes, fan.token)).json<{ data: { id: number }[] }>().data;
    expect(listed.map((row) => row.id)).not.toContain(later.id);
    expect(listed.map((row) => row.id)).not.toContain(draft.id);

    const open = await quiz('Open quiz', 1);
    const stranger = await signUp(rival.accountKey);
    expect(
      (await fanCall('POST', triviaFanPaths.next(open.id), stranger.token, undefined, rival.accountKey)).statusCode,
    ).toBe(404);

    // Blocked through the CRM: the fan's session, cached since their first call, is dropped at once.
    await blockThroughCrm(ctx, fan.fan.id);
    expect((await fanCall('POST', triviaFanPaths.next(open.id), fan.token)).statusCode).toBe(403);
    expect((await fanCall('POST', triviaFanPaths.next(open.id), tokens.quiz)).statusCode).toBe(401);
  });
});

describe('trivia rankings', () => {
  it('shows the demo quiz played by the club’s demo fans, through the game’s own code', async () => {
    const token = await ctx.login('quizmaster', DEMO_PASSWORD);
    const listed = await ctx.request({ url: '/main-api/quizzes?search=Derby day quiz', token });
    const demo = listed.json<{ data: { id: number }[] }>().data[0];
    const response = await ctx.request({ url: `${rankingPaths.quiz(demo?.id)}?expand=[Contestant]&limit=100`, token });
    const ranked = response.json<RankingResponse>();
    expect(ranked.total).toBe(30);
    expect(ranked.data[0]?.rank).toBe(1);
    expect(ranked.data[0]?.score).toBeGreaterThan(ranked.data.at(-1)?.score ?? 0);
    expect(new Set(ranked.data.map((row) => row.correct)).size).toBeGreaterThan(1);
  });

  it('gives tied fans the same rank, the next one after them', async () => {
    const built = await quiz('Tie quiz', 1);
    const at = new Date();
    const ids: number[] = [];
    for (const score of [500, 900, 900]) {
      const fan = await signUp();
      ids.push(fan.fan.id);
      await ctx.db.insert(triviaPlays).values({
        quizId: built.id,
        fanId: fan.fan.id,
        accountId: club.id,
        startedAt: at,
        lastAnsweredAt: at,
        score,
        answeringMs: 4_000,
        done: 1,
        correct: 1,
      });
    }
    const ranked = await rankingOf(rankingPaths.quiz(built.id));
    expect(ranked.data.map((row) => [row.rank, row.fanId])).toEqual([
      [1, ids[1]],
      [1, ids[2]],
      [3, ids[0]],
    ]);
    const paged = await rankingOf(`${rankingPaths.quiz(built.id)}?limit=1&offset=2`);
    expect(paged).toMatchObject({ total: 3, limit: 1, offset: 2, data: [{ rank: 3, fanId: ids[0] }] });
  });

  it('opens to trivia writers and read-only users of the account only', async () => {
    const built = await quiz('Access quiz', 1);
    expect((await staff('readOnly', 'GET', rankingPaths.quiz(built.id))).statusCode).toBe(200);
    expect((await staff('readOnly', 'GET', rankingPaths.export(rankingPaths.global))).statusCode).toBe(200);
    expect((await staff('predictor', 'GET', rankingPaths.global)).statusCode).toBe(403);
    expect((await staff('rival', 'GET', rankingPaths.quiz(built.id))).statusCode).toBe(404);
    expect((await staff('rival', 'GET', rankingPaths.contestantsCount(built.id))).statusCode).toBe(404);
    expect((await staff('rival', 'GET', rankingPaths.export(rankingPaths.quiz(built.id)))).statusCode).toBe(404);
    // The rival's global ranking holds none of the club's fans.
    expect((await rankingOf(rankingPaths.global, 'rival')).total).toBe(0);
    const bad = await staff('quiz', 'GET', `${rankingPaths.week}?date=2026-13-45`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(renderMessage(TRIVIA_PLAY_MESSAGES.badDate, 'en'));
  });
});

async function insertTag(accountId: number, name: string) {
  const [tag] = await ctx.db.insert(tags).values({ accountId, name, tagType: 'theme' }).returning({ id: tags.id });
  if (!tag) throw new Error('tag not inserted');
  return tag;
}

describe('a quiz’s sponsors, gifts and tags', () => {
  const paths = prizePaths('trivia');
  type Method4 = Method | 'DELETE';
  const as = (who: string, method: Method4, url: string, payload?: object) =>
    ctx.request({ method, url, token: tokens[who] ?? '', ...(payload ? { payload } : {}) });

  it('are added, changed and removed by trivia writers, and fans see them with the open quiz', async () => {
    const built = await quiz('Sponsored quiz', 1);
    // Tags are made by the sport data staff; trivia writers put them on quizzes.
    const tag = await insertTag(club.id, 'History');
    const tagged = await as('quiz', 'PUT', `/main-api/quizzes/${built.id}`, { tags: [tag.id] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const filtered = await as('quiz', 'GET', `/main-api/quizzes?tags=${tag.id}`);
    expect(filtered.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toEqual([built.id]);

    const sponsor = await as('quiz', 'POST', paths.sponsors(built.id), {
      name: 'Stadium Bank',
      link: 'https://bank.example.com',
    });
    expect(sponsor.statusCode, sponsor.body).toBe(201);
    const sponsorId = sponsor.json<{ id: number }>().id;
    expect(sponsor.json()).toMatchObject({ gameId: built.id, name: 'Stadium Bank', imageUrl: null });
    const renamed = await as('quiz', 'PUT', paths.sponsor(sponsorId), { name: 'Stadium Bank & Co' });
    expect(renamed.json()).toMatchObject({ name: 'Stadium Bank & Co', link: 'https://bank.example.com' });

    const gift = await as('quiz', 'POST', paths.gifts(built.id), { name: 'Signed shirt', rankFrom: 1, rankTo: 3 });
    expect(gift.statusCode, gift.body).toBe(201);
    const giftId = gift.json<{ id: number }>().id;
    const badRanks = await as('quiz', 'PUT', paths.gift(giftId), { rankFrom: 5 });
    expect(badRanks.statusCode).toBe(400);

    const fan = await signUp();
    const open = await fanCall('GET', triviaFanPaths.quizzes, fan.token);
    const listed = open.json<{ data: FanQuiz[] }>().data.find((row) => row.id === built.id);
    expect(listed?.tags).toEqual(['History']);
    expect(listed?.sponsors.map((row) => row.name)).toEqual(['Stadium Bank & Co']);
    expect(listed?.gifts.map((row) => [row.name, row.rankFrom, row.rankTo])).toEqual([['Signed shirt', 1, 3]]);

    expect((await as('quiz', 'DELETE', paths.sponsor(sponsorId))).statusCode).toBe(204);
    expect((await as('quiz', 'GET', paths.sponsors(built.id))).json()).toEqual({ data: [] });
    expect((await as('quiz', 'GET', paths.gifts(built.id))).json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('are the account’s own: another account gets 404, other roles 403, read_only reads', async () => {
    const built = await quiz('Private prizes', 1);
    const gift = await as('quiz', 'POST', paths.gifts(built.id), { name: 'Scarf', rankFrom: 1, rankTo: 1 });
    const giftId = gift.json<{ id: number }>().id;
    expect((await as('rival', 'GET', paths.gifts(built.id))).statusCode).toBe(404);
    expect((await as('rival', 'POST', paths.sponsors(built.id), { name: 'Theirs' })).statusCode).toBe(404);
    expect((await as('rival', 'PUT', paths.gift(giftId), { name: 'Mine' })).statusCode).toBe(404);
    expect((await as('rival', 'DELETE', paths.gift(giftId))).statusCode).toBe(404);
    expect((await as('predictor', 'GET', paths.gifts(built.id))).statusCode).toBe(403);
    expect((await as('readOnly', 'GET', paths.gifts(built.id))).statusCode).toBe(200);
    expect((await as('readOnly', 'DELETE', paths.gift(giftId))).statusCode).toBe(403);
    // A predictor game's gift id is not a quiz's: the trivia call does not reach it, and back.
    expect((await as('quiz', 'GET', prizePaths('predictor').gifts(built.id))).statusCode).toBe(403);
    // Another account's tag cannot be put on a quiz.
    const theirs = await as('rival', 'POST', '/main-api/tags', { name: 'Theirs', tagType: 'other' });
    const refused = await as('quiz', 'PUT', `/main-api/quizzes/${built.id}`, {
      tags: [theirs.json<{ id: number }>().id],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('stop at the limit with a message', async () => {
    const built = await quiz('Crowded sponsors', 1);
    for (let n = 0; n < GAME_LIMITS.sponsorsPerGame; n += 1) {
      const made = await as('quiz', 'POST', paths.sponsors(built.id), { name: `Sponsor ${n}` });
      expect(made.statusCode).toBe(201);
    }
    const extra = await as('quiz', 'POST', paths.sponsors(built.id), { name: 'One more' });
    expect(extra.statusCode).toBe(409);
    expect(extra.json<{ message: string }>().message).toBe(
      renderMessage(GAMES_MESSAGES.tooManySponsors(GAME_LIMITS.sponsorsPerGame), 'en'),
    );
  });
});
