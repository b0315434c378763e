import { Readable } from 'node:stream';
import { HEADER_EXPORT_TOTAL } from '@regie/contract/api';
import { TRIVIA_RULE } from '@regie/contract/resources/registry';
import {
  contestantsCountResponse,
  periodOf,
  type RankingKind,
  rankingExportQuery,
  rankingPaths,
  rankingQuery,
  rankingResponse,
  TRIVIA_PLAY_MESSAGES,
} from '@regie/contract/trivia.play';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { quizzes } from '../db/trivia.table.ts';
import { expandNames } from '../http/expand.ts';
import { notFound } from '../http/http.errors.ts';
import { csvResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { contestantsCount } from './trivia.play.ts';
import { type RankingScope, ranking, rankingCsv, rankingFileName } from './trivia.rankings.ts';

type App = Parameters<FastifyPluginAsyncZod<{ db: Db; guards: Guards }>>[0];
type Request = Parameters<typeof authOf>[0];

const common = { tags: ['trivia'], security: BEARER };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const refusals = errorResponses(400, 401, 403, 404);

/** The account's quiz (404 naming it otherwise, another account's included). */
async function quizOf(db: Db, accountId: number, id: number): Promise<void> {
  const [quiz] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.accountId, accountId)))
    .limit(1);
  if (!quiz) throw notFound(TRIVIA_PLAY_MESSAGES.quizNotFound(id));
}

/** How each ranking reads its scope from the request, and names its export. */
interface RankingRoute {
  path: string;
  summary: string;
  params?: typeof idParams;
  scope: (db: Db, request: Request, date: string | undefined) => Promise<{ scope: RankingScope; file: string }>;
}

const accountOf = (request: Request) => authOf(request).account.id;

function periodRoute(kind: Exclude<RankingKind, 'global'>, path: string): RankingRoute {
  return {
    path,
    summary: `The ${kind}'s ranking (?date= a day of it, default today; UTC)`,
    async scope(_db, request, date) {
      const period = periodOf(kind, date);
      return {
        scope: { accountId: accountOf(request), period },
        file: rankingFileName(kind, period.from),
      };
    },
  };
}

const ROUTES: readonly RankingRoute[] = [
  {
    path: rankingPaths.global,
    summary: "The account's ranking over every quiz",
    async scope(_db, request) {
      return { scope: { accountId: accountOf(request) }, file: rankingFileName('global', new Date()) };
    },
  },
  {
    path: rankingPaths.quiz(),
    summary: "A quiz's ranking",
    params: idParams,
    async scope(db, request) {
      const { id } = idParams.parse(request.params);
      const accountId = accountOf(request);
      await quizOf(db, accountId, id);
      return { scope: { accountId, quizId: id }, file: rankingFileName(`quiz-${id}`, new Date()) };
    },
  },
  periodRoute('week', rankingPaths.week),
  periodRoute('month', rankingPaths.month),
];

function registerRanking(app: App, db: Db, onTrivia: ReturnType<Guards['requireRule']>, route: RankingRoute): void {
  app.get(
    route.path,
    {
      onRequest: onTrivia,
      schema: {
        ...common,
        summary: `${route.summary}: fans by score, ties sharing a rank; expand=[Contestant] adds their name`,
        ...(route.params ? { params: route.params } : {}),
        querystring: rankingQuery,
        response: { 200: rankingResponse, ...refusals },
      },
    },
    async (request) => {
      const { scope } = await route.scope(db, request, request.query.date);
      const contestants = expandNames(request.query.expand).includes('contestant');
      return ranking(db, scope, { limit: request.query.limit, offset: request.query.offset, contestants });
    },
  );
  app.get(
    `${route.path}/export`,
    {
      onRequest: onTrivia,
      schema: {
        ...common,
        summary: `${route.summary} as CSV, every fan, streamed`,
        description: `The header ${HEADER_EXPORT_TOTAL} says how many rows follow.`,
        ...(route.params ? { params: route.params } : {}),
        querystring: rankingExportQuery,
        response: { 200: csvResponse('CSV text (streamed)'), ...refusals },
      },
    },
    async (request, reply) => {
      const { scope, file } = await route.scope(db, request, request.query.date);
      const { total } = await ranking(db, scope, { limit: 1, offset: 0, contestants: false });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header(HEADER_EXPORT_TOTAL, String(total))
        .header('cache-control', 'no-store')
        .send(Readable.from(rankingCsv(db, scope), { objectMode: false }));
    },
  );
}

/** The rankings (global, per quiz, week, month, each with /export) and a quiz's contestants count. */
export function triviaRankingRoutes(app: App, { db, guards }: { db: Db; guards: Guards }): void {
  const onTrivia = guards.requireRule(TRIVIA_RULE);
  for (const route of ROUTES) registerRanking(app, db, onTrivia, route);
  app.get(
    rankingPaths.contestantsCount(),
    {
      onRequest: onTrivia,
      schema: {
        ...common,
        summary: 'How many fans played the quiz',
        params: idParams,
        response: { 200: contestantsCountResponse, ...refusals },
      },
    },
    async (request) => {
      await quizOf(db, accountOf(request), request.params.id);
      return { count: await contestantsCount(db, request.params.id) };
    },
  );
}
