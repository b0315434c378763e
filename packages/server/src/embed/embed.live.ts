import { LIVE_LIMITS } from '@regie/contract/live';
import { and, eq, gte, isNull, lt, min } from 'drizzle-orm';
import { contentLives } from '../db/cameras.table.ts';
import type { Db } from '../db/database.ts';
import { liveSegments } from '../db/live.table.ts';
import { type ContentRef, ofContent, programTimeline } from '../live/program.ts';

/**
 * Second 0 of a content's live as its markers and its replay count it (live-clips.service.ts
 * liveWindow): the start of the program's first segment since the open live started (a live
 * opened before lives were recorded: within the DVR window). Null while no camera has sent
 * anything on air. Reads only: a public page never writes.
 */
export async function liveOrigin(db: Db, content: ContentRef, nowMs = Date.now()): Promise<Date | null> {
  const [live] = await db
    .select({ startedAt: contentLives.startedAt })
    .from(contentLives)
    .where(and(ofContent(contentLives, content), isNull(contentLives.endedAt)))
    .limit(1);
  const from = live?.startedAt ?? new Date(nowMs - LIVE_LIMITS.dvrWindowSeconds * 1000);
  const [first] = await programTimeline(db, content, { from });
  if (!first) return null;
  const [row] = await db
    .select({ at: min(liveSegments.startedAt) })
    .from(liveSegments)
    .where(
      and(
        eq(liveSegments.inputId, first.inputId),
        gte(liveSegments.startedAt, first.from),
        first.to ? lt(liveSegments.startedAt, first.to) : undefined,
      ),
    );
  return row?.at ?? null;
}
