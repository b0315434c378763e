import { EMBED_MESSAGES, embedPaths, HEADER_EMBED_TOKEN } from '@regie/contract/embed';
import type { EmbedFanResponse } from '@regie/contract/embed.schemas';
import { fanPublicPaths } from '@regie/contract/fans';
import type { FanSessionResponse } from '@regie/contract/fans.schemas';
import { fanGamePaths, gamePaths } from '@regie/contract/games';
import type { FanMotmGame, MotmGame } from '@regie/contract/games.schemas';
import { gameSettingsPaths } from '@regie/contract/games.settings';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPlayers } from '../src/db/conferences.table.ts';
import { events } from '../src/db/events.table.ts';
import { fans } from '../src/db/fans.table.ts';
import { confirmationCode } from './fan-auth-fixtures.ts';
import {
  buildClub,
  buildStaff,
  type Club,
  fanCall,
  insertMatch,
  nextAddress,
  type Staff,
  staffCall,
} from './games-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { signIn } from './insights-fixtures.ts';

/**
 * GET embed/{token}/fan: how the embed page's games panel reaches the public fan API for its
 * event, and that path played through: a fan signs up on the club by the page's token, reads
 * the event's man-of-the-match game by the event id it gives, and votes.
 */

let ctx: TestContext;
let club: Club;
let staff: Staff;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await buildClub(ctx);
  staff = await buildStaff(ctx, club, await buildClub(ctx));
});
afterAll(() => ctx.close());

async function tokenOf(eventId: number): Promise<string> {
  const response = await staffCall(ctx, staff.eventWriter, 'GET', embedPaths.eventEmbed(eventId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

const fanContext = (token: string) => ctx.request({ url: embedPaths.fan(token) });

describe('GET embed/{token}/fan', () => {
  it('gives the event and its games, never the club’s key; a fan signs up by the page’s token and votes', async () => {
    const eventId = await insertMatch(ctx, club);
    await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { openAtKickoff: false, showLiveResults: true });
    const made = await staffCall(ctx, staff.motm, 'POST', gamePaths('motm').list, {
      eventId,
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const game = made.json<MotmGame>();

    const token = await tokenOf(eventId);
    const response = await fanContext(token);
    expect(response.statusCode, response.body).toBe(200);
    const context = response.json<EmbedFanResponse>();
    expect(context).toEqual({ eventId, games: { motm: true, predictor: true } });
    // The club's key never reaches the page: its fans name the club by the page's token.
    expect(response.body).not.toContain(club.accountKey);

    // The panel's path: sign up on the club by the page's token, confirm, read the vote, vote once.
    const byPage = { headers: { [HEADER_EMBED_TOKEN]: token }, remoteAddress: nextAddress() };
    const signup = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signup,
      payload: { email: 'embed.fan@example.com', password: 'goal-goal-goal', nickname: 'embedfan' },
      ...byPage,
    });
    expect(signup.statusCode, signup.body).toBe(202);
    const confirmed = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.confirm,
      payload: { token: confirmationCode(ctx, 'embed.fan@example.com') },
      ...byPage,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const session = confirmed.json<FanSessionResponse>();
    const [fanRow] = await ctx.db.select({ accountId: fans.accountId }).from(fans).where(eq(fans.id, session.fan.id));
    expect(fanRow?.accountId).toBe(club.id);
    const signedIn = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signin,
      payload: { email: 'embed.fan@example.com', password: 'goal-goal-goal' },
      ...byPage,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // A token not ours names no club.
    const forged = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signin,
      payload: { email: 'embed.fan@example.com', password: 'goal-goal-goal' },
      headers: { [HEADER_EMBED_TOKEN]: 'nothing.here' },
      remoteAddress: nextAddress(),
    });
    expect(forged.statusCode).toBe(401);
    const fan = { token: session.token, id: session.fan.id };
    const read = await fanCall(ctx, fan, 'GET', fanGamePaths.motm(context.eventId));
    expect(read.statusCode, read.body).toBe(200);
    const [home] = club.challengerIds as [number];
    expect(read.json<FanMotmGame>()).toMatchObject({ id: game.id, open: true, vote: null });
    const voted = await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: home });
    expect(voted.statusCode, voted.body).toBe(201);
    const after = await fanCall(ctx, fan, 'GET', fanGamePaths.motm(context.eventId));
    expect(after.json<FanMotmGame>()).toMatchObject({ vote: home, results: { total: 1 } });
  });

  it('says which games run: none for an event without the games’ modules', async () => {
    const eventId = await insertMatch(ctx, club, { activatedModules: ['ADDON_MOTM'] });
    expect((await fanContext(await tokenOf(eventId))).json<EmbedFanResponse>().games).toEqual({
      motm: true,
      predictor: false,
    });
    const bare = await insertMatch(ctx, club, { activatedModules: [] });
    expect((await fanContext(await tokenOf(bare))).json<EmbedFanResponse>().games).toEqual({
      motm: false,
      predictor: false,
    });
  });

  it('answers 404 for an unpublished event, a conference, a forged token, and in French', async () => {
    const hidden = await insertMatch(ctx, club, { published: false });
    const refused = await fanContext(await tokenOf(hidden));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(renderMessage(EMBED_MESSAGES.noGames));
    const french = await ctx.request({
      url: embedPaths.fan(await tokenOf(hidden)),
      headers: { 'accept-language': 'fr' },
    });
    expect(french.json().message).toBe('Ce lecteur n’a pas de jeux pour les fans');

    const desk = await signIn(ctx, { roles: ['conf_player_write'], modules: ['BUSINESS_PLAYERS'] });
    const [conference] = await ctx.db
      .insert(businessPlayers)
      .values({ name: 'Talk', accountId: desk.accountId, startsAt: new Date(), published: true })
      .returning({ id: businessPlayers.id });
    const snippet = await ctx.request({ url: embedPaths.conferenceEmbed(conference?.id ?? 0), token: desk.token });
    expect(snippet.statusCode, snippet.body).toBe(200);
    const conferenceToken = snippet.json<{ url: string }>().url.split('/').pop() ?? '';
    expect((await fanContext(conferenceToken)).statusCode).toBe(404);
    expect((await fanContext('nothing.here')).statusCode).toBe(404);

    // Unpublished later: the panel's next read is refused too.
    const shown = await insertMatch(ctx, club);
    const token = await tokenOf(shown);
    expect((await fanContext(token)).statusCode).toBe(200);
    await ctx.db.update(events).set({ published: false }).where(eq(events.id, shown));
    expect((await fanContext(token)).statusCode).toBe(404);
  });
});
