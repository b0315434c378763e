import { VIDEO_MESSAGES } from '@regie/contract/videos';
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { uploadSessions } from '../db/videos.table.ts';
import type { JobLogger, PeriodicTask } from '../jobs/jobs.define.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { videoStates } from './videos.state.ts';

/**
 * Upload sessions not completed within UPLOAD_SESSION_TTL_HOURS answer 410 (videos.upload.service.ts);
 * this sweep, run by the workers now and then, deletes what they left behind.
 */

/** Expired sessions handled per sweep: a backlog is worked off over the next sweeps. */
const SWEEP_BATCH = 100;

/**
 * Deletes what expired upload sessions left behind: their parts in storage (the local folder, or
 * the S3 multipart upload aborted), their rows, and marks their video failed when it never got a
 * file. Safe when several workers sweep at once: each session's row is claimed by its deletion.
 */
export async function sweepExpiredUploads(db: Db, storage: ObjectStorage, log?: JobLogger): Promise<number> {
  const expired = await db
    .select()
    .from(uploadSessions)
    .where(and(ne(uploadSessions.state, 'completed'), lte(uploadSessions.expiresAt, sql`now()`)))
    .orderBy(asc(uploadSessions.expiresAt))
    .limit(SWEEP_BATCH);
  let swept = 0;
  for (const session of expired) {
    const [claimed] = await db
      .delete(uploadSessions)
      .where(and(eq(uploadSessions.id, session.id), ne(uploadSessions.state, 'completed')))
      .returning();
    if (!claimed) continue;
    swept += 1;
    try {
      await storage.abortMultipart(claimed.storageKey, claimed.storageUploadId);
    } catch (error) {
      // Already gone (aborted by a sweep that stopped half-way): nothing is left to delete.
      log?.warn({ uploadId: claimed.id, err: error }, 'parts of an expired upload not deleted');
    }
    // Only a video still waiting for this file: another upload or an import may have given it one since.
    await videoStates.failed(db, claimed.videoId, VIDEO_MESSAGES.uploadNotCompleted, ['uploading']);
  }
  if (swept > 0) log?.info({ swept }, 'expired uploads swept');
  return swept;
}

/** The sweep as a worker's periodic task (REGIE_UPLOAD_SWEEP_MINUTES; 0 turns it off). */
export function uploadSweepTask(everyMs: number): PeriodicTask {
  return {
    name: 'upload sweep',
    everyMs,
    run: async ({ db, storage, log }) => {
      await sweepExpiredUploads(db, storage, log);
    },
  };
}
