import { VIDEO_JOB_TYPES, VIDEO_MESSAGES } from '@regie/contract/videos';
import { z } from 'zod';
import { reasonOf } from '../common/message.error.ts';
import { defineJob, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { byteCounter, through } from '../storage/storage.streams.ts';
import { ImportError, openRemoteFile } from './import.fetch.ts';
import { enqueueEncode } from './videos.encode.job.ts';
import { followedByVideo } from './videos.job-hooks.ts';
import { originalKey } from './videos.keys.ts';
import { findVideo } from './videos.service.ts';
import { videoStates } from './videos.state.ts';

/** The download's share of the import's progress; the encode job reports its own. */
const DOWNLOADED = 99;

/**
 * video.import: downloads the file of POST …/import-url into the video's original (streamed, never
 * held in memory), within REGIE_IMPORT_MAX_BYTES and REGIE_IMPORT_TIMEOUT_SECONDS, every hop
 * checked against private addresses; then queues the same probe + encode job as an upload.
 */
export const importVideoJob = defineJob({
  type: VIDEO_JOB_TYPES.import,
  payload: z.object({ videoId: z.number().int().positive(), url: z.string().min(1).max(2_000) }),
  retry: { maxAttempts: 3, backoff: { initialMs: 30_000, maxMs: 600_000 } },
  ...followedByVideo('uploading'),
  async perform({ payload, db, storage, config, signal, reportProgress, job }) {
    const video = await findVideo(db, payload.videoId);
    if (!video) return skipped(`Video ${payload.videoId} no longer exists`);
    // Run again after the download was stored: only the encode may be missing.
    if (video.originalKey && video.state !== 'uploading' && video.state !== 'failed') {
      const encode = await enqueueEncode(db, video, { requestId: job.requestId });
      return { encodeJobId: encode.id, downloaded: 'earlier' };
    }
    const policy = {
      allowHosts: config.videos.importAllowHosts,
      maxBytes: config.videos.importMaxBytes,
      timeoutMs: config.videos.importTimeoutMs,
    };
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    try {
      const remote = await openRemoteFile(payload.url, policy, AbortSignal.any([signal, deadline]));
      const key = originalKey(video.accountId, video.id, remote.filename);
      const counter = byteCounter({
        limit: policy.maxBytes,
        onLimit: () => new ImportError(VIDEO_MESSAGES.importTooLarge(policy.maxBytes), true),
      });
      const progress = setInterval(() => {
        if (remote.size) reportProgress((DOWNLOADED * counter.bytes) / remote.size);
      }, 500);
      let bytes: number;
      try {
        bytes = await storage.putStream(key, through(remote.body, counter.stream), remote.contentType);
      } finally {
        clearInterval(progress);
      }
      if (remote.size !== null && bytes !== remote.size) {
        throw new ImportError(VIDEO_MESSAGES.importCutShort(bytes, remote.size), false);
      }
      const stored = await videoStates.stored(db, video.id, {
        originalKey: key,
        filename: remote.filename,
        size: bytes,
        contentType: remote.contentType,
      });
      if (!stored) {
        await storage.delete(key);
        return skipped(`Video ${video.id} was deleted while it was downloaded`);
      }
      const encode = await enqueueEncode(db, stored, { requestId: job.requestId });
      return { bytes, url: remote.url.toString(), encodeJobId: encode.id };
    } catch (caught) {
      let error = caught;
      if (deadline.aborted && !signal.aborted) {
        error = new PermanentJobError(VIDEO_MESSAGES.importTimedOut(policy.timeoutMs / 1000));
      } else if (caught instanceof ImportError && caught.permanent) {
        error = new PermanentJobError(reasonOf(caught), { cause: caught });
      }
      // Failed for good (last attempt or permanent), the worker marks the video failed (onFailed).
      throw error;
    }
  },
});
