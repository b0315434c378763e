import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { eventAttachments } from '../db/attachments.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { defineJob, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';

/** Where an event's attachment files are stored: one folder per event. */
export function attachmentFolder(accountId: number, eventId: number): string {
  return `attachments/${accountId}/${eventId}/`;
}

/**
 * attachments.purge: once an event is deleted (its attachment rows go with it), removes its
 * attachment files from storage. Queued by the delete itself, in its transaction.
 */
export const purgeAttachmentsJob = defineJob({
  type: 'attachments.purge',
  payload: z.object({
    accountId: z.number().int().positive(),
    eventId: z.number().int().positive(),
  }),
  retry: { maxAttempts: 5, backoff: { initialMs: 30_000, maxMs: 3_600_000 } },
  timeoutMs: 5 * 60 * 1000,
  async perform({ payload, db, storage }) {
    const [still] = await db.select({ id: events.id }).from(events).where(eq(events.id, payload.eventId)).limit(1);
    if (still) return skipped(`Event ${payload.eventId} still exists`);
    const folder = attachmentFolder(payload.accountId, payload.eventId);
    await storage.deletePrefix(folder);
    return { removed: folder };
  },
});

/**
 * Before an event's delete, inside its transaction: queues the purge of its attachment files when
 * it has any, so the files go if, and only if, the event does.
 */
export async function purgeAttachmentsOf(db: Db, event: { id: number; accountId: number }): Promise<void> {
  const [row] = await db
    .select({ files: count() })
    .from(eventAttachments)
    .where(and(eq(eventAttachments.eventId, event.id), eq(eventAttachments.accountId, event.accountId)));
  if (!row || row.files === 0) return;
  await enqueueJob(
    db,
    purgeAttachmentsJob,
    { accountId: event.accountId, eventId: event.id },
    { accountId: event.accountId },
  );
}
