import { preparationSecondsLeft, REPLAY_PREPARATION_SHARE } from '@regie/contract/embed';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';

/** How far a replay video is from playing: 0–100, and the seconds left by the rate so far (null: no rate yet). */
export interface ReplayPreparation {
  progress: number;
  secondsLeft: number | null;
}

/** A job's part done, 0–100: a finished job is whole whatever it last reported. */
function done(job: { state: string; progress: number } | undefined): number {
  if (!job) return 0;
  return job.state === 'done' ? 100 : Math.min(100, Math.max(0, job.progress));
}

/**
 * The preparation of a replay made at the end of a live (replay.service.ts endLive): its
 * live.replay job joins the recording, then the video's encode makes it playable; each job's
 * progress counts for its share (contract REPLAY_PREPARATION_SHARE). The time left is the rate so
 * far applied to the rest, counted from when the joining was due to start (after the settle).
 */
export async function replayPreparation(
  db: Db,
  video: { accountId: number; id: number },
  nowMs = Date.now(),
): Promise<ReplayPreparation> {
  const rows = await db
    .select({
      type: jobs.type,
      state: jobs.state,
      progress: jobs.progress,
      runAt: jobs.runAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, video.accountId),
        eq(jobs.resourceType, VIDEO_RESOURCE_TYPE),
        eq(jobs.resourceId, String(video.id)),
        inArray(jobs.type, [LIVE_JOB_TYPES.replay, VIDEO_JOB_TYPES.encode]),
      ),
    )
    .orderBy(desc(jobs.id));
  const join = rows.find((row) => row.type === LIVE_JOB_TYPES.replay);
  const encode = rows.find((row) => row.type === VIDEO_JOB_TYPES.encode);
  // An encode under way means the joining is over (a replay made before jobs were kept too).
  const joined = encode ? 100 : done(join);
  const progress = Math.floor(
    (joined * REPLAY_PREPARATION_SHARE.join + done(encode) * REPLAY_PREPARATION_SHARE.encode) / 100,
  );
  const started = join?.runAt ?? encode?.createdAt ?? null;
  const elapsedSeconds = started ? (nowMs - started.getTime()) / 1000 : 0;
  return { progress, secondsLeft: preparationSecondsLeft(progress, elapsedSeconds) };
}
