import type { ConferenceStatsResponse, EventStatsResponse, StatsContentKind } from '@regie/contract/stats';
import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { businessPlayerChapters, businessPlayerClips } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { markers } from '../db/events.table.ts';
import { plays, videoDownloads } from '../db/plays.table.ts';
import { videos } from '../db/videos.table.ts';
import { bucketOf, byBucket, countAll, type Period, series, sum, within } from './stats.buckets.ts';

/** A record with a stats tab: a sport event or a conference, with its replay video (if any). */
export interface StatsContent {
  kind: StatsContentKind;
  id: number;
  accountId: number;
  videoId: number | null;
}

/** What tells one kind of content from another in its figures. */
interface ContentQueries {
  /** Its clips, as a condition on videos. */
  clips: (db: Db, content: StatsContent) => SQL | undefined;
  /** The plays of its replay, as a condition on plays. */
  replayPlays: (content: StatsContent) => SQL | undefined;
  /** Its marks made in the period (markers of an event, chapters of a conference), by bucket. */
  marks: (db: Db, content: StatsContent, period: Period) => Promise<Map<string, number>>;
}

const playsOfReplay = (content: StatsContent) =>
  content.videoId === null ? undefined : eq(plays.videoId, content.videoId);

const EVENT_QUERIES: ContentQueries = {
  /** Videos cut from its replay, or around its markers (clips code: clipEventId). */
  clips: (_db, event) =>
    and(
      eq(videos.accountId, event.accountId),
      isNotNull(videos.clipInSeconds),
      or(
        eq(videos.clipEventId, event.id),
        event.videoId === null ? undefined : eq(videos.sourceVideoId, event.videoId),
      ),
    ),
  /** Played from the event's page, or its replay video played anywhere. */
  replayPlays: (event) => or(eq(plays.eventId, event.id), playsOfReplay(event)),
  marks: async (db, event, period) => {
    const bucket = bucketOf(markers.createdAt, period.interval);
    const inPeriod = within(markers.createdAt, period.from, period.to);
    const mine = and(eq(markers.eventId, event.id), eq(markers.accountId, event.accountId), inPeriod);
    return byBucket(await db.select({ bucket, count: countAll }).from(markers).where(mine).groupBy(bucket));
  },
};

const CONFERENCE_QUERIES: ContentQueries = {
  /** The clips cut from the conference (business_player_clips), of its account. */
  clips: (db, conference) =>
    and(
      eq(videos.accountId, conference.accountId),
      inArray(
        videos.id,
        db
          .select({ id: businessPlayerClips.videoId })
          .from(businessPlayerClips)
          .where(eq(businessPlayerClips.businessPlayerId, conference.id)),
      ),
    ),
  /** Its replay video played (the conference's embed page, or the video's own). */
  replayPlays: playsOfReplay,
  marks: async (db, conference, period) => {
    const bucket = bucketOf(businessPlayerChapters.createdAt, period.interval);
    const mine = and(
      eq(businessPlayerChapters.businessPlayerId, conference.id),
      eq(businessPlayerChapters.accountId, conference.accountId),
      within(businessPlayerChapters.createdAt, period.from, period.to),
    );
    return byBucket(
      await db.select({ bucket, count: countAll }).from(businessPlayerChapters).where(mine).groupBy(bucket),
    );
  },
};

const QUERIES: Readonly<Record<StatsContentKind, ContentQueries>> = {
  event: EVENT_QUERIES,
  conference: CONFERENCE_QUERIES,
};

/** Plays of the content's replay and of its clips, by bucket. A replay-less content has no replay plays. */
async function contentPlays(db: Db, content: StatsContent, queries: ContentQueries, period: Period) {
  const clipIds = db.select({ id: videos.id }).from(videos).where(queries.clips(db, content));
  const bucket = bucketOf(plays.playedAt, period.interval);
  const inPeriod = and(eq(plays.accountId, content.accountId), within(plays.playedAt, period.from, period.to));
  const replay = queries.replayPlays(content);
  const [replayRows, clipRows] = await Promise.all([
    replay === undefined
      ? []
      : db.select({ bucket, count: countAll }).from(plays).where(and(inPeriod, replay)).groupBy(bucket),
    db
      .select({ bucket, count: countAll })
      .from(plays)
      .where(and(inPeriod, inArray(plays.videoId, clipIds)))
      .groupBy(bucket),
  ]);
  return { replay: byBucket(replayRows), clips: byBucket(clipRows) };
}

/** Downloads begun of the content's replay and clips' MP4 (DOWNLOAD), by bucket. */
async function contentDownloads(db: Db, content: StatsContent, queries: ContentQueries, period: Period) {
  const clipIds = db.select({ id: videos.id }).from(videos).where(queries.clips(db, content));
  const bucket = bucketOf(videoDownloads.downloadedAt, period.interval);
  const videosOf = or(
    content.videoId === null ? undefined : eq(videoDownloads.videoId, content.videoId),
    inArray(videoDownloads.videoId, clipIds),
  );
  const rows = await db
    .select({ bucket, count: countAll })
    .from(videoDownloads)
    .where(
      and(
        eq(videoDownloads.accountId, content.accountId),
        within(videoDownloads.downloadedAt, period.from, period.to),
        videosOf,
      ),
    )
    .groupBy(bucket);
  return byBucket(rows);
}

/** A content's figures, its marks (markers or chapters) under one name. */
export interface ContentStats {
  from: string;
  to: string;
  interval: Period['interval'];
  totals: { plays: number; replayPlays: number; clipPlays: number; downloads: number; marks: number; clips: number };
  series: { at: string; plays: number; downloads: number; marks: number; clips: number }[];
}

/**
 * Plays (replay and clips), marks and clips made in the period, totals and one point per bucket.
 * Every figure is counted in SQL, grouped by UTC bucket.
 */
export async function contentStats(db: Db, content: StatsContent, period: Period): Promise<ContentStats> {
  const queries = QUERIES[content.kind];
  const clipBucket = bucketOf(videos.createdAt, period.interval);
  const [played, downloaded, marksMade, clipRows] = await Promise.all([
    contentPlays(db, content, queries, period),
    contentDownloads(db, content, queries, period),
    queries.marks(db, content, period),
    db
      .select({ bucket: clipBucket, count: countAll })
      .from(videos)
      .where(and(queries.clips(db, content), within(videos.createdAt, period.from, period.to)))
      .groupBy(clipBucket),
  ]);
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
      downloads: sum(downloaded),
      marks: sum(marksMade),
      clips: sum(clipsMade),
    },
    series: series(period, (at) => ({
      at,
      plays: (played.replay.get(at) ?? 0) + (played.clips.get(at) ?? 0),
      downloads: downloaded.get(at) ?? 0,
      marks: marksMade.get(at) ?? 0,
      clips: clipsMade.get(at) ?? 0,
    })),
  };
}

/** GET events/{id}/stats: the marks are the event's markers. */
export async function eventStats(
  db: Db,
  event: Omit<StatsContent, 'kind'>,
  period: Period,
): Promise<EventStatsResponse> {
  const { totals, series: points, ...range } = await contentStats(db, { kind: 'event', ...event }, period);
  const { marks, ...counts } = totals;
  return {
    ...range,
    totals: { ...counts, markers: marks },
    series: points.map(({ marks: made, ...point }) => ({ ...point, markers: made })),
  };
}

/** GET business-players/{id}/stats: the marks are the conference's chapters. */
export async function conferenceStats(
  db: Db,
  conference: Omit<StatsContent, 'kind'>,
  period: Period,
): Promise<ConferenceStatsResponse> {
  const { totals, series: points, ...range } = await contentStats(db, { kind: 'conference', ...conference }, period);
  const { marks, ...counts } = totals;
  return {
    ...range,
    totals: { ...counts, chapters: marks },
    series: points.map(({ marks: made, ...point }) => ({ ...point, chapters: made })),
  };
}
