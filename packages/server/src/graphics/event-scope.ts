import { CLIP_MESSAGES } from '@regie/contract/clips';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { notFound } from '../http/http.errors.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';

export type EventRow = typeof events.$inferSelect;

/**
 * An event the request may reach: of the account it acts for (an admin acting for no account
 * reaches every one); another account's event is a 404, as if it did not exist. Graphics,
 * attachments and reposts all hang off an event found this way.
 */
export async function findScopedEvent(db: Db, auth: AuthContext, id: number): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!event) throw notFound(CLIP_MESSAGES.eventNotFound(id));
  assertInScope(auth, event.accountId, CLIP_MESSAGES.eventNotFound(id));
  return event;
}
