import type { ChallengerAppearance } from '@regie/contract/resources/challengers';
import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { challengerAppearances } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';

/**
 * The events a challenger took part in: listed among the event's challengers, or playing home or
 * away. An appearance dates from when the challenger was listed, else from the event's creation.
 */
export async function challengerEvents(db: Db, challengerId: number): Promise<ChallengerAppearance[]> {
  const since = sql<Date>`coalesce(${challengerAppearances.createdAt}, ${events.createdAt})`.mapWith(
    (value: string | Date) => new Date(value),
  );
  const rows = await db
    .select({ eventId: events.id, name: events.name, startsAt: events.startsAt, createdAt: since })
    .from(events)
    .leftJoin(
      challengerAppearances,
      and(eq(challengerAppearances.eventId, events.id), eq(challengerAppearances.challengerId, challengerId)),
    )
    .where(
      or(
        isNotNull(challengerAppearances.challengerId),
        eq(events.homeChallengerId, challengerId),
        eq(events.awayChallengerId, challengerId),
      ),
    )
    .orderBy(desc(since), asc(events.id));
  return rows.map((row) => ({
    eventId: row.eventId,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}
