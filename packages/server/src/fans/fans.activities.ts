import type { FanActivityType } from '@regie/contract/fans';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
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
 * Writes many activities at once (the plays' batch writer, issue 28.4): one multi-row insert,
 * and one update moving each fan's lastActiveAt to their latest activity in the batch.
 */
export async function recordActivities(db: Db, rows: readonly FanActivityRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(fanActivities).values(
    rows.map(({ fan, activity }) => ({
      fanId: fan.fanId,
      accountId: fan.accountId,
      type: activity.type,
      payload: activity.payload ?? {},
      eventId: activity.eventId ?? null,
      at: activity.at,
    })),
  );
  const latest = new Map<number, Date>();
  for (const { fan, activity } of rows) {
    const known = latest.get(fan.fanId);
    if (!known || known < activity.at) latest.set(fan.fanId, activity.at);
  }
  const values = sql.join(
    [...latest].map(([fanId, at]) => sql`(${fanId}::integer, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${fans} set last_active_at = greatest(coalesce(${fans.lastActiveAt}, seen.at), seen.at)
    from (values ${values}) as seen(id, at)
    where ${fans.id} = seen.id`);
}
