import { DASHBOARD_LIST_LIMIT, DASHBOARD_TODAY_HOURS, type DashboardTodayEvent } from '@regie/contract/dashboard';
import { and, asc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';

const HOUR_MS = 3_600_000;

/** Where today ends and the upcoming events begin. */
const todayWindow = (nowMs: number) => ({
  from: new Date(nowMs - DASHBOARD_TODAY_HOURS * HOUR_MS),
  to: new Date(nowMs + DASHBOARD_TODAY_HOURS * HOUR_MS),
});

/**
 * Today's events (contract dashboard.ts): live now whatever their start, or starting within
 * DASHBOARD_TODAY_HOURS of now; live first, then by start. Each with its plays (from its page or of
 * its replay), its games' votes and predictions and its clips, counted per event in one statement.
 */
export async function todayEvents(db: Db, accountId: number, nowMs: number): Promise<DashboardTodayEvent[]> {
  const { from, to } = todayWindow(nowMs);
  // Correlated per event; written with its own aliases (a single-table select names its columns
  // bare, which the subqueries' own id columns would make ambiguous).
  const playsOf = sql<number>`(select count(*)::int from plays p where p.account_id = "events"."account_id"
    and (p.event_id = "events"."id" or p.video_id = "events"."video_id"))`;
  const votesOf = sql<number>`(select count(*)::int from motm_votes v join fan_games g on g.id = v.game_id
    where g.event_id = "events"."id") + (select count(*)::int from predictions r
    join fan_games g on g.id = r.game_id where g.event_id = "events"."id")`;
  const clipsOf = sql<number>`(select count(*)::int from videos c where c.account_id = "events"."account_id"
    and c.clip_in_seconds is not null
    and (c.clip_event_id = "events"."id" or c.source_video_id = "events"."video_id"))`;
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startsAt: events.startsAt,
      state: events.state,
      plays: playsOf,
      votes: votesOf,
      clips: clipsOf,
    })
    .from(events)
    .where(
      and(
        eq(events.accountId, accountId),
        or(eq(events.state, 'live'), and(gte(events.startsAt, from), lt(events.startsAt, to))),
      ),
    )
    .orderBy(sql`(${events.state} = 'live') desc`, asc(events.startsAt), asc(events.id))
    .limit(DASHBOARD_LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
    plays: Number(row.plays),
    votes: Number(row.votes),
    clips: Number(row.clips),
  }));
}

/** The next events after today's: starting past the today window, not live; soonest first. */
export async function upcomingEvents(db: Db, accountId: number, nowMs: number) {
  const rows = await db
    .select({ id: events.id, name: events.name, startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.accountId, accountId), gte(events.startsAt, todayWindow(nowMs).to), ne(events.state, 'live')))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(DASHBOARD_LIST_LIMIT);
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
}
