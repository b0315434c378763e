import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import type { TechnicalMetadata } from '@regie/contract/media';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { z } from 'zod';
import { reasonOf } from '../common/message.error.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';
import type { GraphicOverlay } from '../graphics/graphics.args.ts';
import { clipGraphicOverlays } from '../graphics/graphics.clips.ts';
import { defineJob, type JobContext, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { type CutPlan, cutArgs, cutPlan } from '../media/cut.args.ts';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import { findKeyframes, probeMedia } from '../media/ffprobe.service.ts';
import { MediaError } from '../media/media.errors.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { renderPublicationAspects } from '../vertical/renditions.wanted.ts';
import { enqueueEncode, sourceFile, workFolder } from '../videos/videos.encode.job.ts';
import { followedByVideo } from '../videos/videos.job-hooks.ts';
import { cleanCutKey, originalKey, videoFolder } from '../videos/videos.keys.ts';
import { findVideo, updateVideo } from '../videos/videos.service.ts';
import { videoStates } from '../videos/videos.state.ts';
import { hasSkinImages, type Skin, skinImages, skinOfClip } from './clip.skin.ts';
import { cutOffset, skinnedClipArgs, skinnedDuration } from './skin.args.ts';

/** Where the clip job's progress goes: keyframes found, ffmpeg up to RENDERED, the upload to STORED. */
const PROGRESS = { planned: 3, rendered: 90, stored: 98 } as const;
/** Keyframes are looked for this many seconds around each cut point only (no need to read the whole clip). */
const KEYFRAME_WINDOW_SECONDS = 0.5;

type ClipContext = JobContext<{ videoId: number }>;

export interface RenderedClip {
  file: string;
  /** The cut without skin nor graphics, when asked for and the clip has some; `offset`: where it starts in `file`. */
  clean: { file: string; offset: number } | null;
  /** copy/encode: a plain cut (contract cutPlan); skinned: one ffmpeg run with the skin. */
  mode: CutPlan['mode'] | 'skinned';
  durationSeconds: number;
}

/** The keyframes near the in and out points (packets only, no decoding), in one ffprobe run. */
export function keyframesNear(input: string, points: readonly number[], signal?: AbortSignal): Promise<number[]> {
  const windows = points.map((point) => ({
    fromSeconds: Math.max(0, point - KEYFRAME_WINDOW_SECONDS),
    toSeconds: point + KEYFRAME_WINDOW_SECONDS,
  }));
  return findKeyframes(input, { window: windows, ...(signal ? { signal } : {}) });
}

type RenderContext = Pick<ClipContext, 'storage' | 'signal' | 'reportProgress'>;

/** ffmpeg's percentages as the job's progress, from PLANNED to RENDERED. */
const renderProgress = (reportProgress: RenderContext['reportProgress']) => (percent: number) =>
  reportProgress(PROGRESS.planned + ((PROGRESS.rendered - PROGRESS.planned) * percent) / 100);

/**
 * A plain cut (no skin) into `work`. Most cuts fall off keyframes and are re-encoded, so the
 * encode starts at once while ffprobe looks for keyframes at the two points (the probe used to
 * be on the critical path, before ffmpeg): when both points turn out to be on keyframes, the
 * encode is stopped and the cut is a stream copy, exactly as the plan says.
 */
async function plainCut(
  context: RenderContext,
  range: { inSeconds: number; outSeconds: number },
  source: { file: string; metadata: TechnicalMetadata },
  work: string,
): Promise<RenderedClip> {
  const { signal } = context;
  const durationSeconds = range.outSeconds - range.inSeconds;
  // Never backwards: a copy that replaces the encode starts its percentages again.
  let reported = 0;
  const reportProgress = (percent: number) => {
    if (percent <= reported) return;
    reported = percent;
    context.reportProgress(percent);
  };
  reportProgress(PROGRESS.planned);
  const onProgress = renderProgress(reportProgress);
  const speculative = new AbortController();
  const stop = () => speculative.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const encoded = join(work, 'clip-encoded.mp4');
  const encoding = runFfmpeg(cutArgs({ input: source.file, output: encoded, plan: { mode: 'encode', ...range } }), {
    durationSeconds,
    onProgress,
    signal: speculative.signal,
  });
  // Awaited below, or abandoned when the plan is a copy: its rejection is not left unhandled.
  encoding.catch(() => undefined);
  try {
    const keyframes = await keyframesNear(source.file, [range.inSeconds, range.outSeconds], signal);
    const plan = cutPlan({ ...range, durationSeconds: source.metadata.durationSeconds, keyframes });
    if (plan.mode === 'encode') {
      await encoding;
      return { file: encoded, mode: plan.mode, durationSeconds, clean: null };
    }
    speculative.abort(new Error('stream copy instead'));
    const output = join(work, 'clip.mp4');
    await runFfmpeg(cutArgs({ input: source.file, output, plan }), { durationSeconds, onProgress, signal });
    return { file: output, mode: plan.mode, durationSeconds, clean: null };
  } finally {
    signal.removeEventListener('abort', stop);
    // A bad range (cutPlan throws) or an abort: the encode stops too.
    speculative.abort(new Error('cut abandoned'));
  }
}

async function sourceMetadata(source: VideoRow, file: string, signal: AbortSignal): Promise<TechnicalMetadata> {
  if (source.metadata) return source.metadata;
  try {
    return await probeMedia(file, { signal });
  } catch (error) {
    if (error instanceof MediaError && error.code !== 'tooling')
      throw new PermanentJobError(reasonOf(error), { cause: error });
    throw error;
  }
}

/**
 * Cuts the clip (skinned or not) into `work`/clip.mp4, reporting ffmpeg's progress. With
 * `keepClean` a skinned cut is also written bare, in the same run (the account makes other
 * aspects of its clips: they are cut and skinned from it).
 */
export async function renderClip(
  context: RenderContext,
  range: { inSeconds: number; outSeconds: number },
  source: { file: string; metadata: TechnicalMetadata },
  skin: Skin | null,
  work: string,
  graphics: readonly GraphicOverlay[] = [],
  keepClean = false,
): Promise<RenderedClip> {
  const { storage, signal, reportProgress } = context;
  const output = join(work, 'clip.mp4');
  const { metadata } = source;
  const onProgress = renderProgress(reportProgress);
  if (graphics.length > 0 || hasSkinImages(skin)) {
    const options = {
      input: source.file,
      output,
      ...range,
      width: metadata.width,
      height: metadata.height,
      fps: metadata.fps,
      hasAudio: metadata.hasAudio,
      ...(await skinImages(storage, skin, work)),
      graphics,
      ...(keepClean ? { cleanOutput: join(work, 'clean.mp4') } : {}),
    };
    const durationSeconds = skinnedDuration(options);
    reportProgress(PROGRESS.planned);
    await runFfmpeg(skinnedClipArgs(options), { durationSeconds, onProgress, signal });
    const clean = options.cleanOutput ? { file: options.cleanOutput, offset: cutOffset(options) } : null;
    return { file: output, mode: 'skinned', durationSeconds, clean };
  }
  return plainCut(context, range, source, work);
}

/**
 * Stores the clip's bare cut next to its original when it has one: answers the video's columns
 * that say so, to save with its new original, and the bare cut a former cut left that this one
 * does not replace (`stale`: deleted once the new columns are saved).
 */
export async function storeCleanCut(
  storage: ObjectStorage,
  clip: Pick<VideoRow, 'accountId' | 'id' | 'clipCleanKey'>,
  rendered: RenderedClip,
): Promise<{ columns: Pick<VideoRow, 'clipCleanKey' | 'clipCleanOffset'>; stale: string | null }> {
  if (!rendered.clean) return { columns: { clipCleanKey: null, clipCleanOffset: null }, stale: clip.clipCleanKey };
  const key = cleanCutKey(clip.accountId, clip.id);
  const { size } = await stat(rendered.clean.file);
  await storage.putStream(key, createReadStream(rendered.clean.file), 'video/mp4', { size });
  return { columns: { clipCleanKey: key, clipCleanOffset: rendered.clean.offset }, stale: null };
}

/**
 * video.clip: cuts [clipInSeconds, clipOutSeconds] of the clip video's source (dressed in its
 * skin if it has one) into an MP4, stores it as the clip video's original, then queues the normal
 * encode job of the clip video (HLS, poster, storyboard). It reads everything again from the
 * database on each attempt: a source deleted since the POST fails the clip with a reason; a skin
 * deleted since leaves a plain cut. Another attempt starts over in a fresh work folder.
 */
export const clipVideoJob = defineJob({
  type: VIDEO_JOB_TYPES.clip,
  payload: z.object({ videoId: z.number().int().positive() }),
  retry: { maxAttempts: 3, backoff: { initialMs: 10_000, maxMs: 300_000 } },
  timeoutMs: 2 * 60 * 60 * 1000,
  ...followedByVideo('processing'),
  async perform(context) {
    const { payload, db, dataDir, job, storage, signal } = context;
    const clip = await findVideo(db, payload.videoId);
    if (!clip) return skipped(`Video ${payload.videoId} no longer exists`);
    const { clipInSeconds: inSeconds, clipOutSeconds: outSeconds } = clip;
    if (inSeconds === null || outSeconds === null) throw new PermanentJobError(CLIP_MESSAGES.notAClip(clip.id));
    const source = clip.sourceVideoId === null ? null : await findVideo(db, clip.sourceVideoId);
    if (!source?.originalKey || source.accountId !== clip.accountId) {
      throw new PermanentJobError(CLIP_MESSAGES.sourceDeleted);
    }
    await videoStates.processing(db, clip.id);
    const work = await workFolder(dataDir, `clip-${clip.id}-job-${job.id}`, job.attempt);
    try {
      const file = await sourceFile(storage, source, work);
      const metadata = await sourceMetadata(source, file, signal);
      const rendered = await renderClip(
        context,
        { inSeconds, outSeconds },
        { file, metadata },
        await skinOfClip(context.db, clip),
        work,
        await clipGraphicOverlays(context, clip.id, work),
        // No bare cut kept: its renditions in other aspects are cut from the source's range.
        false,
      );
      const key = originalKey(clip.accountId, clip.id, 'clip.mp4');
      const { size } = await stat(rendered.file);
      await storage.putStream(key, createReadStream(rendered.file), 'video/mp4', { size });
      const clean = await storeCleanCut(storage, clip, rendered);
      context.reportProgress(PROGRESS.stored);
      const stored = await updateVideo(db, clip.id, {
        ...clean.columns,
        originalKey: key,
        filename: 'clip.mp4',
        size,
        contentType: 'video/mp4',
      });
      // Deleted while it was cut: its purge job may have run already, so clean up here too.
      if (!stored) {
        await storage.deletePrefix(videoFolder(clip.accountId, clip.id));
        return skipped(`Video ${clip.id} was deleted while it was cut`);
      }
      if (clean.stale) await storage.delete(clean.stale);
      // The encode and the shapes its waiting publications need, queued together (see renderPublicationAspects).
      const encode = await transaction(db, async (tx) => {
        const queued = await enqueueEncode(tx, stored, { requestId: context.job.requestId });
        await renderPublicationAspects(tx, stored, context.job.requestId);
        return queued;
      });
      return { mode: rendered.mode, durationSeconds: rendered.durationSeconds, encodeJobId: encode.id };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});
