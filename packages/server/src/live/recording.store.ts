import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_CONTENT_TYPES } from '@regie/contract/videos';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';
import type { JobRunContext } from '../jobs/jobs.define.ts';
import { enqueueEncode, workFolder } from '../videos/videos.encode.job.ts';
import { originalKey } from '../videos/videos.keys.ts';
import { updateVideo } from '../videos/videos.service.ts';
import { videoStates } from '../videos/videos.state.ts';
import type { ProgramSegment } from './program.ts';
import { joinSegments } from './recording.ts';

/** Where a recording job's progress goes: joined, stored. */
const PROGRESS = { joined: 90, stored: 98 } as const;
const TS_CONTENT_TYPE = MEDIA_CONTENT_TYPES.ts ?? 'video/mp2t';

export interface StoredRecording {
  durationSeconds: number;
  /** The original's key. */
  key: string;
  /** The video's encode, queued with the original's record; null: the video was deleted meanwhile. */
  encode: JobRow | null;
}

/**
 * Live segments made a video's media (live.replay, live.assembly): joined with the concat:
 * protocol in a fresh work folder (`names.work`) into `names.filename` (MPEG-TS), stored as the video's original, and
 * the original's record and the video's usual encode written in one transaction, so an attempt
 * that finds the original recorded has nothing left to do and none queues a second encode.
 */
export async function storeRecording(
  context: JobRunContext,
  video: VideoRow,
  segments: readonly ProgramSegment[],
  names: { filename: string; work: string },
): Promise<StoredRecording> {
  const { db, dataDir, job, storage, signal } = context;
  const { filename } = names;
  await videoStates.processing(db, video.id);
  const work = await workFolder(dataDir, `${names.work}-${video.id}-job-${job.id}`, job.attempt);
  try {
    const file = join(work, filename);
    const durationSeconds = await joinSegments(
      { storage, signal, onProgress: (fraction) => context.reportProgress(fraction * PROGRESS.joined) },
      segments,
      work,
      file,
    );
    const key = originalKey(video.accountId, video.id, filename);
    const { size } = await stat(file);
    await storage.putStream(key, createReadStream(file), TS_CONTENT_TYPE, { size });
    context.reportProgress(PROGRESS.stored);
    const encode = await transaction(db, async (tx) => {
      const stored = await updateVideo(tx, video.id, {
        originalKey: key,
        filename,
        size,
        contentType: TS_CONTENT_TYPE,
      });
      return stored ? enqueueEncode(tx, stored) : null;
    });
    return { durationSeconds, key, encode };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
