import type { CameraContentKind } from '@regie/contract/cameras';
import { and, asc, count, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { programSwitches } from '../db/cameras.table.ts';
import type { Db } from '../db/database.ts';
import { liveSegments } from '../db/live.table.ts';
import type { IndexedSegment } from './live.playlists.ts';
import { clipIntervals, type ProgramInterval, programIntervals, type ResolvedSwitch } from './program.timeline.ts';

/** An event or a conference: what has cameras and a program (contract cameras.ts). */
export interface ContentRef {
  kind: CameraContentKind;
  id: number;
}

/** A segment of the program: an input's indexed segment, marked where the camera changes. */
export interface ProgramSegment extends IndexedSegment {
  /** The index row's id (unique across inputs). */
  id: number;
  inputId: number;
  /** Its storage key. */
  path: string;
  bytes: number;
  /** The first segment after a camera switch (a discontinuity for players and for cutting). */
  switched: boolean;
}

/** The rows of a per-content table (cameras, switches) that belong to `content`. */
export function ofContent(columns: { eventId: PgColumn; conferenceId: PgColumn }, content: ContentRef): SQL {
  return content.kind === 'events' ? eq(columns.eventId, content.id) : eq(columns.conferenceId, content.id);
}

/** What a new row of a per-content table holds to name `content`. */
export function contentKey(content: ContentRef): { eventId: number } | { conferenceId: number } {
  return content.kind === 'events' ? { eventId: content.id } : { conferenceId: content.id };
}

/** The switch log with each switch's effective time (its input's first segment from then on). */
export async function resolvedSwitches(db: Db, content: ContentRef): Promise<ResolvedSwitch[]> {
  // Qualified by hand: inside a subquery Drizzle writes bare column names, and both tables have input_id.
  const effectiveAt = sql<Date | null>`(
    select min(segment.started_at) from ${liveSegments} as segment
    where segment.input_id = ${programSwitches}.input_id and segment.started_at >= ${programSwitches}.at
  )`.mapWith(liveSegments.startedAt);
  const rows = await db
    .select({ inputId: programSwitches.inputId, at: programSwitches.at, effectiveAt })
    .from(programSwitches)
    .where(ofContent(programSwitches, content))
    .orderBy(asc(programSwitches.at), asc(programSwitches.id));
  return rows;
}

/** The intervals the program showed each input, optionally inside [from, to). */
export async function programTimeline(
  db: Db,
  content: ContentRef,
  window: { from?: Date | null; to?: Date | null } = {},
): Promise<ProgramInterval[]> {
  return clipIntervals(programIntervals(await resolvedSwitches(db, content)), window);
}

/**
 * The program's segments, in time order, optionally those starting inside [from, to): the live
 * edge, the DVR window, a live clip and the replay are this query over different windows.
 */
export async function programSegments(
  db: Db,
  content: ContentRef,
  window: { from?: Date | null; to?: Date | null } = {},
): Promise<ProgramSegment[]> {
  const intervals = await programTimeline(db, content, window);
  if (intervals.length === 0) return [];
  const conditions = intervals.map((interval) =>
    and(
      eq(liveSegments.inputId, interval.inputId),
      gte(liveSegments.startedAt, interval.from),
      interval.to ? lt(liveSegments.startedAt, interval.to) : undefined,
    ),
  );
  const rows = await db
    .select()
    .from(liveSegments)
    .where(or(...conditions))
    .orderBy(asc(liveSegments.startedAt), asc(liveSegments.id));
  const starts = new Set(intervals.slice(1).map((interval) => `${interval.inputId}@${interval.from.getTime()}`));
  return rows.map((row) => ({
    id: row.id,
    inputId: row.inputId,
    sequence: row.sequence,
    startedAt: row.startedAt,
    duration: row.duration,
    path: row.path,
    bytes: row.bytes,
    discontinuity: row.discontinuity,
    switched: starts.has(`${row.inputId}@${row.startedAt.getTime()}`),
  }));
}

/**
 * How many program segments start before `at`: the media sequence number of the first segment of
 * a window starting at `at`, the same on every reload as the window slides.
 */
export async function programIndexBefore(db: Db, content: ContentRef, at: Date): Promise<number> {
  const intervals = await programTimeline(db, content, { to: at });
  if (intervals.length === 0) return 0;
  const [found] = await db
    .select({ total: count() })
    .from(liveSegments)
    .where(
      or(
        ...intervals.map((interval) =>
          and(
            eq(liveSegments.inputId, interval.inputId),
            gte(liveSegments.startedAt, interval.from),
            interval.to ? lt(liveSegments.startedAt, interval.to) : undefined,
          ),
        ),
      ),
    );
  return found?.total ?? 0;
}
