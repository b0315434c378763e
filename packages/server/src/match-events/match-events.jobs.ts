import { EVENT_RESOURCE_TYPE, MATCH_JOB_TYPES } from '@regie/contract/match-events';
import { MESSAGE_LANGUAGES } from '@regie/contract/messages.render';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { defineJob, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import {
  findMatchEvent,
  noMatchDocument,
  reapplyMatchEvents,
  reapplyMatchStats,
  storedDocuments,
} from './match-events.apply.ts';

const payload = z.object({
  eventId: z.number().int().positive(),
  /** The language of the report's reasons: the request's. */
  language: z.enum(MESSAGE_LANGUAGES),
});

async function eventGone(db: Db, accountId: number, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.accountId, accountId)))
    .limit(1);
  return !row;
}

/** POST jobs/importMarkers: the event's stored match documents → its markers, with today's parser mapping. */
export const importMarkersJob = defineJob({
  type: MATCH_JOB_TYPES.markers,
  payload,
  retry: { maxAttempts: 3 },
  timeoutMs: 5 * 60 * 1000,
  async perform({ payload: { eventId, language }, db, job }) {
    if (await eventGone(db, job.accountId, eventId)) return skipped(`Event ${eventId} no longer exists`);
    const report = await reapplyMatchEvents(
      db,
      { accountId: job.accountId, eventId, language },
      { requireDocument: false },
    );
    return { report };
  },
});

/** POST jobs/importEventStats: the event's stored match documents → its match stats. */
export const importEventStatsJob = defineJob({
  type: MATCH_JOB_TYPES.stats,
  payload,
  retry: { maxAttempts: 3 },
  timeoutMs: 5 * 60 * 1000,
  async perform({ payload: { eventId, language }, db, job }) {
    if (await eventGone(db, job.accountId, eventId)) return skipped(`Event ${eventId} no longer exists`);
    if ((await storedDocuments(db, eventId)).length === 0) return skipped(`Event ${eventId} has no match document`);
    const report = await reapplyMatchStats(db, { accountId: job.accountId, eventId, language });
    return { report };
  },
});

/**
 * Queues the job re-applying the event's match document: 404 for an event of another account,
 * 409 when it has none yet.
 */
export async function enqueueMatchJob(
  db: Db,
  kind: 'markers' | 'stats',
  input: { accountId: number; eventId: number; language: MessageLanguage; requestId?: string | null },
) {
  const event = await findMatchEvent(db, input.accountId, input.eventId);
  if ((await storedDocuments(db, event.id)).length === 0) throw noMatchDocument();
  const jobType = kind === 'markers' ? importMarkersJob : importEventStatsJob;
  return enqueueJob(
    db,
    jobType,
    { eventId: event.id, language: input.language },
    {
      accountId: input.accountId,
      resourceType: EVENT_RESOURCE_TYPE,
      resourceId: event.id,
      requestId: input.requestId ?? null,
    },
  );
}
