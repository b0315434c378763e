import type { AuditOtherResource } from '@regie/contract/audit';
import { GAME_KINDS, GAME_LIMITS, GAMES_MESSAGES, type PrizeOwner, prizePaths } from '@regie/contract/games';
import {
  type Gift,
  gameIdParams,
  gift,
  giftBody,
  giftsResponse,
  giftUpdateBody,
  type Sponsor,
  sponsor,
  sponsorBody,
  sponsorsResponse,
  sponsorUpdateBody,
} from '@regie/contract/games.schemas';
import { GAME_RULES } from '@regie/contract/games.settings';
import type { Message } from '@regie/contract/messages';
import { TRIVIA_RULE } from '@regie/contract/resources/registry';
import { TRIVIA_PLAY_MESSAGES } from '@regie/contract/trivia';
import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { fanGames, gameGifts, gameSponsors } from '../db/games.table.ts';
import { type Transaction, transaction } from '../db/transactions.ts';
import { quizzes } from '../db/trivia.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { type AuthContext, assertInScope, authOf, type Guard, type Guards } from '../tenancy/tenancy.guards.ts';
import { findScopedGame } from './games.service.ts';

/**
 * Sponsors and gifts (contract games.ts prizePaths) of every owner: a predictor or MOTM game, or a
 * trivia quiz. One set of routes, one table each; an owner says how it is found in the request's
 * scope (another account's: 404), locked while a prize is added (the limits hold under concurrent
 * adds), and which column points at it.
 */

type PrizeTable = typeof gameSponsors | typeof gameGifts;
type PrizeRow = typeof gameSponsors.$inferSelect;

interface Owner {
  name: PrizeOwner;
  /** The owner the request may reach: its id and account. */
  find(db: Db, auth: AuthContext, id: number): Promise<{ id: number; accountId: number }>;
  lock(tx: Transaction, id: number): Promise<void>;
  column(table: PrizeTable): PgColumn;
  /** Narrows a prize read by id to this owner's kind. */
  kindOf(table: PrizeTable): SQL;
}

function gameOwner(kind: (typeof GAME_KINDS)[number]): Owner {
  return {
    name: kind,
    async find(db, auth, id) {
      const { game } = await findScopedGame(db, auth, kind, id);
      return { id: game.id, accountId: game.accountId };
    },
    async lock(tx, id) {
      await tx.select({ id: fanGames.id }).from(fanGames).where(eq(fanGames.id, id)).for('update');
    },
    column: (table) => table.gameId,
    kindOf: () => eq(fanGames.kind, kind),
  };
}

const triviaOwner: Owner = {
  name: 'trivia',
  async find(db, auth, id) {
    const [quiz] = await db
      .select({ id: quizzes.id, accountId: quizzes.accountId })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .limit(1);
    if (!quiz) throw notFound(TRIVIA_PLAY_MESSAGES.quizNotFound(id));
    assertInScope(auth, quiz.accountId, TRIVIA_PLAY_MESSAGES.quizNotFound(id));
    return quiz;
  },
  async lock(tx, id) {
    await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, id)).for('update');
  },
  column: (table) => table.quizId,
  kindOf: (table) => isNotNull(table.quizId),
};

const OWNERS: readonly { owner: Owner; rule: (typeof GAME_RULES)[keyof typeof GAME_RULES] }[] = [
  ...GAME_KINDS.map((kind) => ({ owner: gameOwner(kind), rule: GAME_RULES[kind] })),
  { owner: triviaOwner, rule: TRIVIA_RULE },
];

const refusals = errorResponses(400, 401, 403, 404);
const itemParams = z.object({ id: z.coerce.number().int().positive() });

export const presentSponsor = (row: PrizeRow) => ({
  id: row.id,
  gameId: (row.gameId ?? row.quizId) as number,
  name: row.name,
  imageUrl: row.imageUrl,
  link: row.link,
});
const presentGift = (row: typeof gameGifts.$inferSelect) => ({
  ...presentSponsor(row),
  rankFrom: row.rankFrom,
  rankTo: row.rankTo,
});

/** The sponsors of a game (`{gameId}`) or a quiz (`{quizId}`), oldest first. */
export async function sponsorsOf(db: Db, of: { gameId: number } | { quizId: number }) {
  const where = 'gameId' in of ? eq(gameSponsors.gameId, of.gameId) : eq(gameSponsors.quizId, of.quizId);
  const rows = await db.select().from(gameSponsors).where(where).orderBy(asc(gameSponsors.id));
  return rows.map(presentSponsor);
}

/** The gifts of a game or a quiz, by rank. */
export async function giftsOf(db: Db, of: { gameId: number } | { quizId: number }) {
  const where = 'gameId' in of ? eq(gameGifts.gameId, of.gameId) : eq(gameGifts.quizId, of.quizId);
  const rows = await db.select().from(gameGifts).where(where).orderBy(asc(gameGifts.rankFrom), asc(gameGifts.id));
  return rows.map(presentGift);
}

/** The sponsors and gifts of several quizzes at once (the fans' list of open quizzes). */
export async function prizesOfQuizzes(db: Db, quizIds: readonly number[]) {
  if (quizIds.length === 0) return new Map<number, { sponsors: Sponsor[]; gifts: Gift[] }>();
  const [sponsorRows, giftRows] = await Promise.all([
    db
      .select()
      .from(gameSponsors)
      .where(inArray(gameSponsors.quizId, [...quizIds]))
      .orderBy(asc(gameSponsors.id)),
    db
      .select()
      .from(gameGifts)
      .where(inArray(gameGifts.quizId, [...quizIds]))
      .orderBy(asc(gameGifts.rankFrom), asc(gameGifts.id)),
  ]);
  return new Map(
    quizIds.map((id) => [
      id,
      {
        sponsors: sponsorRows.filter((row) => row.quizId === id).map(presentSponsor),
        gifts: giftRows.filter((row) => row.quizId === id).map(presentGift),
      },
    ]),
  );
}

/** A sponsor or gift of the owner's kind the request may reach (another account's: 404). */
async function findPrize(db: Db, auth: AuthContext, owner: Owner, table: PrizeTable, id: number) {
  const missing = table === gameGifts ? GAMES_MESSAGES.giftNotFound(id) : GAMES_MESSAGES.sponsorNotFound(id);
  const [found] = await db
    .select({ id: table.id, accountId: table.accountId })
    .from(table)
    .leftJoin(fanGames, eq(fanGames.id, table.gameId))
    .where(and(eq(table.id, id), owner.kindOf(table)))
    .limit(1);
  if (!found) throw notFound(missing);
  assertInScope(auth, found.accountId, missing);
  return found;
}

/** The resource names of the prizes' audit entries (a prize has its own id; its owner is in the changes). */
export const PRIZE_AUDIT_RESOURCES = { sponsor: 'game-sponsors', gift: 'game-gifts' } as const satisfies Record<
  string,
  AuditOtherResource
>;
const SPONSOR_FIELDS = ['gameId', 'quizId', 'name', 'imageUrl', 'link'] as const;
const GIFT_FIELDS = [...SPONSOR_FIELDS, 'rankFrom', 'rankTo'] as const;

/** One prize's entry: a create (`before` null), an update or a delete (`after` null). */
async function auditPrize<Row extends typeof gameGifts.$inferSelect | PrizeRow>(
  tx: Db,
  source: AuditSource,
  kind: keyof typeof PRIZE_AUDIT_RESOURCES,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  const row = after ?? before;
  if (!row) return;
  const fields: readonly (keyof Row & string)[] =
    kind === 'gift' ? (GIFT_FIELDS as readonly (keyof Row & string)[]) : SPONSOR_FIELDS;
  await writeAudit(tx, source, {
    accountId: row.accountId,
    resource: PRIZE_AUDIT_RESOURCES[kind],
    resourceId: row.id,
    action: before === null ? 'create' : after === null ? 'delete' : 'update',
    changes: diffFields(before, after, fields),
  });
}

/** What ties a new prize to its owner. */
type PrizeLink = { gameId?: number; quizId?: number; accountId: number };

type App = Parameters<FastifyPluginAsyncZod<PrizesRoutesOptions>>[0];

/** Adds a row under the owner, refusing past `max` (409), with the owner locked. */
async function addPrize<Row>(
  db: Db,
  owner: Owner,
  ownerRow: { id: number; accountId: number },
  table: PrizeTable,
  max: number,
  tooMany: Message,
  insert: (tx: Transaction, link: PrizeLink) => Promise<Row | undefined>,
): Promise<Row> {
  const made = await transaction(db, async (tx) => {
    await owner.lock(tx, ownerRow.id);
    const [counted] = await tx
      .select({ count: count() })
      .from(table)
      .where(eq(owner.column(table), ownerRow.id));
    if ((counted?.count ?? 0) >= max) throw new HttpError(409, tooMany);
    const link: PrizeLink =
      owner.name === 'trivia'
        ? { quizId: ownerRow.id, accountId: ownerRow.accountId }
        : { gameId: ownerRow.id, accountId: ownerRow.accountId };
    return insert(tx, link);
  });
  if (!made) throw new Error('prize not inserted');
  return made;
}

function sponsorRoutes(app: App, db: Db, owner: Owner, onRequest: Guard): void {
  const paths = prizePaths(owner.name);
  const common = { tags: [owner.name], security: BEARER };
  const of = (id: number) => (owner.name === 'trivia' ? { quizId: id } : { gameId: id });
  app.get(
    paths.sponsors(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The sponsors',
        params: gameIdParams,
        response: { 200: sponsorsResponse, ...refusals },
      },
    },
    async (request) => {
      const found = await owner.find(db, authOf(request), request.params.id);
      return { data: await sponsorsOf(db, of(found.id)) };
    },
  );
  app.post(
    paths.sponsors(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Adds a sponsor',
        params: gameIdParams,
        body: sponsorBody,
        response: { 201: sponsor, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const found = await owner.find(db, authOf(request), request.params.id);
      const made = await addPrize(
        db,
        owner,
        found,
        gameSponsors,
        GAME_LIMITS.sponsorsPerGame,
        GAMES_MESSAGES.tooManySponsors(GAME_LIMITS.sponsorsPerGame),
        async (tx, link) => {
          const [row] = await tx
            .insert(gameSponsors)
            .values({ ...request.body, ...link })
            .returning();
          await auditPrize(tx, auditSourceOf(request), 'sponsor', null, row ?? null);
          return row;
        },
      );
      return reply.code(201).send(presentSponsor(made));
    },
  );
  app.put(
    paths.sponsor(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Changes a sponsor',
        params: itemParams,
        body: sponsorUpdateBody,
        response: { 200: sponsor, ...refusals },
      },
    },
    async (request) => {
      const found = await findPrize(db, authOf(request), owner, gameSponsors, request.params.id);
      const row = await transaction(db, async (tx) => {
        const [before] = await tx.select().from(gameSponsors).where(eq(gameSponsors.id, found.id)).for('update');
        const [after] = await tx
          .update(gameSponsors)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(gameSponsors.id, found.id))
          .returning();
        if (!before || !after) throw notFound(GAMES_MESSAGES.sponsorNotFound(found.id));
        await auditPrize(tx, auditSourceOf(request), 'sponsor', before, after);
        return after;
      });
      return presentSponsor(row);
    },
  );
  app.delete(
    paths.sponsor(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Removes a sponsor',
        params: itemParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const found = await findPrize(db, authOf(request), owner, gameSponsors, request.params.id);
      await transaction(db, async (tx) => {
        const [before] = await tx.delete(gameSponsors).where(eq(gameSponsors.id, found.id)).returning();
        if (!before) throw notFound(GAMES_MESSAGES.sponsorNotFound(found.id));
        await auditPrize(tx, auditSourceOf(request), 'sponsor', before, null);
      });
      return reply.code(204).send(null);
    },
  );
}

function giftRoutes(app: App, db: Db, owner: Owner, onRequest: Guard): void {
  const paths = prizePaths(owner.name);
  const common = { tags: [owner.name], security: BEARER };
  const of = (id: number) => (owner.name === 'trivia' ? { quizId: id } : { gameId: id });
  app.get(
    paths.gifts(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The gifts, by rank',
        params: gameIdParams,
        response: { 200: giftsResponse, ...refusals },
      },
    },
    async (request) => {
      const found = await owner.find(db, authOf(request), request.params.id);
      return { data: await giftsOf(db, of(found.id)) };
    },
  );
  app.post(
    paths.gifts(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Adds a gift for a range of ranks',
        params: gameIdParams,
        body: giftBody,
        response: { 201: gift, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const found = await owner.find(db, authOf(request), request.params.id);
      const made = await addPrize(
        db,
        owner,
        found,
        gameGifts,
        GAME_LIMITS.giftsPerGame,
        GAMES_MESSAGES.tooManyGifts(GAME_LIMITS.giftsPerGame),
        async (tx, link) => {
          const [row] = await tx
            .insert(gameGifts)
            .values({ ...request.body, ...link })
            .returning();
          await auditPrize(tx, auditSourceOf(request), 'gift', null, row ?? null);
          return row;
        },
      );
      return reply.code(201).send(presentGift(made));
    },
  );
  app.put(
    paths.gift(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Changes a gift',
        params: itemParams,
        body: giftUpdateBody,
        response: { 200: gift, ...refusals },
      },
    },
    async (request) => {
      const found = await findPrize(db, authOf(request), owner, gameGifts, request.params.id);
      const [current] = await db.select().from(gameGifts).where(eq(gameGifts.id, found.id)).limit(1);
      if (!current) throw notFound(GAMES_MESSAGES.giftNotFound(found.id));
      const rankFrom = request.body.rankFrom ?? current.rankFrom;
      const rankTo = request.body.rankTo ?? current.rankTo;
      if (rankTo < rankFrom) {
        throw badRequest(GAMES_MESSAGES.rankOrder, [{ path: 'rankTo', message: GAMES_MESSAGES.rankOrder }]);
      }
      const row = await transaction(db, async (tx) => {
        const [after] = await tx
          .update(gameGifts)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(gameGifts.id, current.id))
          .returning();
        if (!after) throw notFound(GAMES_MESSAGES.giftNotFound(current.id));
        await auditPrize(tx, auditSourceOf(request), 'gift', current, after);
        return after;
      });
      return presentGift(row);
    },
  );
  app.delete(
    paths.gift(),
    {
      onRequest,
      config: { audit: 'entry' },
      schema: { ...common, summary: 'Removes a gift', params: itemParams, response: { 204: noContent, ...refusals } },
    },
    async (request, reply) => {
      const found = await findPrize(db, authOf(request), owner, gameGifts, request.params.id);
      await transaction(db, async (tx) => {
        const [before] = await tx.delete(gameGifts).where(eq(gameGifts.id, found.id)).returning();
        if (!before) throw notFound(GAMES_MESSAGES.giftNotFound(found.id));
        await auditPrize(tx, auditSourceOf(request), 'gift', before, null);
      });
      return reply.code(204).send(null);
    },
  );
}

export interface PrizesRoutesOptions {
  db: Db;
  guards: Guards;
}

/** Sponsors and gifts of predictor and MOTM games and of trivia quizzes. */
export const prizesRoutes: FastifyPluginAsyncZod<PrizesRoutesOptions> = async (app, { db, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  for (const { owner, rule } of OWNERS) {
    const onRequest = guards.requireRule(rule);
    sponsorRoutes(app, db, owner, onRequest);
    giftRoutes(app, db, owner, onRequest);
  }
};
