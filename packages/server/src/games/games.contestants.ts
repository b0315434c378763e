import { GAME_LIMITS, MOTM_EXPORT_COLUMNS, PREDICTOR_EXPORT_COLUMNS } from '@regie/contract/games';
import type { MotmContestant, PredictorContestant } from '@regie/contract/games.schemas';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import { motmVotes, predictions } from '../db/games.table.ts';
import { csvLines, GUARDED_COPY_CSV, namedColumns } from '../http/csv.ts';

/**
 * The fans who played a game: the predictor's by rank (best points first, then the earlier
 * prediction) once calculated, the MOTM's newest vote first. Paged by page number; the export
 * reads the same order in batches and writes CSV as the fans' export does (UTF-8 BOM, a header,
 * formulas disarmed with a leading apostrophe: http/csv.ts GUARDED_COPY_CSV).
 */

const rankSql = sql<
  number | null
>`case when ${predictions.points} is null then null else (rank() over (order by ${predictions.points} desc nulls last))::int end`;

export async function predictorContestants(
  db: Db,
  gameId: number,
  page: { offset: number; limit: number },
): Promise<PredictorContestant[]> {
  const rows = await db
    .select({
      fanId: predictions.fanId,
      nickname: fans.nickname,
      email: fans.email,
      home: predictions.home,
      away: predictions.away,
      points: predictions.points,
      rank: rankSql,
      predictedAt: predictions.predictedAt,
    })
    .from(predictions)
    .innerJoin(fans, eq(fans.id, predictions.fanId))
    .where(eq(predictions.gameId, gameId))
    .orderBy(sql`${predictions.points} desc nulls last`, asc(predictions.predictedAt), asc(predictions.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, predictedAt: row.predictedAt.toISOString() }));
}

export async function motmContestants(
  db: Db,
  gameId: number,
  page: { offset: number; limit: number },
): Promise<MotmContestant[]> {
  const rows = await db
    .select({
      fanId: motmVotes.fanId,
      nickname: fans.nickname,
      email: fans.email,
      challengerId: motmVotes.challengerId,
      challenger: challengers.name,
      votedAt: motmVotes.createdAt,
    })
    .from(motmVotes)
    .innerJoin(fans, eq(fans.id, motmVotes.fanId))
    .innerJoin(challengers, eq(challengers.id, motmVotes.challengerId))
    .where(eq(motmVotes.gameId, gameId))
    .orderBy(desc(motmVotes.createdAt), desc(motmVotes.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, votedAt: row.votedAt.toISOString() }));
}

/** The rows `read` gives, GAME_LIMITS.exportBatch at a time. */
async function* batchesOf<Row>(
  read: (page: { offset: number; limit: number }) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += GAME_LIMITS.exportBatch) {
    const rows = await read({ offset, limit: GAME_LIMITS.exportBatch });
    yield rows;
    if (rows.length < GAME_LIMITS.exportBatch) return;
  }
}

export function predictorCsv(db: Db, gameId: number): AsyncGenerator<string> {
  return csvLines(
    GUARDED_COPY_CSV,
    namedColumns(PREDICTOR_EXPORT_COLUMNS),
    batchesOf((page) => predictorContestants(db, gameId, page)),
  );
}

export function motmCsv(db: Db, gameId: number): AsyncGenerator<string> {
  return csvLines(
    GUARDED_COPY_CSV,
    namedColumns(MOTM_EXPORT_COLUMNS),
    batchesOf((page) => motmContestants(db, gameId, page)),
  );
}

/** `predictor-12.csv` */
export function contestantsFileName(kind: string, gameId: number): string {
  return `${kind}-${gameId}-contestants.csv`;
}
