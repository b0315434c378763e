import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { defineJob, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { renditionsOf } from '../vertical/renditions.service.ts';
import { hlsFolder, videoFolder } from './videos.keys.ts';
import { findVideo } from './videos.service.ts';

/**
 * video.purge: once a video is deleted, removes its files (original, HLS, images, subtitles) and
 * the parts of its unfinished uploads. Queued by the delete itself, in its transaction.
 */
export const purgeVideoJob = defineJob({
  type: VIDEO_JOB_TYPES.purge,
  payload: z.object({
    accountId: z.number().int().positive(),
    videoId: z.number().int().positive(),
    uploads: z.array(z.object({ key: z.string(), uploadId: z.string() })).default([]),
  }),
  retry: { maxAttempts: 5, backoff: { initialMs: 30_000, maxMs: 3_600_000 } },
  timeoutMs: 10 * 60 * 1000,
  async perform({ payload, db, storage }) {
    if (await findVideo(db, payload.videoId)) return skipped(`Video ${payload.videoId} still exists`);
    for (const upload of payload.uploads) {
      // Already completed or aborted: nothing left to remove.
      await storage.abortMultipart(upload.key, upload.uploadId).catch(() => undefined);
    }
    await storage.deletePrefix(videoFolder(payload.accountId, payload.videoId));
    return { removed: videoFolder(payload.accountId, payload.videoId) };
  },
});

/**
 * How long media replaced while they played (a live clip's instant copy, replaced by its encoded
 * cut) stay served. A page that loaded the video before the swap still holds their URLs: deleted
 * at once, a player that had just fetched the copy's master failed on its segment ("This video
 * cannot be played"). An hour covers a viewing and a page left open; the copy is a few MB.
 */
export const REPLACED_MEDIA_KEPT_MS = 60 * 60 * 1000;

/** The folder when it is one inside the video's hls/ but not hls/ itself (what a replace may name). */
export function replacedFolder(video: { accountId: number; id: number }, folder: string | undefined): string | null {
  const hls = hlsFolder(video.accountId, video.id);
  if (!folder?.startsWith(hls) || !folder.endsWith('/') || folder === hls || folder.includes('..')) return null;
  return folder;
}

/**
 * A folder of media that a newer render replaced: one inside the video's hls/ (what a replace may
 * name), or one render of a rendition in another aspect (`renditions/{slug}/{generation}/`).
 */
export function purgeableFolder(video: { accountId: number; id: number }, folder: string): string | null {
  const renditions = `${videoFolder(video.accountId, video.id)}renditions/`;
  if (new RegExp(`^${renditions}[0-9a-z]{3,4}/[0-9]{1,9}/$`).test(folder)) return folder;
  return replacedFolder(video, folder);
}

/**
 * video.purge-replaced: removes the folder of media a re-encode or a new render replaced, queued
 * by it to run REPLACED_MEDIA_KEPT_MS later. Never the media the video or a rendition plays now.
 */
export const purgeReplacedMediaJob = defineJob({
  type: VIDEO_JOB_TYPES.purgeReplaced,
  payload: z.object({
    accountId: z.number().int().positive(),
    videoId: z.number().int().positive(),
    folder: z.string().min(1),
  }),
  retry: { maxAttempts: 5, backoff: { initialMs: 30_000, maxMs: 3_600_000 } },
  timeoutMs: 10 * 60 * 1000,
  async perform({ payload, db, storage }) {
    const folder = purgeableFolder({ accountId: payload.accountId, id: payload.videoId }, payload.folder);
    if (!folder) return skipped(`${payload.folder} is not a replaced folder of video ${payload.videoId}`);
    const video = await findVideo(db, payload.videoId);
    if (video?.hlsKey?.startsWith(folder)) return skipped(`Video ${payload.videoId} plays ${folder} again`);
    const renditions = await renditionsOf(db, payload.videoId);
    if (renditions.some((rendition) => rendition.hlsKey?.startsWith(folder))) {
      return skipped(`A rendition of video ${payload.videoId} plays ${folder}`);
    }
    await storage.deletePrefix(folder);
    return { removed: folder };
  },
});

/** Queues the purge of a replaced folder once the pages that loaded its media are done with them. */
export function purgeReplacedLater(db: Db, video: { accountId: number; id: number }, folder: string) {
  return enqueueJob(
    db,
    purgeReplacedMediaJob,
    { accountId: video.accountId, videoId: video.id, folder },
    { accountId: video.accountId, runAt: new Date(Date.now() + REPLACED_MEDIA_KEPT_MS) },
  );
}
