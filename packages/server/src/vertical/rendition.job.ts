import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JOB_MESSAGES } from '@regie/contract/jobs';
import type { TechnicalMetadata } from '@regie/contract/media';
import { cropWindow, REFRAMED_ASPECTS, RENDITION_JOB_TYPE } from '@regie/contract/vertical';
import { VIDEO_MESSAGES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { z } from 'zod';
import { hasSkinImages, type Skin, skinOfClip } from '../clips/clip.skin.ts';
import { cutOffset } from '../clips/skin.args.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRenditionRow } from '../db/video-renditions.table.ts';
import type { VideoRow } from '../db/videos.table.ts';
import type { GraphicOverlay } from '../graphics/graphics.args.ts';
import { clipGraphicOverlays } from '../graphics/graphics.clips.ts';
import { defineJob, type JobContext, type JobHookContext, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { encodeHlsLadder, makePoster } from '../media/media.service.ts';
import { filesUnder, probeSource, sourceFile, uploadOutputs, workFolder } from '../videos/videos.files.ts';
import { purgeReplacedLater } from '../videos/videos.purge.job.ts';
import { findVideo } from '../videos/videos.service.ts';
import { analyseReframe, renderReframed } from './reframe.analyse.ts';
import { shiftKeyframes } from './reframe.path.ts';
import { renderDressed } from './rendition.dress.ts';
import {
  findRenditionById,
  markFailed,
  markReady,
  markRendering,
  pathOf,
  renditionFolder,
  saveAutoPath,
} from './renditions.service.ts';

/** Where the render's progress goes: probe, analysis, the reframed MP4, the HLS ladder, the uploads. */
const PROGRESS = { probed: 2, analysed: 20, rendered: 60, ladder: 90, uploaded: 99 } as const;

const renditionPayload = z.object({
  renditionId: z.number().int().positive(),
  /** The render asked for (the rendition's `requested` then): a newer ask supersedes it. */
  generation: z.number().int().positive(),
});
type RenditionPayload = z.infer<typeof renditionPayload>;
type RenditionContext = JobContext<RenditionPayload>;

/**
 * The keyframes this render follows: the editor's, else the automatic path (analysed on the
 * first render and kept, so that a re-render or a reset does not analyse again). A path is in
 * the video's own times: the analysis of a bare cut that starts `offset` seconds into the clip
 * (after its pre-roll) is moved by as much, the window held where it starts until then.
 */
async function keyframesFor(
  context: RenditionContext,
  row: VideoRenditionRow,
  source: Pick<RenderSource, 'file' | 'metadata' | 'range'>,
  offset: number,
) {
  const kept = pathOf(row);
  if (kept) return kept;
  const analysed = await analyseReframe(source.file, source.metadata, row.aspect, {
    signal: context.signal,
    ...(source.range ? { range: source.range } : {}),
  });
  const keyframes = shiftKeyframes(analysed.keyframes, offset);
  await saveAutoPath(context.db, row.id, keyframes);
  return { keyframes, source: 'auto' as const };
}

/**
 * The render's source. A skinned clip (skin images or graphics) is rendered bare and skinned in
 * the aspect's layout, in the same pass: from its bare cut when it was kept, else (cut before the
 * account rendered other aspects) from its range of the source video it was cut from, when that
 * is still there; `offset` is where the cut starts in the clip (its pre-roll). Anything else
 * (a video, a clip without skin, a live clip whose recording is gone) is cropped as it is.
 */
async function renderSource(context: RenditionContext, video: VideoRow, work: string): Promise<RenderSource> {
  const { storage, signal, db } = context;
  const skin = await skinOfClip(db, video);
  const graphics = await clipGraphicOverlays(context, video.id, work);
  const dressed = hasSkinImages(skin) || graphics.length > 0;
  const probed = async (file: string) => ({ file, metadata: await probeSource(file, signal) });
  if (dressed && video.clipCleanKey && (await storage.exists(video.clipCleanKey))) {
    const bare = await probed(await sourceFile(storage, video, work, video.clipCleanKey));
    return { ...bare, dress: { skin, graphics, offset: video.clipCleanOffset ?? 0 } };
  }
  const from = dressed && video.sourceVideoId !== null ? await findVideo(db, video.sourceVideoId) : null;
  const { clipInSeconds: inSeconds, clipOutSeconds: outSeconds } = video;
  if (
    from?.originalKey &&
    from.accountId === video.accountId &&
    inSeconds !== null &&
    outSeconds !== null &&
    (await storage.exists(from.originalKey))
  ) {
    const whole = await probed(await sourceFile(storage, from, work));
    const offset = cutOffset({
      preRoll: skin?.preRollKey ?? null,
      rollSeconds: skin?.rollSeconds ?? 0,
      fps: whole.metadata.fps,
    });
    const range = { inSeconds, outSeconds: Math.min(outSeconds, whole.metadata.durationSeconds) };
    return { ...whole, range, dress: { skin, graphics, offset } };
  }
  return { ...(await probed(await sourceFile(storage, video, work))), dress: null };
}

interface RenderSource {
  file: string;
  metadata: TechnicalMetadata;
  /** The clip's range of `file` (its source video's original); the whole file otherwise. */
  range?: { inSeconds: number; outSeconds: number };
  /** How a skinned clip is dressed again; null: `file` is rendered as it is. */
  dress: { skin: Skin | null; graphics: GraphicOverlay[]; offset: number } | null;
}

/** Renders the rendition into `work`: its MP4 along the path, then its HLS ladder and poster from it. */
async function render(context: RenditionContext, row: VideoRenditionRow, video: VideoRow, work: string) {
  const { signal, reportProgress } = context;
  const source = await renderSource(context, video, work);
  const { metadata, dress, range } = source;
  reportProgress(PROGRESS.probed);
  const path = REFRAMED_ASPECTS.includes(row.aspect)
    ? await keyframesFor(context, row, source, dress?.offset ?? 0)
    : { keyframes: [{ time: 0, x: 0.5, cut: false }], source: 'auto' as const };
  reportProgress(PROGRESS.analysed);

  const mp4 = join(work, 'video.mp4');
  const onProgress = (percent: number) =>
    reportProgress(PROGRESS.analysed + ((PROGRESS.rendered - PROGRESS.analysed) * percent) / 100);
  const size = {
    width: metadata.width,
    height: metadata.height,
    fps: metadata.fps ?? 25,
    duration: range ? range.outSeconds - range.inSeconds : metadata.durationSeconds,
  };
  if (dress) {
    await renderDressed(context, {
      input: source.file,
      output: mp4,
      ...(range ? { range } : {}),
      keyframes: path.keyframes,
      offset: dress.offset,
      aspect: row.aspect,
      source: { ...size, hasAudio: metadata.hasAudio },
      skin: dress.skin,
      graphics: dress.graphics,
      work,
      onProgress,
    });
  } else {
    await renderReframed({
      input: source.file,
      output: mp4,
      keyframes: path.keyframes,
      aspect: row.aspect,
      source: size,
      signal,
      onProgress,
    });
  }
  const rendered = await probeSource(mp4, signal);
  const hls = join(work, 'hls');
  const poster = join(work, 'poster.jpg');
  await encodeHlsLadder(mp4, hls, rendered, {
    signal,
    onProgress: (percent) =>
      reportProgress(PROGRESS.rendered + ((PROGRESS.ladder - PROGRESS.rendered) * percent) / 100),
  });
  await makePoster(mp4, poster, rendered, { signal });
  reportProgress(PROGRESS.ladder);
  const window = cropWindow(row.aspect, metadata.width, metadata.height);
  return { mp4, hls, poster, width: rendered.width || window.width, height: rendered.height, path: path.source };
}

/** The rendition a job renders, from its payload (null when the payload is not a rendition's). */
function renditionOf(job: JobRow): RenditionPayload | null {
  return renditionPayload.safeParse(job.payload).data ?? null;
}

/**
 * video.rendition: renders a video in another aspect (contract vertical.ts): the crop window
 * follows the editor's path or the automatic one (analysed once, kept), ffmpeg crops and scales
 * along it frame by frame into an MP4, and the HLS ladder and poster are made from that. The files
 * go to a folder of this render's own; once stored the rendition serves them, and the render it
 * replaces is purged after REPLACED_MEDIA_KEPT_MS (pages that loaded it play on). A render asked
 * for again meanwhile supersedes this one. Failing, the rendition says why; what it served plays on.
 */
export const renderRenditionJob = defineJob({
  type: RENDITION_JOB_TYPE,
  payload: renditionPayload,
  retry: { maxAttempts: 3, backoff: { initialMs: 30_000, maxMs: 600_000 } },
  timeoutMs: 6 * 60 * 60 * 1000,
  async onFailed({ db, job }: JobHookContext) {
    const payload = renditionOf(job);
    if (payload)
      await markFailed(db, payload.renditionId, payload.generation, job.lastError ?? JOB_MESSAGES.failedUnknown);
  },
  async onCancelled({ db, job }: JobHookContext) {
    const payload = renditionOf(job);
    if (payload) await markFailed(db, payload.renditionId, payload.generation, JOB_MESSAGES.cancelled);
  },
  async onRetried({ db, job }: JobHookContext) {
    const payload = renditionOf(job);
    if (payload) await markRendering(db, payload.renditionId, payload.generation);
  },
  async perform(context) {
    const { payload, db, dataDir, job } = context;
    const row = await findRenditionById(db, payload.renditionId);
    if (!row) return skipped(`Rendition ${payload.renditionId} no longer exists`);
    if (row.requested !== payload.generation)
      return skipped(`Rendition ${row.id}: render ${payload.generation} superseded by ${row.requested}`);
    const video = await findVideo(db, row.videoId);
    if (!video) return skipped(`Video ${row.videoId} no longer exists`);
    if (!video.originalKey) throw new PermanentJobError(VIDEO_MESSAGES.originalMissing);
    if (!(await markRendering(db, row.id, payload.generation))) {
      return skipped(`Rendition ${row.id}: render ${payload.generation} superseded`);
    }
    const work = await workFolder(dataDir, `rendition-${row.id}-job-${job.id}`, job.attempt);
    try {
      const result = await render(context, row, video, work);
      const folder = renditionFolder(video, row.aspect, payload.generation);
      const files = [
        ...(await filesUnder(result.hls)).map((name) => ({
          file: join(result.hls, name),
          key: `${folder}hls/${name}`,
        })),
        { file: result.mp4, key: `${folder}video.mp4` },
        { file: result.poster, key: `${folder}poster.jpg` },
      ];
      await uploadOutputs(context, files, PROGRESS.ladder, PROGRESS.uploaded);
      const served = await transaction(db, async (tx) => {
        const changed = await markReady(tx, row.id, {
          generation: payload.generation,
          hlsKey: `${folder}hls/master.m3u8`,
          mp4Key: `${folder}video.mp4`,
          posterKey: `${folder}poster.jpg`,
          width: result.width,
          height: result.height,
          path: result.path,
        });
        if (changed && changed.replaced > 0)
          await purgeReplacedLater(tx, video, renditionFolder(video, row.aspect, changed.replaced));
        return changed !== null;
      });
      // A newer render was served first: these files are never played.
      if (!served) await context.storage.deletePrefix(folder);
      return { aspect: row.aspect, generation: payload.generation, served, width: result.width, height: result.height };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});

/** Queues a render of the rendition (its `generation`, as requestRender numbered it). */
export function enqueueRender(
  db: Db,
  row: Pick<VideoRenditionRow, 'id' | 'accountId' | 'videoId'>,
  generation: number,
  requestId: string | null,
): Promise<JobRow> {
  return enqueueJob(
    db,
    renderRenditionJob,
    { renditionId: row.id, generation },
    { accountId: row.accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: row.videoId, requestId },
  );
}
