import { Readable } from 'node:stream';
import { GAME_KINDS, GAME_LIMITS, GAMES_MESSAGES, type GameKind, gamePaths } from '@regie/contract/games';
import {
  contestantsQuery,
  countResponse,
  gameIdParams,
  gift,
  giftBody,
  giftsResponse,
  giftUpdateBody,
  motmContestant,
  predictorContestant,
  sponsor,
  sponsorBody,
  sponsorsResponse,
  sponsorUpdateBody,
} from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { fanGames, gameGifts, gameSponsors } from '../db/games.table.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { type AuthContext, assertInScope, authOf, type Guard, type Guards } from '../tenancy/tenancy.guards.ts';
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
const itemParams = z.object({ id: z.coerce.number().int().positive() });

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
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('CSV text (streamed)'), ...refusals },
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

/** A sponsor or gift of a game of `kind` the request may reach (another account's: 404). */
async function findPrize(
  db: Db,
  auth: AuthContext,
  kind: GameKind,
  table: typeof gameSponsors | typeof gameGifts,
  id: number,
) {
  const missing = table === gameGifts ? GAMES_MESSAGES.giftNotFound(id) : GAMES_MESSAGES.sponsorNotFound(id);
  const [found] = await db
    .select({ id: table.id, accountId: table.accountId })
    .from(table)
    .innerJoin(fanGames, eq(fanGames.id, table.gameId))
    .where(and(eq(table.id, id), eq(fanGames.kind, kind)))
    .limit(1);
  if (!found) throw notFound(missing);
  assertInScope(auth, found.accountId, missing);
  return found;
}

const presentSponsor = (row: typeof gameSponsors.$inferSelect) => ({
  id: row.id,
  gameId: row.gameId,
  name: row.name,
  imageUrl: row.imageUrl,
  link: row.link,
});
const presentGift = (row: typeof gameGifts.$inferSelect) => ({
  ...presentSponsor(row),
  rankFrom: row.rankFrom,
  rankTo: row.rankTo,
});

export async function sponsorsOf(db: Db, gameId: number) {
  const rows = await db
    .select()
    .from(gameSponsors)
    .where(eq(gameSponsors.gameId, gameId))
    .orderBy(asc(gameSponsors.id));
  return rows.map(presentSponsor);
}
export async function giftsOf(db: Db, gameId: number) {
  const rows = await db
    .select()
    .from(gameGifts)
    .where(eq(gameGifts.gameId, gameId))
    .orderBy(asc(gameGifts.rankFrom), asc(gameGifts.id));
  return rows.map(presentGift);
}

/** Sponsors: GET/POST on the game, PUT/DELETE by id. */
function sponsorRoutes(app: App, db: Db, kind: GameKind, onRequest: Guard): void {
  const paths = gamePaths(kind);
  const common = commonOf(kind);
  app.get(
    paths.sponsors(),
    {
      onRequest,
      schema: {
        ...common,
        summary: "The game's sponsors",
        params: gameIdParams,
        response: { 200: sponsorsResponse, ...refusals },
      },
    },
    async (request) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      return { data: await sponsorsOf(db, game.id) };
    },
  );
  app.post(
    paths.sponsors(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Adds a sponsor to the game',
        params: gameIdParams,
        body: sponsorBody,
        response: { 201: sponsor, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      const made = await transaction(db, async (tx) => {
        await tx.select({ id: fanGames.id }).from(fanGames).where(eq(fanGames.id, game.id)).for('update');
        const [counted] = await tx
          .select({ count: count() })
          .from(gameSponsors)
          .where(eq(gameSponsors.gameId, game.id));
        if ((counted?.count ?? 0) >= GAME_LIMITS.sponsorsPerGame) {
          throw new HttpError(409, GAMES_MESSAGES.tooManySponsors(GAME_LIMITS.sponsorsPerGame));
        }
        const [row] = await tx
          .insert(gameSponsors)
          .values({ ...request.body, gameId: game.id, accountId: game.accountId })
          .returning();
        return row;
      });
      if (!made) throw new Error('sponsor not inserted');
      return reply.code(201).send(presentSponsor(made));
    },
  );
  app.put(
    paths.sponsor(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Changes a sponsor',
        params: itemParams,
        body: sponsorUpdateBody,
        response: { 200: sponsor, ...refusals },
      },
    },
    async (request) => {
      const found = await findPrize(db, authOf(request), kind, gameSponsors, request.params.id);
      const [row] = await db
        .update(gameSponsors)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(gameSponsors.id, found.id))
        .returning();
      if (!row) throw notFound(GAMES_MESSAGES.sponsorNotFound(found.id));
      return presentSponsor(row);
    },
  );
  app.delete(
    paths.sponsor(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Removes a sponsor',
        params: itemParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const found = await findPrize(db, authOf(request), kind, gameSponsors, request.params.id);
      await db.delete(gameSponsors).where(eq(gameSponsors.id, found.id));
      return reply.code(204).send(null);
    },
  );
}

/** Gifts: GET/POST on the game, PUT/DELETE by id; each for a range of ranks. */
function giftRoutes(app: App, db: Db, kind: GameKind, onRequest: Guard): void {
  const paths = gamePaths(kind);
  const common = commonOf(kind);
  app.get(
    paths.gifts(),
    {
      onRequest,
      schema: {
        ...common,
        summary: "The game's gifts, by rank",
        params: gameIdParams,
        response: { 200: giftsResponse, ...refusals },
      },
    },
    async (request) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      return { data: await giftsOf(db, game.id) };
    },
  );
  app.post(
    paths.gifts(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Adds a gift for a range of ranks',
        params: gameIdParams,
        body: giftBody,
        response: { 201: gift, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { game } = await findScopedGame(db, authOf(request), kind, request.params.id);
      const made = await transaction(db, async (tx) => {
        await tx.select({ id: fanGames.id }).from(fanGames).where(eq(fanGames.id, game.id)).for('update');
        const [counted] = await tx.select({ count: count() }).from(gameGifts).where(eq(gameGifts.gameId, game.id));
        if ((counted?.count ?? 0) >= GAME_LIMITS.giftsPerGame) {
          throw new HttpError(409, GAMES_MESSAGES.tooManyGifts(GAME_LIMITS.giftsPerGame));
        }
        const [row] = await tx
          .insert(gameGifts)
          .values({ ...request.body, gameId: game.id, accountId: game.accountId })
          .returning();
        return row;
      });
      if (!made) throw new Error('gift not inserted');
      return reply.code(201).send(presentGift(made));
    },
  );
  app.put(
    paths.gift(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Changes a gift',
        params: itemParams,
        body: giftUpdateBody,
        response: { 200: gift, ...refusals },
      },
    },
    async (request) => {
      const found = await findPrize(db, authOf(request), kind, gameGifts, request.params.id);
      const [current] = await db.select().from(gameGifts).where(eq(gameGifts.id, found.id)).limit(1);
      if (!current) throw notFound(GAMES_MESSAGES.giftNotFound(found.id));
      const rankFrom = request.body.rankFrom ?? current.rankFrom;
      const rankTo = request.body.rankTo ?? current.rankTo;
      if (rankTo < rankFrom) {
        throw badRequest(GAMES_MESSAGES.rankOrder, [{ path: 'rankTo', message: GAMES_MESSAGES.rankOrder }]);
      }
      const [row] = await db
        .update(gameGifts)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(gameGifts.id, found.id))
        .returning();
      if (!row) throw notFound(GAMES_MESSAGES.giftNotFound(found.id));
      return presentGift(row);
    },
  );
  app.delete(
    paths.gift(),
    {
      onRequest,
      schema: { ...common, summary: 'Removes a gift', params: itemParams, response: { 204: noContent, ...refusals } },
    },
    async (request, reply) => {
      const found = await findPrize(db, authOf(request), kind, gameGifts, request.params.id);
      await db.delete(gameGifts).where(eq(gameGifts.id, found.id));
      return reply.code(204).send(null);
    },
  );
}

/** The calls every kind of game has: contestants, count, export, sponsors, gifts. */
export const gameExtrasRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { db, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  for (const kind of GAME_KINDS) {
    const onRequest = guards.requireRule(GAME_RULES[kind]);
    contestantRoutes(app, db, kind, onRequest);
    sponsorRoutes(app, db, kind, onRequest);
    giftRoutes(app, db, kind, onRequest);
  }
};
