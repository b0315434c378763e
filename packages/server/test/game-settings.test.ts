import { GAME_SETTINGS_DEFAULTS, type GameSettings, gameSettingsPaths } from '@regie/contract/games.settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditReader } from './audit-trail-fixtures.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let club: BuiltAccount;
let rival: BuiltAccount;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildAccount({ modules: ['ADDON_TRIVIA', 'ADDON_PREDICTOR', 'ADDON_MOTM'] });
  rival = await ctx.buildAccount({ modules: ['ADDON_TRIVIA', 'ADDON_PREDICTOR', 'ADDON_MOTM'] });
  const users = {
    games: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write', 'predictor_write', 'motm_write'] }),
    quiz: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write'] }),
    rival: await ctx.buildUser({ accountId: rival.id, roles: ['trivia_write'] }),
    readOnly: await ctx.buildUser({ accountId: club.id, roles: ['trivia_write', 'read_only'] }),
    noModule: await ctx.buildUser({ roles: ['trivia_write'] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

interface Refused {
  message: string;
  errors?: { path: string; message: string }[];
}

const get = (as: string, url: string) => ctx.request({ url, token: tokens[as] ?? '' });
const put = (as: string, url: string, payload: object) =>
  ctx.request({ method: 'PUT', url, token: tokens[as] ?? '', payload });

describe('fan games settings of the account', () => {
  it('start as the defaults, and a change keeps the other fields', async () => {
    const first = await get('games', gameSettingsPaths.predictor);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual(GAME_SETTINGS_DEFAULTS.predictor);
    const changed = await put('games', gameSettingsPaths.predictor, { exactScorePoints: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<GameSettings['predictor']>()).toEqual({
      ...GAME_SETTINGS_DEFAULTS.predictor,
      exactScorePoints: 5,
    });
    await put('games', gameSettingsPaths.predictor, { lockMinutesBeforeKickoff: 10 });
    expect((await get('games', gameSettingsPaths.predictor)).json()).toEqual({
      ...GAME_SETTINGS_DEFAULTS.predictor,
      exactScorePoints: 5,
      lockMinutesBeforeKickoff: 10,
    });
    // Each game has its own record.
    expect((await get('games', gameSettingsPaths.motm)).json()).toEqual(GAME_SETTINGS_DEFAULTS.motm);
    // The audit trail: each change, named with its game; the same value again records nothing.
    await put('games', gameSettingsPaths.predictor, { lockMinutesBeforeKickoff: 10 });
    const entries = await auditReader(ctx)(club.id, { resource: 'game-settings' });
    expect(entries.map((entry) => entry.changes)).toEqual([
      {
        'predictor.lockMinutesBeforeKickoff': {
          before: GAME_SETTINGS_DEFAULTS.predictor.lockMinutesBeforeKickoff,
          after: 10,
        },
      },
      { 'predictor.exactScorePoints': { before: GAME_SETTINGS_DEFAULTS.predictor.exactScorePoints, after: 5 } },
    ]);
  });

  it('are the account’s own: another account keeps its defaults', async () => {
    await put('quiz', gameSettingsPaths.trivia, { rankingSize: 10, streakBonus: false });
    expect((await get('quiz', gameSettingsPaths.trivia)).json()).toMatchObject({ rankingSize: 10, streakBonus: false });
    expect((await get('rival', gameSettingsPaths.trivia)).json()).toEqual(GAME_SETTINGS_DEFAULTS.trivia);
  });

  it('refuse a bad value or an unknown field with a clear 400, in the user’s language', async () => {
    const low = await put('quiz', gameSettingsPaths.trivia, { defaultTimerSeconds: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json<Refused>().errors).toEqual([{ path: 'defaultTimerSeconds', message: expect.stringMatching(/5/) }]);
    const unknown = await put('quiz', gameSettingsPaths.trivia, { jackpot: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Refused>().errors).toEqual([{ path: 'jackpot', message: 'Unknown field' }]);
    const french = await ctx.request({
      method: 'PUT',
      url: gameSettingsPaths.trivia,
      token: tokens.quiz ?? '',
      payload: { rankingSize: 'many' },
      headers: { 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json<Refused>().errors?.[0]?.message).toMatch(/nombre/i);
    expect((await get('quiz', gameSettingsPaths.trivia)).json()).toMatchObject({ rankingSize: 10 });
  });

  it('are only for each game’s writers, in an account with its module; read_only reads', async () => {
    expect((await get('quiz', gameSettingsPaths.predictor)).statusCode).toBe(403);
    expect((await put('quiz', gameSettingsPaths.motm, { openAtKickoff: true })).statusCode).toBe(403);
    expect((await get('noModule', gameSettingsPaths.trivia)).statusCode).toBe(403);
    expect((await get('readOnly', gameSettingsPaths.trivia)).statusCode).toBe(200);
    expect((await put('readOnly', gameSettingsPaths.trivia, { rankingSize: 20 })).statusCode).toBe(403);
    expect((await ctx.request({ url: gameSettingsPaths.trivia })).statusCode).toBe(401);
  });
});
