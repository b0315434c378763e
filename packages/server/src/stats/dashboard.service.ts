import { DASHBOARD_LIST_LIMIT, type DashboardResponse } from '@regie/contract/dashboard';
import { EVENT_STATES } from '@regie/contract/resources/events';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { jobs } from '../db/jobs.table.ts';
import { plays } from '../db/plays.table.ts';
import { videos } from '../db/videos.table.ts';
import { dueJob } from '../jobs/jobs.due.ts';
import { dashboardFans } from './dashboard.fans.ts';
import { todayEvents, upcomingEvents } from './dashboard.today.ts';
import { bucketOf, byBucket, countAll, type Period, series, sum, within } from './stats.buckets.ts';

const SECONDS_PER_HOUR = 3_600;

/** Events starting in the period (created in it when they have no start), by state, every state listed. */
async function eventsByState(db: Db, accountId: number, period: Period) {
  const when = sql`coalesce(${events.startsAt}, ${events.createdAt})`;
  const rows = await db
    .select({ state: events.state, count: countAll })
    .from(events)
    .where(and(eq(events.accountId, accountId), within(when, period.from, period.to)))
    .groupBy(events.state);
  return EVENT_STATES.map((state) => ({ state, count: rows.find((row) => row.state === state)?.count ?? 0 }));
}

/** Videos (not clips) and clips created in the period, by bucket. */
async function videosAndClips(db: Db, accountId: number, period: Period) {
  const bucket = bucketOf(videos.createdAt, period.interval);
  const isClip = isNotNull(videos.clipInSeconds);
  const rows = await db
    .select({ bucket, isClip: sql<boolean>`${isClip}`, count: countAll })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), within(videos.createdAt, period.from, period.to)))
    .groupBy(bucket, isClip);
  return {
    uploaded: byBucket(rows.filter((row) => !row.isClip)),
    clips: byBucket(rows.filter((row) => row.isClip)),
  };
}

/** Hours of video whose encode finished in the period (a video encoded twice counts twice). */
async function hoursEncoded(db: Db, accountId: number, period: Period): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`coalesce(sum(${videos.duration}), 0)::float8` })
    .from(jobs)
    .innerJoin(videos, and(eq(sql`${videos.id}::text`, jobs.resourceId), eq(videos.accountId, jobs.accountId)))
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.type, VIDEO_JOB_TYPES.encode),
        eq(jobs.state, 'done'),
        within(jobs.finishedAt, period.from, period.to),
      ),
    );
  return Math.round(((row?.seconds ?? 0) / SECONDS_PER_HOUR) * 100) / 100;
}

async function playsByBucket(db: Db, accountId: number, period: Period) {
  const bucket = bucketOf(plays.playedAt, period.interval);
  const rows = await db
    .select({ bucket, count: countAll })
    .from(plays)
    .where(and(eq(plays.accountId, accountId), within(plays.playedAt, period.from, period.to)))
    .groupBy(bucket);
  return byBucket(rows);
}

/**
 * The work in hand, newest first, and how much there is: the jobs due (jobs/jobs.due.ts, what
 * GET jobs?due=true lists), so a job scheduled for later (the removal of a live clip's replaced
 * copy, an hour on) is left out and one waiting to be tried again is in.
 */
async function activeJobs(db: Db, accountId: number) {
  const active = and(eq(jobs.accountId, accountId), dueJob);
  const [rows, [total]] = await Promise.all([
    db.select().from(jobs).where(active).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(DASHBOARD_LIST_LIMIT),
    db.select({ count: countAll }).from(jobs).where(active),
  ]);
  return {
    total: total?.count ?? 0,
    running: rows.map((job) => ({
      id: job.id,
      type: job.type,
      state: job.state,
      progress: job.progress,
      resourceType: job.resourceType,
      resourceId: job.resourceId,
      createdAt: job.createdAt.toISOString(),
    })),
  };
}

/** GET dashboard: the account's figures for the period, in one answer. */
export async function dashboard(
  db: Db,
  account: { id: number; modules: readonly string[] },
  period: Period,
  nowMs = Date.now(),
): Promise<DashboardResponse> {
  const accountId = account.id;
  const [byState, today, upcoming, made, hours, played, running, fanFigures] = await Promise.all([
    eventsByState(db, accountId, period),
    todayEvents(db, accountId, nowMs),
    upcomingEvents(db, accountId, nowMs),
    videosAndClips(db, accountId, period),
    hoursEncoded(db, accountId, period),
    playsByBucket(db, accountId, period),
    activeJobs(db, accountId),
    account.modules.includes('FANS_CRM') ? dashboardFans(db, accountId, period) : null,
  ]);
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    interval: period.interval,
    eventsByState: byState,
    today,
    upcoming,
    totals: { videosUploaded: sum(made.uploaded), hoursEncoded: hours, clips: sum(made.clips), plays: sum(played) },
    series: series(period, (at) => ({
      at,
      plays: played.get(at) ?? 0,
      clips: made.clips.get(at) ?? 0,
      videos: made.uploaded.get(at) ?? 0,
    })),
    fans: fanFigures,
    jobs: running,
  };
}
