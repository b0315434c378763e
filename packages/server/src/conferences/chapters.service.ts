import {
  type ChapterDraft,
  type ChapterProblem,
  CONFERENCE_MESSAGES,
  chapterProblems,
} from '@regie/contract/conferences';
import type { ChapterPatch, ChapterRecord } from '@regie/contract/conferences.schemas';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { and, asc, eq } from 'drizzle-orm';
import { businessPlayerChapters, businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { videos } from '../db/videos.table.ts';
import { badRequest, type FieldError, notFound } from '../http/http.errors.ts';
import type { ConferenceRow } from './conferences.find.ts';

type ChapterRow = typeof businessPlayerChapters.$inferSelect;

export function presentChapter(row: ChapterRow): ChapterRecord {
  return {
    id: row.id,
    businessPlayerId: row.businessPlayerId,
    title: row.title,
    startSeconds: row.startSeconds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The duration of the conference's replay video, when it has one and it is known. */
export async function replayDuration(db: Db, conference: ConferenceRow): Promise<number | null> {
  if (conference.videoId === null) return null;
  const [video] = await db
    .select({ duration: videos.duration })
    .from(videos)
    .where(and(eq(videos.id, conference.videoId), eq(videos.accountId, conference.accountId)))
    .limit(1);
  return video?.duration ?? null;
}

/** The conference's chapters, sorted by start. */
export async function chapterRows(db: Db, conferenceId: number): Promise<ChapterRow[]> {
  return db
    .select()
    .from(businessPlayerChapters)
    .where(eq(businessPlayerChapters.businessPlayerId, conferenceId))
    .orderBy(asc(businessPlayerChapters.startSeconds), asc(businessPlayerChapters.id));
}

export async function listChapters(db: Db, conferenceId: number): Promise<{ data: ChapterRecord[] }> {
  return { data: (await chapterRows(db, conferenceId)).map(presentChapter) };
}

/** 400 with one error per problem, `path` naming where. */
function refuse(problems: readonly ChapterProblem[], path: (problem: ChapterProblem) => string): never {
  const errors: FieldError[] = problems.map((problem) => ({ path: path(problem), message: problem.message }));
  throw badRequest(errors[0]?.message ?? HTTP_MESSAGES.validationFailed, errors);
}

const listPath = (problem: ChapterProblem) =>
  problem.index === null ? 'chapters' : `chapters.${problem.index}.${problem.field ?? 'title'}`;

/** Two saves of one conference's chapters at once: the second waits, then works on the first's result. */
async function lockConference(tx: Db, conferenceId: number): Promise<void> {
  await tx
    .select({ id: businessPlayers.id })
    .from(businessPlayers)
    .where(eq(businessPlayers.id, conferenceId))
    .for('update');
}

/** POST …/chapters: the whole list replaces the stored one (checked first, 400 on any problem). */
export async function replaceChapters(
  db: Db,
  conference: ConferenceRow,
  chapters: readonly ChapterDraft[],
): Promise<{ data: ChapterRecord[] }> {
  const problems = chapterProblems(chapters, await replayDuration(db, conference));
  if (problems.length > 0) refuse(problems, listPath);
  await transaction(db, async (tx) => {
    await lockConference(tx, conference.id);
    await tx.delete(businessPlayerChapters).where(eq(businessPlayerChapters.businessPlayerId, conference.id));
    if (chapters.length === 0) return;
    await tx.insert(businessPlayerChapters).values(
      chapters.map((chapter) => ({
        businessPlayerId: conference.id,
        title: chapter.title.trim(),
        startSeconds: chapter.startSeconds,
        accountId: conference.accountId,
      })),
    );
  });
  return listChapters(db, conference.id);
}

/**
 * PUT …/chapters/{chapterId}: the chapter changed, checked against the others (its own problems
 * only: chapters made for a former, longer video do not block editing this one).
 */
export async function updateChapter(
  db: Db,
  conference: ConferenceRow,
  chapterId: number,
  patch: ChapterPatch,
): Promise<{ data: ChapterRecord[] }> {
  const duration = await replayDuration(db, conference);
  await transaction(db, async (tx) => {
    await lockConference(tx, conference.id);
    const rows = await chapterRows(tx, conference.id);
    const existing = rows.find((row) => row.id === chapterId);
    if (!existing) throw notFound(CONFERENCE_MESSAGES.chapterNotFound(chapterId));
    const changed = { title: patch.title ?? existing.title, startSeconds: patch.startSeconds ?? existing.startSeconds };
    // The changed chapter last: a clash with another is reported on it.
    const others = rows.filter((row) => row.id !== chapterId);
    const problems = chapterProblems([...others, changed], duration).filter(
      (problem) => problem.index === others.length,
    );
    if (problems.length > 0) refuse(problems, (problem) => problem.field ?? 'title');
    await tx
      .update(businessPlayerChapters)
      .set({ title: changed.title.trim(), startSeconds: changed.startSeconds })
      .where(eq(businessPlayerChapters.id, chapterId));
  });
  return listChapters(db, conference.id);
}

/** DELETE …/chapters/{chapterId} (404 for a chapter of another conference). */
export async function deleteChapter(db: Db, conference: ConferenceRow, chapterId: number): Promise<void> {
  const deleted = await db
    .delete(businessPlayerChapters)
    .where(and(eq(businessPlayerChapters.id, chapterId), eq(businessPlayerChapters.businessPlayerId, conference.id)))
    .returning({ id: businessPlayerChapters.id });
  if (deleted.length === 0) throw notFound(CONFERENCE_MESSAGES.chapterNotFound(chapterId));
}

/** DELETE …/chapters: every chapter of the conference. */
export async function deleteAllChapters(db: Db, conference: ConferenceRow): Promise<void> {
  await db.delete(businessPlayerChapters).where(eq(businessPlayerChapters.businessPlayerId, conference.id));
}
