import type { EventStatsResponse } from '@regie/contract/stats';
import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { markers } from '../db/events.table.ts';
import { plays } from '../db/plays.table.ts';
import { videos } from '../db/videos.table.ts';
import { bucketOf, byBucket, countAll, type Period, series, sum, within } from './stats.buckets.ts';

export interface StatsEvent {
  id: number;
  accountId: number;
  videoId: number | null;
}

/** An event's clips: videos cut from its replay, or around its markers (clips code: clipEventId). */
function clipsOf(event: StatsEvent): SQL | undefined {
  const cutFromReplay = event.videoId === null ? undefined : eq(videos.sourceVideoId, event.videoId);
  return and(
    eq(videos.accountId, event.accountId),
    isNotNull(videos.clipInSeconds),
    or(eq(videos.clipEventId, event.id), cutFromReplay),
  );
}

/** Plays of the event's replay (or counted for the event) and of its clips, by bucket. */
async function eventPlays(db: Db, event: StatsEvent, period: Period) {
  const clipIds = db.select({ id: videos.id }).from(videos).where(clipsOf(event));
  const bucket = bucketOf(plays.playedAt, period.interval);
  const inPeriod = and(eq(plays.accountId, event.accountId), within(plays.playedAt, period.from, period.to));
  const replay = or(eq(plays.eventId, event.id), event.videoId === null ? undefined : eq(plays.videoId, event.videoId));
  const [replayRows, clipRows] = await Promise.all([
    db.select({ bucket, count: countAll }).from(plays).where(and(inPeriod, replay)).groupBy(bucket),
    db
      .select({ bucket, count: countAll })
      .from(plays)
      .where(and(inPeriod, inArray(plays.videoId, clipIds)))
      .groupBy(bucket),
  ]);
  return { replay: byBucket(replayRows), clips: byBucket(clipRows) };
}

/**
 * GET events/{id}/stats: plays (replay and clips), markers and clips made in the period, totals
 * and one point per bucket. Every figure is counted in SQL, grouped by UTC bucket.
 */
export async function eventStats(db: Db, event: StatsEvent, period: Period): Promise<EventStatsResponse> {
  const markerBucket = bucketOf(markers.createdAt, period.interval);
  const clipBucket = bucketOf(videos.createdAt, period.interval);
  const [played, markerRows, clipRows] = await Promise.all([
    eventPlays(db, event, period),
    db
      .select({ bucket: markerBucket, count: countAll })
      .from(markers)
      .where(
        and(
          eq(markers.eventId, event.id),
          eq(markers.accountId, event.accountId),
          within(markers.createdAt, period.from, period.to),
        ),
      )
      .groupBy(markerBucket),
    db
      .select({ bucket: clipBucket, count: countAll })
      .from(videos)
      .where(and(clipsOf(event), within(videos.createdAt, period.from, period.to)))
      .groupBy(clipBucket),
  ]);
  const markersMade = byBucket(markerRows);
  const clipsMade = byBucket(clipRows);
  const replayPlays = sum(played.replay);
  const clipPlays = sum(played.clips);
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    interval: period.interval,
    totals: {
      plays: replayPlays + clipPlays,
      replayPlays,
      clipPlays,
      markers: sum(markersMade),
      clips: sum(clipsMade),
    },
    series: series(period, (at) => ({
      at,
      plays: (played.replay.get(at) ?? 0) + (played.clips.get(at) ?? 0),
      markers: markersMade.get(at) ?? 0,
      clips: clipsMade.get(at) ?? 0,
    })),
  };
}
