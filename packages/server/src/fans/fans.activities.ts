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
