import type { FanActivityType } from '@regie/contract/fans';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fanActivities, fans } from '../db/fans.table.ts';

/** Who did it: the fan and their account (a signed-in fan, see fans.auth.ts). */
export interface FanRef {
  fanId: number;
  accountId: number;
}

export interface ActivityInput {
  type: FanActivityType;
  payload?: Record<string, unknown>;
  eventId?: number | null;
  at?: Date;
}

/**
 * The one writer of fan activities: the fan API, and later the games and the chat, call it. It
 * also moves the fan's lastActiveAt, which the CRM's activity filters and figures read.
 */
export async function recordActivity(db: Db, fan: FanRef, activity: ActivityInput): Promise<void> {
  const at = activity.at ?? new Date();
  await db.insert(fanActivities).values({
    fanId: fan.fanId,
    accountId: fan.accountId,
    type: activity.type,
    payload: activity.payload ?? {},
    eventId: activity.eventId ?? null,
    at,
  });
  await db
    .update(fans)
    .set({ lastActiveAt: sql`greatest(coalesce(${fans.lastActiveAt}, ${at}), ${at})` })
    .where(eq(fans.id, fan.fanId));
}

/** One activity of one fan, as the batch writer gathers them. */
export interface FanActivityRow {
  fan: FanRef;
  activity: ActivityInput & { at: Date };
}

/**
 * Writes many activities at once (the plays' batch writer, issue 28.4) in one statement: the rows
 * go in as six arrays (unnest), not thousands of parameters, and each fan's lastActiveAt moves
 * to their latest activity of the batch in the same statement, so a retried batch never doubles
 * its rows. An activity accepted a second before its flush may name what is gone by then: a fan
 * deleted since (or moved to another account) is skipped, an event deleted since is left out
 * (null), instead of the whole batch failing on the foreign key at every retry and holding every
 * later activity back.
 */
export async function recordActivities(db: Db, rows: readonly FanActivityRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: FanActivityRow) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    with given as (
      select * from unnest(
        ${column((row) => row.fan.fanId)}::integer[],
        ${column((row) => row.fan.accountId)}::integer[],
        ${column((row) => row.activity.type)}::text[],
        ${column((row) => JSON.stringify(row.activity.payload ?? {}))}::text[],
        ${column((row) => row.activity.eventId ?? null)}::integer[],
        ${column((row) => row.activity.at.toISOString())}::timestamptz[]
      ) with ordinality as given(fan_id, account_id, type, payload, event_id, at, position)
    ),
    written as (
      insert into ${fanActivities} (fan_id, account_id, type, payload, event_id, at)
      select given.fan_id, given.account_id, given.type, given.payload::jsonb, ${events.id}, given.at
        from given
        join ${fans} on ${fans.id} = given.fan_id and ${fans.accountId} = given.account_id
        left join ${events} on ${events.id} = given.event_id
       order by given.position
      returning fan_id, at
    )
    update ${fans} set last_active_at = greatest(coalesce(${fans.lastActiveAt}, seen.at), seen.at)
      from (select fan_id, max(at) as at from written group by fan_id) as seen
     where ${fans.id} = seen.fan_id`);
}
