import type { AdBreak } from '@regie/contract/advertising.schemas';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { type AdBreakRow, adBreaks } from '../db/ad-breaks.table.ts';
import type { Db } from '../db/database.ts';
import type { PlaylistAdBreak } from './ad-breaks.playlist.ts';

/** The longest break the control room offers (contract AD_BREAK_DURATIONS), so a window reads every break touching it. */
const LONGEST_BREAK_MS = 90_000;

export function presentAdBreak(row: AdBreakRow): AdBreak {
  return {
    id: row.id,
    eventId: row.eventId,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + row.durationSeconds * 1000).toISOString(),
    durationSeconds: row.durationSeconds,
  };
}

/** Seconds left of a break at `now` (0 once over). */
export function secondsLeft(row: Pick<AdBreakRow, 'startsAt' | 'durationSeconds'>, now: Date): number {
  return Math.max(0, Math.ceil((row.startsAt.getTime() + row.durationSeconds * 1000 - now.getTime()) / 1000));
}

/** An event's latest breaks, newest first. */
export function latestAdBreaks(db: Db, eventId: number, limit = 10): Promise<AdBreakRow[]> {
  return db
    .select()
    .from(adBreaks)
    .where(eq(adBreaks.eventId, eventId))
    .orderBy(desc(adBreaks.startsAt), desc(adBreaks.id))
    .limit(limit);
}

/** The breaks of an event that may touch a playlist's window [from, now]. */
export async function adBreaksAround(db: Db, eventId: number, from: Date, now: Date): Promise<PlaylistAdBreak[]> {
  return db
    .select({ id: adBreaks.id, startsAt: adBreaks.startsAt, durationSeconds: adBreaks.durationSeconds })
    .from(adBreaks)
    .where(
      and(
        eq(adBreaks.eventId, eventId),
        gte(adBreaks.startsAt, new Date(from.getTime() - LONGEST_BREAK_MS)),
        lte(adBreaks.startsAt, now),
      ),
    );
}
