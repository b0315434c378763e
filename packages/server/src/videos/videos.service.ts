import { ACTIVE_JOB_STATES } from '@regie/contract/jobs';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { cancelAttempts } from '../jobs/jobs.boss.ts';
import type { VideoStepChanges } from './videos.state.ts';

/** Reads and changes of a video shared by its routes and its jobs (its state: videos.state.ts). */

export async function findVideo(db: Db, id: number): Promise<VideoRow | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}

/** What may change outside videos.state.ts: anything but the state and its failure reason. */
export type VideoChanges = VideoStepChanges;

/** Changes a video's other fields; null when it is gone. */
export async function updateVideo(db: Db, id: number, changes: VideoChanges): Promise<VideoRow | null> {
  const [row] = await db
    .update(videos)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(videos.id, id))
    .returning();
  return row ?? null;
}

type VideoRef = Pick<VideoRow, 'id' | 'accountId'>;

/** The jobs of a video (jobs_account_resource_idx: account, then resource). */
function ofVideo(video: VideoRef) {
  return and(
    eq(jobs.accountId, video.accountId),
    eq(jobs.resourceType, VIDEO_RESOURCE_TYPE),
    eq(jobs.resourceId, String(video.id)),
  );
}

/** The jobs of a video of one type that are not over yet, newest first. */
export function activeJobs(db: Db, video: VideoRef, type: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(ofVideo(video), eq(jobs.type, type), inArray(jobs.state, [...ACTIVE_JOB_STATES])))
    .orderBy(desc(jobs.id));
}

/** The latest job of a video of one type, whatever its state. */
export async function latestJob(db: Db, video: VideoRef, type: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(ofVideo(video), eq(jobs.type, type)))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ?? null;
}

/**
 * A live clip plays on its instant copy (ready, without an original) while its frame-accurate cut
 * is made (live.clip-render): its original is on its way, whoever waits for it (a publication)
 * waits; without that job under way a ready video without an original has none to come.
 */
export async function exactCutUnderWay(
  db: Db,
  video: Pick<VideoRow, 'id' | 'accountId' | 'state' | 'originalKey'>,
): Promise<boolean> {
  if (video.originalKey || video.state !== 'ready') return false;
  const job = await latestJob(db, video, LIVE_JOB_TYPES.clipRender);
  return job !== null && (ACTIVE_JOB_STATES as readonly string[]).includes(job.state);
}

/** Cancels (deletes) the waiting and running jobs of a video; a running one is aborted by its worker. */
export async function cancelVideoJobs(db: Db, video: VideoRef): Promise<JobRow[]> {
  const rows = await db
    .delete(jobs)
    .where(and(ofVideo(video), inArray(jobs.state, [...ACTIVE_JOB_STATES])))
    .returning();
  await cancelAttempts(db, rows);
  return rows;
}
