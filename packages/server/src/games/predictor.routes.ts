import { GAMES_MESSAGES, gamePaths, predictorCalculatePath } from '@regie/contract/games';
import {
  calculateResponse,
  eventGameQuery,
  gameIdParams,
  predictorGame,
  predictorGameCreateBody,
  predictorGameUpdateBody,
  score,
} from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import { fanGames } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { findScopedEvent } from '../graphics/event-scope.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf } from '../tenancy/tenancy.guards.ts';
import { readGameSettings } from './game-settings.routes.ts';
import type { GamesRoutesOptions } from './games.routes.ts';
import { assertGameActive, auditGame, findScopedGame, gameOfEvent, presentPredictor } from './games.service.ts';
import { calculatePredictions } from './predictor.calculate.ts';

const common = { tags: ['predictor'], security: BEARER };
const refusals = errorResponses(400, 401, 403, 404);
const paths = gamePaths('predictor');

/**
 * The predictor game of an event (contract games.ts): made from the event's predictor tab, its
 * points, and POST predictor/results/calculate/{id} that scores every prediction.
 */
export const predictorRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { db, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onRequest = guards.requireRule(GAME_RULES.predictor);
  app.get(
    paths.list,
    {
      onRequest,
      schema: {
        ...common,
        summary: "The event's predictor game in `data` (none or one)",
        querystring: eventGameQuery,
        response: { 200: z.object({ data: z.array(predictorGame) }), ...refusals },
      },
    },
    async (request) => {
      const event = await findScopedEvent(db, authOf(request), request.query.eventId);
      const game = await gameOfEvent(db, 'predictor', event);
      return { data: game ? [await presentPredictor(db, { game, event })] : [] };
    },
  );
  app.post(
    paths.list,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Makes the event's predictor game (its points default to the account's predictor settings)",
        body: predictorGameCreateBody,
        response: { 201: predictorGame, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const event = await findScopedEvent(db, authOf(request), request.body.eventId);
      assertGameActive('predictor', event.activatedModules);
      const settings = await readGameSettings(db, event.accountId, 'predictor');
      const game = await transaction(db, async (tx) => {
        const [made] = await tx
          .insert(fanGames)
          .values({
            accountId: event.accountId,
            eventId: event.id,
            kind: 'predictor',
            exactScorePoints: request.body.exactScorePoints ?? settings.exactScorePoints,
            rightResultPoints: request.body.rightResultPoints ?? settings.rightResultPoints,
          })
          .onConflictDoNothing({ target: [fanGames.eventId, fanGames.kind] })
          .returning();
        if (!made) throw new HttpError(409, GAMES_MESSAGES.gameExists);
        await auditGame(tx, auditSourceOf(request), null, made);
        return made;
      });
      return reply.code(201).send(await presentPredictor(db, { game, event }));
    },
  );
  app.get(
    paths.game(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A predictor game',
        params: gameIdParams,
        response: { 200: predictorGame, ...refusals },
      },
    },
    async (request) => presentPredictor(db, await findScopedGame(db, authOf(request), 'predictor', request.params.id)),
  );
  app.put(
    paths.game(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Changes the game's points (a calculation already made keeps its points until run again)",
        params: gameIdParams,
        body: predictorGameUpdateBody,
        response: { 200: predictorGame, ...refusals },
      },
    },
    async (request) => {
      const found = await findScopedGame(db, authOf(request), 'predictor', request.params.id);
      const game = await transaction(db, async (tx) => {
        const [changed] = await tx
          .update(fanGames)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(fanGames.id, found.game.id))
          .returning();
        if (!changed) throw notFound(GAMES_MESSAGES.gameNotFound(found.game.id));
        await auditGame(tx, auditSourceOf(request), found.game, changed);
        return changed;
      });
      return presentPredictor(db, { game, event: found.event });
    },
  );
  app.delete(
    paths.game(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes the game with its predictions, sponsors and gifts',
        params: gameIdParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const { game } = await findScopedGame(db, authOf(request), 'predictor', request.params.id);
      await transaction(db, async (tx) => {
        const [deleted] = await tx.delete(fanGames).where(eq(fanGames.id, game.id)).returning();
        if (!deleted) throw notFound(GAMES_MESSAGES.gameNotFound(game.id));
        await auditGame(tx, auditSourceOf(request), deleted, null);
      });
      return reply.code(204).send(null);
    },
  );
  app.post(
    predictorCalculatePath(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Stores the final score and scores every prediction (running it again gives the same points)',
        params: gameIdParams,
        body: score,
        response: { 200: calculateResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const found = await findScopedGame(db, authOf(request), 'predictor', request.params.id);
      return calculatePredictions(db, found, request.body, new Date(), auditSourceOf(request));
    },
  );
};
