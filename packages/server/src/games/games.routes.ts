import { Readable } from 'node:stream';
import { GAME_KINDS, type GameKind, gamePaths } from '@regie/contract/games';
import {
  contestantsQuery,
  countResponse,
  gameIdParams,
  motmContestant,
  predictorContestant,
} from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { csvResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guard, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  contestantsFileName,
  motmContestants,
  motmCsv,
  predictorContestants,
  predictorCsv,
} from './games.contestants.ts';
import { contestantsCount, findScopedGame } from './games.service.ts';

export interface GamesRoutesOptions {
  db: Db;
  guards: Guards;
}

type App = Parameters<FastifyPluginAsyncZod<GamesRoutesOptions>>[0];
const refusals = errorResponses(400, 401, 403, 404);
const _itemParams = z.object({ id: z.coerce.number().int().positive() });

function commonOf(kind: GameKind) {
  return { tags: [kind], security: BEARER };
}

/** Contestants (paged), their count and their CSV export. */
function contestantRoutes(app: App, db: Db, kind: GameKind, onRequest: Guard): void {
  const paths = gamePaths(kind);
  const common = commonOf(kind);
  const row = kind === 'predictor' ? predictorContestant : motmContestant;
  app.get(
    paths.contestants(),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          kind === 'predictor'
            ? 'The fans who predicted, by rank once calculated'
            : 'The fans who voted, newest vote first',
        params: gameIdParams,
        querystring: contestantsQuery,
        response: { 200: z.object({ data: z.array(row) }), ...refusals },
      },
    },
    async (request) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      const page = { offset: (request.query.page - 1) * request.query.limit, limit: request.query.limit };
      const read = kind === 'predictor' ? predictorContestants : motmContestants;
      return { data: await read(db, game.id, page) };
    },
  );
  app.get(
    paths.contestantsCount(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'How many fans played the game',
        params: gameIdParams,
        response: { 200: countResponse, ...refusals },
      },
    },
    async (request) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      return { count: await contestantsCount(db, kind, game.id) };
    },
  );
  app.get(
    paths.contestantsExport(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The contestants as CSV (UTF-8 with a byte order mark)',
        params: gameIdParams,
        response: { 200: csvResponse('CSV text (streamed)'), ...refusals },
      },
    },
    async (request, reply) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      const lines = kind === 'predictor' ? predictorCsv(db, game.id) : motmCsv(db, game.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${contestantsFileName(kind, game.id)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines, { objectMode: false }));
    },
  );
}

/** The calls every kind of game has: contestants, count, export (sponsors and gifts: prizes.routes.ts). */
export const gameExtrasRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { db, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  for (const kind of GAME_KINDS) {
    const onRequest = guards.requireRule(GAME_RULES[kind]);
    contestantRoutes(app, db, kind, onRequest);
  }
};
