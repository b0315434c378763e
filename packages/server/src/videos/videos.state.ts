import { ACTIVE_JOB_STATES } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { VIDEO_RESOURCE_TYPE, type VideoState } from '@regie/contract/videos';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';

/**
 * The one module that changes a video's `state` (and `failureReason`, which belongs to `failed`):
 * every step of the pipeline is a function here, so what moves a video from one state to another
 * is read in one place. A row is created in its first state (`uploading`, or `processing` for a
 * clip); after that only these functions change it. Each answers the changed row, or null when
 * the video is gone (or, with `from`, was not in one of those states).
 */

/** What a step may store beside the state: the pipeline's findings, never the state itself. */
export type VideoStepChanges = Partial<
  Omit<typeof videos.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'state' | 'failureReason'>
>;

async function change(
  db: Db,
  id: number,
  set: { state?: VideoState; failureReason: Message | null } & VideoStepChanges,
  from?: readonly VideoState[],
): Promise<VideoRow | null> {
  const [row] = await db
    .update(videos)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(videos.id, id), from ? inArray(videos.state, [...from]) : undefined))
    .returning();
  return row ?? null;
}

/** The states of a video whose media a job is making. */
const IN_HAND: readonly VideoState[] = ['uploading', 'uploaded', 'processing'];

export const videoStates = {
  /** An upload session was opened for its file. */
  uploading: (db: Db, id: number) => change(db, id, { state: 'uploading', failureReason: null }),
  /** Its original is stored and its encode job queued. */
  uploaded: (db: Db, id: number) => change(db, id, { state: 'uploaded', failureReason: null }),
  /** A job works on its media: probed (with what the probe found) or being cut. */
  processing: (db: Db, id: number, findings: VideoStepChanges = {}) =>
    change(db, id, { ...findings, state: 'processing', failureReason: null }),
  /** Encoded: playable, with where its renditions are. */
  ready: (db: Db, id: number, media: VideoStepChanges) =>
    change(db, id, { ...media, state: 'ready', failureReason: null }),
  /** Failed with the reason; with `from`, only a video still in one of those states. */
  failed: (db: Db, id: number, reason: Message, from?: readonly VideoState[]) =>
    change(db, id, { state: 'failed', failureReason: reason }, from),
  /** Its failed job runs again: it leaves `failed` for the state that job starts from. */
  retried: (db: Db, id: number, state: VideoState) => change(db, id, { state, failureReason: null }, ['failed']),
  /**
   * The job making its media was cancelled before it ended (issue 40.10: it stayed `processing` for
   * ever): `cancelled` until someone encodes it again, but only from a state of work in hand, and
   * only while no other job works on it (an encode queued again since is left to run).
   */
  cancelled: async (db: Db, id: number): Promise<VideoRow | null> => {
    const [row] = await db
      .update(videos)
      .set({ state: 'cancelled', failureReason: null, updatedAt: new Date() })
      .where(
        and(
          eq(videos.id, id),
          inArray(videos.state, [...IN_HAND]),
          notExists(
            db
              .select({ id: jobs.id })
              .from(jobs)
              .where(
                and(
                  eq(jobs.resourceType, VIDEO_RESOURCE_TYPE),
                  eq(jobs.resourceId, String(id)),
                  inArray(jobs.state, [...ACTIVE_JOB_STATES]),
                ),
              ),
          ),
        ),
      )
      .returning();
    return row ?? null;
  },
  /** A new attempt stored its file: an earlier attempt's reason no longer holds (state unchanged). */
  stored: (db: Db, id: number, file: VideoStepChanges) => change(db, id, { ...file, failureReason: null }),
} as const;
