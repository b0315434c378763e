import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_RUNG_PLAYLIST } from '@regie/contract/media';
import { renderMessage } from '@regie/contract/messages.render';
import { DOWNLOAD_FILE, VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { defineJob, type JobContext, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { encodeHlsLadder, makePoster, remuxToMp4 } from '../media/media.service.ts';
import { renderWantedAspects } from '../vertical/renditions.wanted.ts';
import { watermarkForEncode } from '../watermark/watermark.encode.ts';
import { releasePendingShares } from './share.pending.ts';
import { downloadWanted } from './videos.download.ts';
import { filesUnder, probeSource, sourceFile, uploadOutputs, workFolder } from './videos.files.ts';
import { followedByVideo } from './videos.job-hooks.ts';
import {
  downloadKey,
  hlsFolder,
  hlsMasterKey,
  posterKey,
  storyboardSpriteKey,
  storyboardVttKey,
  videoFolder,
} from './videos.keys.ts';
import { purgeReplacedLater, replacedFolder } from './videos.purge.job.ts';
import { activeJobs, findVideo } from './videos.service.ts';
import { videoStates } from './videos.state.ts';

export { sourceFile, workFolder } from './videos.files.ts';

/** Where the encode's progress goes: probe, then ffmpeg up to ENCODED, then the uploads to 99. */
const PROGRESS = { probed: 2, encoded: 84, storyboard: 85, uploaded: 99 } as const;

type EncodeContext = JobContext<EncodePayload>;

const encodePayload = z.object({
  videoId: z.number().int().positive(),
  /**
   * A folder inside the video's hls/ holding its current playable media (a live clip's instant
   * copy): the video stays ready on them while it is encoded, and the folder is deleted once the
   * new media are stored. Without it the video is processing meanwhile and hls/ starts empty.
   */
  replaces: z.string().min(1).optional(),
  /**
   * The video plays its current media while it is encoded again (a new watermark): it stays
   * ready, and the new files replace the old ones under the same names (same source, same rungs).
   */
  keepPlaying: z.boolean().optional(),
});
type EncodePayload = z.infer<typeof encodePayload>;

/**
 * Runs two steps at once under one signal: the first to fail stops the other (its ffmpeg is
 * killed) before the failure is thrown, so no process still writes into the work folder once the
 * job cleans it up. Gives the first step's result.
 */
async function bothOrNeither<T>(
  signal: AbortSignal,
  start: (both: AbortSignal) => readonly [Promise<T>, Promise<unknown>],
): Promise<T> {
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  const [first, second] = start(controller.signal);
  const stopOthersOnFailure = <U>(step: Promise<U>) =>
    step.catch((error: unknown) => {
      controller.abort(error);
      throw error;
    });
  try {
    const [result] = await Promise.all([stopOthersOnFailure(first), stopOthersOnFailure(second)]);
    return result;
  } catch (error) {
    // Both settle before the failure goes up: the other step has been told to stop.
    await Promise.allSettled([first, second]);
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

async function encode(context: EncodeContext, video: VideoRow, work: string, replaces: string | null) {
  const playing = replaces !== null || context.payload.keepPlaying === true;
  const { storage, signal, reportProgress, db } = context;
  const { accountId, id } = video;
  const source = await sourceFile(storage, video, work);
  const metadata = await probeSource(source, signal);
  reportProgress(PROGRESS.probed);
  const findings = { metadata, duration: metadata.durationSeconds, width: metadata.width, height: metadata.height };
  // Replacing media that play: the video stays ready on them until the new ones are stored.
  if (playing) await videoStates.stored(db, id, findings);
  else await videoStates.processing(db, id, findings);

  const hls = join(work, 'hls');
  const sprite = join(work, 'storyboard', 'sprite.jpg');
  const vtt = join(work, 'storyboard', 'storyboard.vtt');
  const poster = join(work, 'poster.jpg');
  const watermark = await watermarkForEncode(db, storage, video, work);
  // The ladder and the storyboard come from one decode of the source (one ffmpeg process); the
  // poster, one frame, is taken meanwhile rather than after it (the video plays sooner).
  const { rungs } = await bothOrNeither(signal, (both) => [
    encodeHlsLadder(source, hls, metadata, {
      signal: both,
      storyboard: { sprite, vtt },
      watermark: watermark.overlay,
      onProgress: (percent) => reportProgress(PROGRESS.probed + ((PROGRESS.encoded - PROGRESS.probed) * percent) / 100),
    }),
    makePoster(source, poster, metadata, { signal: both }),
  ]);
  // The fans' MP4 (DOWNLOAD): the top rung as it is, remuxed (the watermark with it).
  const top = rungs[0];
  const download = top && (await downloadWanted(db, video)) ? join(work, DOWNLOAD_FILE) : null;
  if (download && top) await remuxToMp4(join(hls, top.name, HLS_RUNG_PLAYLIST), download, { signal });
  reportProgress(PROGRESS.storyboard);

  // A re-encode may have other rungs than the last one: the old HLS files go first (unless they
  // play meanwhile: then the rungs overwrite their own files, and the replaced folder goes after).
  if (!playing) await storage.deletePrefix(hlsFolder(accountId, id));
  const outputs = [
    ...(await filesUnder(hls)).map((name) => ({ file: join(hls, name), key: `${hlsFolder(accountId, id)}${name}` })),
    { file: poster, key: posterKey(accountId, id) },
    { file: sprite, key: storyboardSpriteKey(accountId, id) },
    { file: vtt, key: storyboardVttKey(accountId, id) },
    ...(download ? [{ file: download, key: downloadKey(accountId, id) }] : []),
  ];
  await uploadOutputs(context, outputs, PROGRESS.storyboard, PROGRESS.uploaded);
  // No longer downloadable: its old MP4 goes (the media route refuses it meanwhile).
  if (!download && video.downloadKey) await storage.delete(video.downloadKey);
  return {
    metadata,
    rungs: rungs.map((rung) => rung.name),
    watermarkVersion: watermark.version,
    downloadKey: download ? downloadKey(accountId, id) : null,
  };
}

/**
 * video.encode: probes the original (not a playable video → the video fails with the reason,
 * its original kept), then encodes the HLS ladder up to the source's resolution, the poster and
 * the storyboard, and stores them under the video's folder. Run again after a crash, it starts
 * over in a fresh work folder (the dead attempt's folder is removed) and replaces what an earlier
 * run stored: nothing is lost, nothing partial stays referenced.
 */
export const encodeVideoJob = defineJob({
  type: VIDEO_JOB_TYPES.encode,
  payload: encodePayload,
  retry: { maxAttempts: 3, backoff: { initialMs: 30_000, maxMs: 600_000 } },
  timeoutMs: 6 * 60 * 60 * 1000,
  // The worker marks the video failed once the job has failed for good, whatever the path; an
  // encode replacing playable media leaves the video ready on them.
  ...followedByVideo('uploaded', (job) => {
    const payload = encodePayload.safeParse(job.payload).data;
    return payload?.replaces !== undefined || payload?.keepPlaying === true;
  }),
  async perform(context) {
    const { payload, db, dataDir, job } = context;
    const video = await findVideo(db, payload.videoId);
    if (!video) return skipped(`Video ${payload.videoId} no longer exists`);
    if (!video.originalKey) return skipped(`Video ${video.id} has no original file`);
    const work = await workFolder(dataDir, `video-${video.id}-job-${job.id}`, job.attempt);
    const replaces = replacedFolder(video, payload.replaces);
    try {
      const result = await encode(context, video, work, replaces);
      // Ready, and the shares that waited for it published, together (videos/share.pending.ts).
      let refusedShares: Awaited<ReturnType<typeof releasePendingShares>>['refused'] = [];
      const ready = await transaction(db, async (tx) => {
        const row = await videoStates.ready(tx, video.id, {
          hlsKey: hlsMasterKey(video.accountId, video.id),
          posterKey: posterKey(video.accountId, video.id),
          storyboardKey: storyboardSpriteKey(video.accountId, video.id),
          storyboardVttKey: storyboardVttKey(video.accountId, video.id),
          // What the Playback screen compares with the account's watermark (out of date or not).
          watermarkVersion: result.watermarkVersion,
          downloadKey: result.downloadKey,
        });
        if (row) refusedShares = (await releasePendingShares(tx, row)).refused;
        // Its other aspects (its template's or rule's, and those rendered before) from the new media.
        if (row) await renderWantedAspects(tx, row, job.requestId, job.createdAt);
        // Pages that loaded the replaced media play on: they go later, not now.
        if (row && replaces) await purgeReplacedLater(tx, row, replaces);
        return row;
      });
      // A waiting share its user can no longer make is dropped: the log says which and why.
      for (const { target, reasons } of refusedShares) {
        context.log.warn(
          { videoId: video.id, target, reasons: reasons.map((reason) => renderMessage(reason)) },
          'a share waiting for the video was refused',
        );
      }
      // Deleted while it was encoding: its purge job may have run already, so clean up here too.
      if (!ready) {
        await context.storage.deletePrefix(videoFolder(video.accountId, video.id));
        return skipped(`Video ${video.id} was deleted while it was encoded`);
      }
      return {
        durationSeconds: result.metadata.durationSeconds,
        rungs: result.rungs,
        watermarkVersion: result.watermarkVersion,
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});

/**
 * Queues the probe + encode job of a video whose original is stored, unless one is already
 * waiting or running (then that one is the answer); the video becomes `uploaded`, unless it
 * replaces media that play (`replaces`).
 */
export async function enqueueEncode(
  db: Db,
  video: Pick<VideoRow, 'id' | 'accountId'>,
  options: {
    replaces?: string;
    /** The video keeps playing its current media meanwhile (encodePayload.keepPlaying). */
    keepPlaying?: boolean;
    /** The request (or job) that asks for it (the job's requestId). */
    requestId?: string | null;
    /** Runs in the transaction that queues a new job (not when one is already under way). */
    queued?: (tx: Db, job: JobRow) => Promise<void>;
  } = {},
): Promise<JobRow> {
  return transaction(db, async (tx) => {
    // One encode per video at a time: concurrent calls wait for this row lock.
    await tx.execute(sql`select ${videos.id} from ${videos} where ${videos.id} = ${video.id} for update`);
    const [running] = await activeJobs(tx, video, VIDEO_JOB_TYPES.encode);
    if (running) return running;
    // Replacing media that play (encodePayload.replaces): the video stays ready meanwhile.
    if (!options.replaces && !options.keepPlaying) await videoStates.uploaded(tx, video.id);
    const job = await enqueueJob(
      tx,
      encodeVideoJob,
      {
        videoId: video.id,
        ...(options.replaces ? { replaces: options.replaces } : {}),
        ...(options.keepPlaying ? { keepPlaying: true } : {}),
      },
      {
        accountId: video.accountId,
        resourceType: VIDEO_RESOURCE_TYPE,
        resourceId: video.id,
        requestId: options.requestId ?? null,
      },
    );
    await options.queued?.(tx, job);
    return job;
  });
}
