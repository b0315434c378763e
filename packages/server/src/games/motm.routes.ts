import { GAMES_MESSAGES, gamePaths, motmResultsPath } from '@regie/contract/games';
import {
  eventGameQuery,
  gameIdParams,
  motmGame,
  motmGameCreateBody,
  motmGameUpdateBody,
  motmResults,
} from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import { fanGames } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { findScopedEvent } from '../graphics/event-scope.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf } from '../tenancy/tenancy.guards.ts';
import type { GamesRoutesOptions } from './games.routes.ts';
import {
  assertGameActive,
  auditGame,
  candidatesChange,
  findScopedGame,
  gameOfEvent,
  presentMotm,
  replaceCandidates,
  resultsOf,
} from './games.service.ts';
import type { MotmVoteCheckBook } from './motm.vote-checks.ts';

const common = { tags: ['motm'], security: BEARER };
const refusals = errorResponses(400, 401, 403, 404);
const paths = gamePaths('motm');
/** A time of the body: absent stays absent, null clears it. */
const dateOrNull = (value: string | null | undefined): Date | null | undefined =>
  value === undefined || value === null ? value : new Date(value);

/**
 * The man-of-the-match game of an event (contract games.ts): made from the event's motm tab with
 * the event's challengers as candidates, its own voting window if it sets one, and the results.
 */
export const motmRoutes: FastifyPluginAsyncZod<GamesRoutesOptions & { voteChecks: MotmVoteCheckBook }> = async (
  app,
  { db, guards, voteChecks },
) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onRequest = guards.requireRule(GAME_RULES.motm);
  app.get(
    paths.list,
    {
      onRequest,
      schema: {
        ...common,
        summary: "The event's man-of-the-match game in `data` (none or one)",
        querystring: eventGameQuery,
        response: { 200: z.object({ data: z.array(motmGame) }), ...refusals },
      },
    },
    async (request) => {
      const event = await findScopedEvent(db, authOf(request), request.query.eventId);
      const game = await gameOfEvent(db, 'motm', event);
      return { data: game ? [await presentMotm(db, { game, event })] : [] };
    },
  );
  app.post(
    paths.list,
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Makes the event's man-of-the-match game; candidates: the event's challengers unless named",
        body: motmGameCreateBody,
        response: { 201: motmGame, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const event = await findScopedEvent(db, authOf(request), request.body.eventId);
      assertGameActive('motm', event.activatedModules);
      const { opensAt, closesAt, candidateIds } = request.body;
      const presented = await transaction(db, async (tx) => {
        const [game] = await tx
          .insert(fanGames)
          .values({
            accountId: event.accountId,
            eventId: event.id,
            kind: 'motm',
            opensAt: dateOrNull(opensAt) ?? null,
            closesAt: dateOrNull(closesAt) ?? null,
          })
          .onConflictDoNothing({ target: [fanGames.eventId, fanGames.kind] })
          .returning();
        if (!game) throw new HttpError(409, GAMES_MESSAGES.gameExists);
        const candidates = await replaceCandidates(tx, game, event, candidateIds);
        await auditGame(tx, auditSourceOf(request), null, game, {
          candidateIds: { before: null, after: candidates.after },
        });
        return presentMotm(tx, { game, event });
      });
      voteChecks.gameChanged(presented.id);
      return reply.code(201).send(presented);
    },
  );
  app.get(
    paths.game(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'A man-of-the-match game',
        params: gameIdParams,
        response: { 200: motmGame, ...refusals },
      },
    },
    async (request) => presentMotm(db, await findScopedGame(db, authOf(request), 'motm', request.params.id)),
  );
  app.put(
    paths.game(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Changes the game's own voting window (null: from the settings) or its candidates",
        params: gameIdParams,
        body: motmGameUpdateBody,
        response: { 200: motmGame, ...refusals },
      },
    },
    async (request) => {
      const found = await findScopedGame(db, authOf(request), 'motm', request.params.id);
      const { opensAt, closesAt, candidateIds } = request.body;
      const nextOpens = opensAt === undefined ? found.game.opensAt : (dateOrNull(opensAt) ?? null);
      const nextCloses = closesAt === undefined ? found.game.closesAt : (dateOrNull(closesAt) ?? null);
      if (nextOpens && nextCloses && nextCloses <= nextOpens) {
        throw badRequest(GAMES_MESSAGES.windowOrder, [{ path: 'closesAt', message: GAMES_MESSAGES.windowOrder }]);
      }
      const presented = await transaction(db, async (tx) => {
        const [game] = await tx
          .update(fanGames)
          .set({ opensAt: nextOpens, closesAt: nextCloses, updatedAt: new Date() })
          .where(eq(fanGames.id, found.game.id))
          .returning();
        if (!game) throw notFound(GAMES_MESSAGES.gameNotFound(found.game.id));
        const candidates =
          candidateIds === undefined ? undefined : await replaceCandidates(tx, game, found.event, candidateIds);
        await auditGame(tx, auditSourceOf(request), found.game, game, candidatesChange(candidates));
        return presentMotm(tx, { game, event: found.event });
      });
      // Votes checked from this game's cached checks see the change at once, in every process.
      voteChecks.gameChanged(found.game.id);
      return presented;
    },
  );
  app.delete(
    paths.game(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes the game with its votes, sponsors and gifts',
        params: gameIdParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const { game } = await findScopedGame(db, authOf(request), 'motm', request.params.id);
      await transaction(db, async (tx) => {
        const [deleted] = await tx.delete(fanGames).where(eq(fanGames.id, game.id)).returning();
        if (!deleted) throw notFound(GAMES_MESSAGES.gameNotFound(game.id));
        await auditGame(tx, auditSourceOf(request), deleted, null);
      });
      voteChecks.gameChanged(game.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    motmResultsPath(),
    {
      onRequest,
      schema: {
        ...common,
        summary: "Each candidate's votes and share (whole percents adding up to 100)",
        params: gameIdParams,
        response: { 200: motmResults, ...refusals },
      },
    },
    async (request) => {
      const { game } = await findScopedGame(db, authOf(request), 'motm', request.params.id);
      return resultsOf(db, game.id);
    },
  );
};
