import { renderMessage } from '@regie/contract/messages.render';
import { QUESTION_ANSWERS_MAX, TRIVIA_MESSAGES, triviaPaths } from '@regie/contract/trivia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let club: BuiltAccount;
const tokens: Record<string, string> = {};
const QUIZZES = '/main-api/quizzes';
const questionsOf = (quizId: number) => `${QUIZZES}/${quizId}/questions`;
const answersOf = (questionId: number) => `/main-api/questions/${questionId}/answers`;

interface Row {
  id: number;
  position: number;
  text?: string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildAccount({ modules: ['ADDON_TRIVIA'] });
  const rival = await ctx.buildAccount({ modules: ['ADDON_TRIVIA'] });
  const users = {
    quiz: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write'] }),
    rival: await ctx.buildUser({ accountId: rival.id, roles: ['trivia_write'] }),
    other: await ctx.buildUser({ accountId: club.id, roles: ['predictor_write'] }),
    readOnly: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write', 'read_only'] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

async function call(as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.request({ method, url, token: tokens[as] ?? '', ...(payload ? { payload } : {}) });
}

async function created(as: string, url: string, payload: object): Promise<Row> {
  const response = await call(as, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Row>();
}

const listed = async (as: string, url: string) => (await call(as, 'GET', url)).json<{ data: Row[] }>().data;

describe('trivia quizzes, questions and answers', () => {
  it('orders the questions, and moves one with updateposition (the others close up)', async () => {
    const quiz = await created('quiz', QUIZZES, { name: 'Derby day quiz' });
    const made: Row[] = [];
    for (const [position, text] of ['Who scored first?', 'How many corners?', 'Who was booked?'].entries()) {
      made.push(await created('quiz', questionsOf(quiz.id), { text, position }));
    }
    expect((await listed('quiz', questionsOf(quiz.id))).map((row) => row.text)).toEqual([
      'Who scored first?',
      'How many corners?',
      'Who was booked?',
    ]);
    const third = made[2]?.id ?? 0;
    const moved = await call('quiz', 'PUT', triviaPaths.questionPosition(third), { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ quizId: quiz.id, order: [third, made[0]?.id, made[1]?.id] });
    const after = await listed('quiz', questionsOf(quiz.id));
    expect(after.map((row) => [row.text, row.position])).toEqual([
      ['Who was booked?', 0],
      ['Who scored first?', 1],
      ['How many corners?', 2],
    ]);
    // Past the end: last.
    await call('quiz', 'PUT', triviaPaths.questionPosition(third), { position: 50 });
    expect((await listed('quiz', questionsOf(quiz.id))).at(-1)?.id).toBe(third);
  });

  it('takes at most six answers to a question, saying so', async () => {
    const quiz = await created('quiz', QUIZZES, { name: 'Answers quiz' });
    const question = await created('quiz', questionsOf(quiz.id), { text: 'Final score?' });
    for (let n = 0; n < QUESTION_ANSWERS_MAX; n += 1) {
      await created('quiz', answersOf(question.id), { text: `${n}-0`, correct: n === 2, position: n });
    }
    const seventh = await call('quiz', 'POST', answersOf(question.id), { text: '9-9' });
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json<{ message: string }>().message).toBe(renderMessage(TRIVIA_MESSAGES.tooManyAnswers, 'en'));
    const answers = await listed('quiz', answersOf(question.id));
    expect(answers).toHaveLength(QUESTION_ANSWERS_MAX);
  });

  it('refuses a quiz closing before it opens, in the user’s language', async () => {
    const refused = await ctx.request({
      method: 'POST',
      url: QUIZZES,
      token: tokens.quiz ?? '',
      payload: { name: 'Backwards', startsAt: '2026-12-01T20:00:00.000Z', endsAt: '2026-12-01T19:00:00.000Z' },
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Le quiz doit fermer après son ouverture');
  });

  it('keeps each account’s quizzes to itself, and to trivia writers', async () => {
    const quiz = await created('quiz', QUIZZES, { name: 'Private quiz' });
    const question = await created('quiz', questionsOf(quiz.id), { text: 'Secret?' });
    expect((await call('rival', 'GET', `${QUIZZES}/${quiz.id}`)).statusCode).toBe(404);
    expect((await call('rival', 'GET', questionsOf(quiz.id))).statusCode).toBe(404);
    expect((await call('rival', 'POST', answersOf(question.id), { text: 'x' })).statusCode).toBe(404);
    const move = await call('rival', 'PUT', triviaPaths.questionPosition(question.id), { position: 0 });
    expect(move.statusCode).toBe(404);
    expect((await call('other', 'GET', QUIZZES)).statusCode).toBe(403);
    expect((await call('other', 'PUT', triviaPaths.questionPosition(question.id), { position: 0 })).statusCode).toBe(
      403,
    );
    expect((await call('readOnly', 'GET', questionsOf(quiz.id))).statusCode).toBe(200);
    expect((await call('readOnly', 'PUT', triviaPaths.questionPosition(question.id), { position: 0 })).statusCode).toBe(
      403,
    );
    expect((await call('quiz', 'PUT', triviaPaths.questionPosition(999_999), { position: 0 })).statusCode).toBe(404);
    expect((await call('quiz', 'PUT', triviaPaths.questionPosition(question.id), { position: -1 })).statusCode).toBe(
      400,
    );
  });

  it('gives the demo club a published quiz, its questions in order, each with one right answer', async () => {
    const token = await ctx.login('quizmaster');
    const quizzes = (await ctx.request({ url: `${QUIZZES}?search=Derby day`, token })).json<{ data: Row[] }>().data;
    const quiz = quizzes.find((row) => 'name' in row);
    expect(quiz).toBeDefined();
    const questions = (await ctx.request({ url: questionsOf(quiz?.id ?? 0), token })).json<{ data: Row[] }>().data;
    expect(questions.map((row) => row.position)).toEqual([0, 1, 2, 3]);
    for (const question of questions) {
      const answers = (await ctx.request({ url: answersOf(question.id), token })).json<{
        data: { correct: boolean }[];
      }>().data;
      expect(answers.length).toBeGreaterThanOrEqual(3);
      expect(answers.filter((answer) => answer.correct)).toHaveLength(1);
    }
  });
});
