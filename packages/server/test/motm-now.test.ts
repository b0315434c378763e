import {
  fanGamePaths,
  GAMES_MESSAGES,
  gamePaths,
  motmCalculatePath,
  motmCloseNowPath,
  motmOpenNowPath,
} from '@regie/contract/games';
import type { MotmCalculated, MotmGame } from '@regie/contract/games.schemas';
import { gameSettingsPaths } from '@regie/contract/games.settings';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengerAppearances, challengers } from '../src/db/actors.table.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import {
  buildClub,
  buildStaff,
  type Club,
  fanCall,
  insertMatch,
  type Staff,
  signUpFan,
  staffCall,
} from './games-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** Issue 46.5: the vote is run from the match ("Open now", "Close now"), its candidates the players. */

const paths = gamePaths('motm');
let ctx: TestContext;
let club: Club;
let rival: Club;
let staff: Staff;

beforeAll(async () => {
  ctx = await createTestContext();
  club = await buildClub(ctx);
  rival = await buildClub(ctx);
  staff = await buildStaff(ctx, club, rival);
  // Voting would open at the end of the match (two hours ahead): closed until opened by hand.
  await staffCall(ctx, staff.motm, 'PUT', gameSettingsPaths.motm, { openAtKickoff: false, votingMinutesAfterEnd: 30 });
});
afterAll(() => ctx.close());

const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

/** A match between two clubs (type 'team') whose listed challengers are the club's three players. */
async function matchOfClubs(): Promise<{ eventId: number; players: number[]; home: number }> {
  const [sport] = await ctx.db
    .select({ sportId: challengers.sportId })
    .from(challengers)
    .where(eq(challengers.id, club.challengerIds[0] ?? 0));
  const clubs = await ctx.db
    .insert(challengers)
    .values(
      ['Home FC', 'Away FC'].map((name) => ({
        name: `${name} ${Math.random().toString(36).slice(2, 8)}`,
        type: 'team',
        sportId: sport?.sportId ?? 0,
        accountId: club.id,
      })),
    )
    .returning({ id: challengers.id });
  const [home, away] = clubs.map((row) => row.id);
  const players = club.challengerIds;
  const eventId = await insertMatch(
    ctx,
    { ...club, challengerIds: [] },
    {
      homeChallengerId: home ?? null,
      awayChallengerId: away ?? null,
    },
  );
  await ctx.db
    .insert(challengerAppearances)
    .values(players.map((challengerId, position) => ({ eventId, challengerId, position })));
  return { eventId, players, home: home ?? 0 };
}

describe('MOTM candidates', () => {
  it('are the players of both teams, never the clubs', async () => {
    const { eventId, players, home } = await matchOfClubs();
    const made = await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId });
    expect(made.statusCode, made.body).toBe(201);
    const game = made.json<MotmGame>();
    expect(game.candidates.map((candidate) => candidate.challengerId)).toEqual(players);
    expect(game.eligible.map((candidate) => candidate.challengerId)).toEqual(players);
    const homeClub = await staffCall(ctx, staff.motm, 'PUT', paths.game(game.id), { candidateIds: [home] });
    expect(homeClub.statusCode).toBe(400);
    expect(message(homeClub)).toBe(renderMessage(GAMES_MESSAGES.notEventChallengers([home]), 'en'));
    const picked = await staffCall(ctx, staff.motm, 'PUT', paths.game(game.id), { candidateIds: [players[2]] });
    expect(picked.json<MotmGame>().candidates.map((candidate) => candidate.challengerId)).toEqual([players[2]]);
  });

  it('are refused with a reason in en and fr when the event lists no players', async () => {
    const [team] = await ctx.db
      .update(challengers)
      .set({ type: 'team' })
      .where(eq(challengers.id, rival.challengerIds[0] ?? 0))
      .returning({ id: challengers.id });
    const eventId = await insertMatch(
      ctx,
      { ...rival, challengerIds: [] },
      {
        homeChallengerId: team?.id ?? null,
        awayChallengerId: null,
      },
    );
    const rivalGames = staff.rival;
    const refused = await staffCall(ctx, rivalGames, 'POST', paths.list, { eventId });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(renderMessage(GAMES_MESSAGES.noCandidates, 'en'));
    const french = await ctx.request({
      method: 'POST',
      url: paths.list,
      token: rivalGames,
      payload: { eventId },
      headers: { 'accept-language': 'fr' },
    });
    expect(message(french)).toBe(renderMessage(GAMES_MESSAGES.noCandidates, 'fr'));
    expect(message(french)).not.toBe(message(refused));
  });
});

describe('Open now and Close now', () => {
  it('open the vote at once for a fan to vote, then close it; each step audited', async () => {
    const { eventId, players } = await matchOfClubs();
    const game = (await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId })).json<MotmGame>();
    expect(game.window.open).toBe(false);
    const fan = await signUpFan(ctx, club);
    const early = await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: players[0] });
    expect(early.statusCode).toBe(409);

    const before = Date.now();
    const opened = await staffCall(ctx, staff.motm, 'POST', motmOpenNowPath(game.id));
    expect(opened.statusCode, opened.body).toBe(200);
    const open = opened.json<MotmGame>();
    expect(open.window.open).toBe(true);
    expect(Date.parse(open.opensAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // Until the planned closing: 30 minutes after the match's end.
    const event = (await staffCall(ctx, staff.eventWriter, 'GET', `/main-api/events/${eventId}`)).json();
    expect(Date.parse(open.closesAt ?? '')).toBe(Date.parse(event.endsAt) + 30 * 60_000);
    const again = await staffCall(ctx, staff.motm, 'POST', motmOpenNowPath(game.id));
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(renderMessage(GAMES_MESSAGES.alreadyOpen, 'en'));

    const voted = await fanCall(ctx, fan, 'POST', fanGamePaths.vote(game.id), { challengerId: players[1] });
    expect(voted.statusCode, voted.body).toBe(201);

    const closed = await staffCall(ctx, staff.motm, 'POST', motmCloseNowPath(game.id));
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<MotmGame>()).toMatchObject({ window: { open: false }, opensAt: open.opensAt, votes: 1 });
    const late = await fanCall(ctx, await signUpFan(ctx, club), 'POST', fanGamePaths.vote(game.id), {
      challengerId: players[0],
    });
    expect(late.statusCode).toBe(409);
    const twice = await staffCall(ctx, staff.motm, 'POST', motmCloseNowPath(game.id));
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(renderMessage(GAMES_MESSAGES.votingNotOpen, 'en'));

    // Reopened after its closing passed: open for the account's voting time from now.
    const reopened = (await staffCall(ctx, staff.motm, 'POST', motmOpenNowPath(game.id))).json<MotmGame>();
    expect(reopened.window.open).toBe(true);
    expect(Date.parse(reopened.closesAt ?? '') - Date.parse(reopened.opensAt ?? '')).toBe(30 * 60_000);

    const history = await auditReader(ctx)(club.id, { resource: 'fan-games', resourceId: game.id });
    expect(history.map((entry) => [entry.action, Object.keys(entry.changes).sort()])).toEqual([
      ['update', ['closesAt', 'opensAt']],
      ['update', ['closesAt']],
      ['update', ['closesAt', 'opensAt']],
      ['create', ['candidateIds', 'eventId', 'kind']],
    ]);
  });

  it('calculate the man of the match once voting has closed: the winner, ties kept, in the game (spec §7)', async () => {
    const { eventId, players } = await matchOfClubs();
    const game = (await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId })).json<MotmGame>();
    await staffCall(ctx, staff.motm, 'POST', motmOpenNowPath(game.id));
    const open = await staffCall(ctx, staff.motm, 'POST', motmCalculatePath(game.id));
    expect(open.statusCode).toBe(409);
    expect(message(open)).toBe(renderMessage(GAMES_MESSAGES.voteStillOpen, 'en'));
    for (const choice of [players[1], players[1], players[0]]) {
      const voted = await fanCall(ctx, await signUpFan(ctx, club), 'POST', fanGamePaths.vote(game.id), {
        challengerId: choice,
      });
      expect(voted.statusCode, voted.body).toBe(201);
    }
    await staffCall(ctx, staff.motm, 'POST', motmCloseNowPath(game.id));
    const calculated = await staffCall(ctx, staff.motm, 'POST', motmCalculatePath(game.id));
    expect(calculated.statusCode, calculated.body).toBe(200);
    const result = calculated.json<MotmCalculated>();
    expect(result).toMatchObject({ gameId: game.id, total: 3, winners: [players[1]] });
    expect(Date.parse(result.calculatedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Another club's staff cannot calculate it.
    const elsewhere = await staffCall(ctx, staff.rival, 'POST', motmCalculatePath(game.id));
    expect(elsewhere.statusCode).toBe(404);
  });

  it('are for MOTM writers of the game’s account only', async () => {
    const { eventId } = await matchOfClubs();
    const game = (await staffCall(ctx, staff.motm, 'POST', paths.list, { eventId })).json<MotmGame>();
    expect((await staffCall(ctx, staff.eventWriter, 'POST', motmOpenNowPath(game.id))).statusCode).toBe(403);
    expect((await staffCall(ctx, staff.readOnly, 'POST', motmOpenNowPath(game.id))).statusCode).toBe(403);
    expect((await staffCall(ctx, staff.rival, 'POST', motmOpenNowPath(game.id))).statusCode).toBe(404);
    expect((await staffCall(ctx, staff.motm, 'POST', motmCloseNowPath(999_999))).statusCode).toBe(404);
  });
});

describe('the clubs and players of a vote', () => {
  it('are kept right by the man-of-the-match’s writers, not by other games’ writers', async () => {
    const { home, players } = await matchOfClubs();
    const renamed = await staffCall(ctx, staff.motm, 'PUT', `/main-api/challengers/${home}`, { shortName: 'HOM' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [sport] = await ctx.db
      .select({ sportId: challengers.sportId })
      .from(challengers)
      .where(eq(challengers.id, players[0] ?? 0));
    const made = await staffCall(ctx, staff.motm, 'POST', '/main-api/challengers', {
      name: 'New Signing',
      type: 'player',
      sportId: sport?.sportId,
      jerseyNumber: 21,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await staffCall(ctx, staff.motm, 'GET', `/main-api/sports/${sport?.sportId}`)).statusCode).toBe(200);
    const refused = await staffCall(ctx, staff.predictor, 'PUT', `/main-api/challengers/${home}`, { shortName: 'X' });
    expect(refused.statusCode).toBe(403);
  });
});
