import {
  RANKING_EXPORT_COLUMNS,
  RANKING_LIMITS,
  type RankingResponse,
  type RankingRow,
} from '@regie/contract/trivia.play';
import { and, asc, countDistinct, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import { triviaPlays } from '../db/trivia.table.ts';
import { csvLines, namedColumns, SPREADSHEET_CSV } from '../http/csv.ts';

/**
 * The trivia rankings (contract trivia.play.ts): the plays' scores added up per fan in a scope (the
 * account, a quiz, a period), ranked with SQL's rank() in games.scoring.ts `compareRanked` order,
 * so ties share a rank and the page is cut by the database.
 */

export interface RankingScope {
  accountId: number;
  quizId?: number;
  /** The period [from, to) the plays started in. */
  period?: { from: Date; to: Date };
}

function scopeCondition(scope: RankingScope): SQL | undefined {
  return and(
    eq(triviaPlays.accountId, scope.accountId),
    scope.quizId === undefined ? undefined : eq(triviaPlays.quizId, scope.quizId),
    scope.period ? gte(triviaPlays.startedAt, scope.period.from) : undefined,
    scope.period ? lt(triviaPlays.startedAt, scope.period.to) : undefined,
  );
}

const score = sql<number>`sum(${triviaPlays.score})::float8`;
const answeringMs = sql<number>`sum(${triviaPlays.answeringMs})::float8`;
const finishedAt = sql<Date>`max(coalesce(${triviaPlays.lastAnsweredAt}, ${triviaPlays.startedAt}))`;
const rank = sql<number>`rank() over (order by ${score} desc, ${answeringMs} asc, ${finishedAt} asc)`;

/** One page of the ranking, without the contestants. */
async function rankedPage(db: Db, scope: RankingScope, limit: number, offset: number) {
  const rows = await db
    .select({
      fanId: triviaPlays.fanId,
      score,
      answeringMs,
      finishedAt: sql<string>`to_char(${finishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      quizzes: sql<number>`count(*)::int`,
      correct: sql<number>`sum(${triviaPlays.correct})::int`,
      rank: sql<number>`(${rank})::int`,
    })
    .from(triviaPlays)
    .where(scopeCondition(scope))
    .groupBy(triviaPlays.fanId)
    .orderBy(sql`${rank}`, asc(triviaPlays.fanId))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    rank: Number(row.rank),
    fanId: row.fanId,
    score: Number(row.score),
    quizzes: Number(row.quizzes),
    correct: Number(row.correct),
    answeringMs: Number(row.answeringMs),
    finishedAt: row.finishedAt,
  }));
}

async function contestantsOf(db: Db, fanIds: readonly number[]) {
  if (fanIds.length === 0) return new Map<number, NonNullable<RankingRow['Contestant']>>();
  const rows = await db
    .select({
      id: fans.id,
      nickname: fans.nickname,
      email: fans.email,
      firstName: fans.firstName,
      lastName: fans.lastName,
    })
    .from(fans)
    .where(inArray(fans.id, [...fanIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A page of the ranking: with expand=[Contestant], each fan's name and email. */
export async function ranking(
  db: Db,
  scope: RankingScope,
  page: { limit: number; offset: number; contestants: boolean },
): Promise<RankingResponse> {
  const [rows, totals] = await Promise.all([
    rankedPage(db, scope, page.limit, page.offset),
    db
      .select({ total: countDistinct(triviaPlays.fanId) })
      .from(triviaPlays)
      .where(scopeCondition(scope)),
  ]);
  const contestants = page.contestants
    ? await contestantsOf(
        db,
        rows.map((row) => row.fanId),
      )
    : null;
  return {
    data: rows.map((row) => {
      const contestant = contestants?.get(row.fanId);
      return contestant ? { ...row, Contestant: contestant } : row;
    }),
    total: totals[0]?.total ?? 0,
    offset: page.offset,
    limit: page.limit,
    period: scope.period ? { from: scope.period.from.toISOString(), to: scope.period.to.toISOString() } : null,
  };
}

/** The fan's rank in a quiz and how many played it (the fan's result at the end of a quiz). */
export async function quizRankOf(
  db: Db,
  accountId: number,
  quizId: number,
  fanId: number,
): Promise<{ rank: number; contestants: number }> {
  const ranked = db
    .select({ fanId: triviaPlays.fanId, rank: sql<number>`(${rank})::int`.as('rank') })
    .from(triviaPlays)
    .where(scopeCondition({ accountId, quizId }))
    .groupBy(triviaPlays.fanId)
    .as('ranked');
  const [mine] = await db.select({ rank: ranked.rank }).from(ranked).where(eq(ranked.fanId, fanId));
  const [all] = await db
    .select({ total: countDistinct(triviaPlays.fanId) })
    .from(triviaPlays)
    .where(scopeCondition({ accountId, quizId }));
  return { rank: Number(mine?.rank ?? 0), contestants: all?.total ?? 0 };
}

type RankingCells = Record<(typeof RANKING_EXPORT_COLUMNS)[number], unknown>;

/** The ranking's rows as the export's cells, RANKING_LIMITS.exportBatch fans at a time. */
async function* rankingCells(db: Db, scope: RankingScope): AsyncGenerator<RankingCells[]> {
  for (let offset = 0; ; offset += RANKING_LIMITS.exportBatch) {
    const rows = await rankedPage(db, scope, RANKING_LIMITS.exportBatch, offset);
    if (rows.length === 0) return;
    const contestants = await contestantsOf(
      db,
      rows.map((row) => row.fanId),
    );
    yield rows.map((row) => {
      const fan = contestants.get(row.fanId);
      return {
        rank: row.rank,
        fanId: row.fanId,
        nickname: fan?.nickname,
        email: fan?.email,
        firstName: fan?.firstName,
        lastName: fan?.lastName,
        score: row.score,
        quizzes: row.quizzes,
        correct: row.correct,
        answeringSeconds: Math.round(row.answeringMs / 100) / 10,
      };
    });
    if (rows.length < RANKING_LIMITS.exportBatch) return;
  }
}

/** The whole ranking as CSV (RANKING_EXPORT_COLUMNS), streamed (http/csv.ts SPREADSHEET_CSV). */
export function rankingCsv(db: Db, scope: RankingScope): AsyncGenerator<string> {
  return csvLines(SPREADSHEET_CSV, namedColumns(RANKING_EXPORT_COLUMNS), rankingCells(db, scope));
}

/** `ranking-week-2026-11-23.csv`, `ranking-quiz-12-2026-11-24.csv` */
export function rankingFileName(what: string, day: Date): string {
  return `ranking-${what}-${day.toISOString().slice(0, 10)}.csv`;
}
