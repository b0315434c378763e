import {
  closeNowWindow,
  GAMES_MESSAGES,
  type MotmWindow,
  motmCalculatePath,
  motmCloseNowPath,
  motmOpenNowPath,
  openNowWindow,
} from '@regie/contract/games';
import { gameIdParams, type MotmCalculated, motmCalculated, motmGame } from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import { fanGames } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf } from '../tenancy/tenancy.guards.ts';
import type { GamesRoutesOptions } from './games.routes.ts';
import { auditGame, findScopedGame, presentMotm, resultsOf, windowOf } from './games.service.ts';
import type { MotmVoteCheckBook } from './motm.vote-checks.ts';

const common = { tags: ['motm'], security: BEARER };

/**
 * "Open now" and "Close now" on a man-of-the-match game (issue 46.5): the match's staff run the
 * vote from its tab, without typing times. Each sets the game's own window (contract
 * openNowWindow, closeNowWindow), audited like any change of it.
 */
export const motmNowRoutes: FastifyPluginAsyncZod<GamesRoutesOptions & { voteChecks: MotmVoteCheckBook }> = async (
  app,
  { db, guards, voteChecks },
) => {
  const onRequest = guards.requireRule(GAME_RULES.motm);
  const actions = [
    {
      path: motmOpenNowPath(),
      summary: 'Opens voting now, until its planned closing or for the account’s voting time (409 when open)',
      wantsOpen: false,
      refusal: GAMES_MESSAGES.alreadyOpen,
      next: (inForce: MotmWindow, now: Date, votingMinutes: number) => openNowWindow(inForce, now, votingMinutes),
    },
    {
      path: motmCloseNowPath(),
      summary: 'Closes voting now (409 when it is not open)',
      wantsOpen: true,
      refusal: GAMES_MESSAGES.votingNotOpen,
      next: (inForce: MotmWindow, now: Date) => closeNowWindow(inForce, now),
    },
  ] as const;
  for (const action of actions) {
    app.post(
      action.path,
      {
        onRequest,
        config: { audit: 'entry' },
        schema: {
          ...common,
          summary: action.summary,
          params: gameIdParams,
          response: { 200: motmGame, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const found = await findScopedGame(db, authOf(request), 'motm', request.params.id);
        const now = new Date();
        const { window, open, settings } = await windowOf(db, found, now);
        if (open !== action.wantsOpen) throw new HttpError(409, action.refusal);
        const own = action.next(window, now, settings.votingMinutesAfterEnd);
        const presented = await transaction(db, async (tx) => {
          const [game] = await tx
            .update(fanGames)
            .set({ opensAt: own.opensAt, closesAt: own.closesAt, updatedAt: now })
            .where(eq(fanGames.id, found.game.id))
            .returning();
          if (!game) throw notFound(GAMES_MESSAGES.gameNotFound(found.game.id));
          await auditGame(tx, auditSourceOf(request), found.game, game);
          return presentMotm(tx, { game, event: found.event }, now);
        });
        voteChecks.gameChanged(found.game.id);
        return presented;
      },
    );
  }

  app.post(
    motmCalculatePath(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Makes the result final once voting has closed: the winner (several on a tie), stored as calculated',
        description:
          '409 while voting is open. Running it again gives the same result at a new `calculatedAt` ' +
          '(the votes cannot change once voting has closed).',
        params: gameIdParams,
        response: { 200: motmCalculated, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request): Promise<MotmCalculated> => {
      const found = await findScopedGame(db, authOf(request), 'motm', request.params.id);
      const now = new Date();
      const { open } = await windowOf(db, found, now);
      if (open) throw new HttpError(409, GAMES_MESSAGES.voteStillOpen);
      return transaction(db, async (tx) => {
        const [game] = await tx
          .update(fanGames)
          .set({ calculatedAt: now, updatedAt: now })
          .where(eq(fanGames.id, found.game.id))
          .returning();
        if (!game) throw notFound(GAMES_MESSAGES.gameNotFound(found.game.id));
        await auditGame(tx, auditSourceOf(request), found.game, game);
        const results = await resultsOf(tx, game.id);
        const most = Math.max(0, ...results.results.map((row) => row.votes));
        const winners =
          most === 0 ? [] : results.results.filter((row) => row.votes === most).map((row) => row.challengerId);
        return { ...results, winners, calculatedAt: now.toISOString() };
      });
    },
  );
};
