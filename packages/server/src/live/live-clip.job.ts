import { createReadStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CAMERA_CONTENT_KINDS } from '@regie/contract/cameras';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { MEDIA_CONTENT_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { z } from 'zod';
import { renderClip, storeCleanCut } from '../clips/clip.job.ts';
import { skinOfClip } from '../clips/clip.skin.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { clipGraphicOverlays } from '../graphics/graphics.clips.ts';
import { defineJob, type JobContext, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import { probeMedia } from '../media/ffprobe.service.ts';
import { rendersAspects } from '../vertical/renditions.module.ts';
import { renderPublicationAspects } from '../vertical/renditions.wanted.ts';
import { enqueueEncode, workFolder } from '../videos/videos.encode.job.ts';
import { followedByVideo } from '../videos/videos.job-hooks.ts';
import { hlsFolder, originalKey, videoFolder } from '../videos/videos.keys.ts';
import { findVideo, latestJob, updateVideo } from '../videos/videos.service.ts';
import { videoStates } from '../videos/videos.state.ts';
import { type ContentRef, type ProgramSegment, programSegments } from './program.ts';
import { joinSegments, recordedSeconds } from './recording.ts';

/** Segments start at most this long before a point inside them (the longest segment is 2 s). */
const SEGMENT_LOOKBACK_MS = 30_000;
const COPY_FOLDER = 'copy';

/** What both phases read: the clip video and the wall-clock range of the program it shows. */
const liveClipPayload = z.object({
  videoId: z.number().int().positive(),
  content: z.object({ kind: z.enum(CAMERA_CONTENT_KINDS), id: z.number().int().positive() }),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
});
export type LiveClipPayload = z.infer<typeof liveClipPayload>;
type LiveClipContext = JobContext<LiveClipPayload>;

/** The program segments that overlap [from, to), in order. */
export async function segmentsBetween(db: Db, content: ContentRef, from: Date, to: Date): Promise<ProgramSegment[]> {
  const candidates = await programSegments(db, content, { from: new Date(from.getTime() - SEGMENT_LOOKBACK_MS), to });
  return candidates.filter((segment) => segment.startedAt.getTime() + segment.duration * 1000 > from.getTime());
}

async function clipSetup(context: LiveClipContext): Promise<{ video: VideoRow; segments: ProgramSegment[] } | null> {
  const { payload, db } = context;
  const video = await findVideo(db, payload.videoId);
  if (!video) return null;
  const segments = await segmentsBetween(db, payload.content, new Date(payload.from), new Date(payload.to));
  if (segments.length === 0) throw new PermanentJobError(CLIP_MESSAGES.liveRecordingMissing);
  return { video, segments };
}

/** Where phase 1's copy lives (its own master and playlist), inside the video's hls/. */
const copyFolder = (video: Pick<VideoRow, 'accountId' | 'id'>) =>
  `${hlsFolder(video.accountId, video.id)}${COPY_FOLDER}/`;

/** A one-segment VOD playlist of the copy and its master, as the video's HLS. */
function copyPlaylists(durationSeconds: number, bytes: number): { master: string; media: string } {
  const bandwidth = Math.max(1, Math.round((bytes * 8) / Math.max(durationSeconds, 0.001)));
  const media = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(durationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(6)},`,
    'clip.ts',
    '#EXT-X-ENDLIST',
  ];
  const master = ['#EXTM3U', `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth}`, 'index.m3u8'];
  return { master: `${master.join('\n')}\n`, media: `${media.join('\n')}\n` };
}

/**
 * live.clip, phase 1: the program segments around the clip joined as they are (concat: protocol,
 * no re-encode), stored as the clip video's HLS (one segment) and the video made ready: playable
 * a moment after the call. Then phase 2 is queued in the same transaction; an attempt that finds
 * it queued has nothing left to do.
 */
export const liveClipJob = defineJob({
  type: LIVE_JOB_TYPES.clip,
  payload: liveClipPayload,
  retry: { maxAttempts: 3, backoff: { initialMs: 2_000, maxMs: 60_000 } },
  timeoutMs: 30 * 60 * 1000,
  ...followedByVideo('processing'),
  async perform(context) {
    const { payload, db, dataDir, job, storage, signal } = context;
    const existing = await findVideo(db, payload.videoId);
    if (!existing) return skipped(`Video ${payload.videoId} no longer exists`);
    const queued = await latestJob(db, existing, LIVE_JOB_TYPES.clipRender);
    if (queued) return { resumed: true, renderJobId: queued.id };
    const setup = await clipSetup(context);
    if (!setup) return skipped(`Video ${payload.videoId} no longer exists`);
    const { video, segments } = setup;
    const work = await workFolder(dataDir, `live-clip-${video.id}-job-${job.id}`, job.attempt);
    try {
      const file = join(work, 'clip.ts');
      const durationSeconds = await joinSegments(
        { storage, signal, onProgress: (fraction) => context.reportProgress(fraction * 90) },
        segments,
        work,
        file,
      );
      const { size } = await stat(file);
      const playlists = copyPlaylists(durationSeconds, size);
      const folder = copyFolder(video);
      await storage.putStream(`${folder}clip.ts`, createReadStream(file), MEDIA_CONTENT_TYPES.ts ?? 'video/mp2t', {
        size,
      });
      const m3u8 = MEDIA_CONTENT_TYPES.m3u8 ?? 'application/vnd.apple.mpegurl';
      for (const [name, text] of [
        ['index.m3u8', playlists.media],
        ['master.m3u8', playlists.master],
      ] as const) {
        const local = join(work, name);
        await writeFile(local, text);
        await storage.putStream(`${folder}${name}`, createReadStream(local), m3u8, { size: Buffer.byteLength(text) });
      }
      const render = await transaction(db, async (tx) => {
        const ready = await videoStates.ready(tx, video.id, {
          hlsKey: `${folder}master.m3u8`,
          duration: durationSeconds,
        });
        if (!ready) return null;
        return enqueueJob(tx, liveClipRenderJob, payload, {
          accountId: video.accountId,
          resourceType: VIDEO_RESOURCE_TYPE,
          resourceId: video.id,
          requestId: context.job.requestId,
        });
      });
      if (!render) {
        await storage.deletePrefix(videoFolder(video.accountId, video.id));
        return skipped(`Video ${video.id} was deleted while it was clipped`);
      }
      return { mode: 'segments', segments: segments.length, durationSeconds, renderJobId: render.id };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});

/**
 * live.clip-render, phase 2: the same segments joined again into a source, cut frame-accurately
 * to [from, to) in the clip's skin and graphics (clips/clip.job.ts renderClip), stored as the
 * video's original; its encode (queued in the same transaction) replaces the phase-1 media, the
 * video staying ready (playable on the copy) until the encoded cut is stored.
 */
export const liveClipRenderJob = defineJob({
  type: LIVE_JOB_TYPES.clipRender,
  payload: liveClipPayload,
  retry: { maxAttempts: 3, backoff: { initialMs: 10_000, maxMs: 300_000 } },
  timeoutMs: 2 * 60 * 60 * 1000,
  // The instant copy plays meanwhile: a failed exact cut leaves the clip ready on it.
  ...followedByVideo('processing', () => true),
  async perform(context) {
    const { payload, db, dataDir, job, storage, signal } = context;
    const existing = await findVideo(db, payload.videoId);
    if (!existing) return skipped(`Video ${payload.videoId} no longer exists`);
    if (existing.originalKey) return { resumed: true };
    const setup = await clipSetup(context);
    if (!setup) return skipped(`Video ${payload.videoId} no longer exists`);
    const { video, segments } = setup;
    const work = await workFolder(dataDir, `live-clip-render-${video.id}-job-${job.id}`, job.attempt);
    try {
      const joined = join(work, 'source.ts');
      await joinSegments({ storage, signal }, segments, work, joined);
      // MP4 from the join: timestamps from 0, so the cut's times are times of this file.
      const source = join(work, 'source.mp4');
      await runFfmpeg(['-i', joined, '-map', '0', '-c', 'copy', '-movflags', '+faststart', source], { signal });
      const metadata = await probeMedia(source, { signal });
      const first = segments[0]?.startedAt.getTime() ?? 0;
      const inSeconds = Math.max(0, (new Date(payload.from).getTime() - first) / 1000);
      const outSeconds = Math.min(
        metadata.durationSeconds,
        (new Date(payload.to).getTime() - first) / 1000,
        recordedSeconds(segments),
      );
      const rendered = await renderClip(
        context,
        { inSeconds, outSeconds },
        { file: source, metadata },
        await skinOfClip(db, video),
        work,
        await clipGraphicOverlays(context, video.id, work),
        await rendersAspects(db, video.accountId),
      );
      const key = originalKey(video.accountId, video.id, 'clip.mp4');
      const { size } = await stat(rendered.file);
      await storage.putStream(key, createReadStream(rendered.file), 'video/mp4', { size });
      const clean = await storeCleanCut(storage, video, rendered);
      const encode = await transaction(db, async (tx) => {
        const stored = await updateVideo(tx, video.id, {
          ...clean.columns,
          originalKey: key,
          filename: 'clip.mp4',
          size,
          contentType: 'video/mp4',
        });
        if (!stored) return null;
        // The copy plays until the encode has stored the cut, then it is deleted; the shapes its
        // waiting publications need are rendered first (renderPublicationAspects).
        const queued = await enqueueEncode(tx, stored, {
          replaces: copyFolder(video),
          requestId: context.job.requestId,
        });
        await renderPublicationAspects(tx, stored, context.job.requestId);
        return queued;
      });
      if (!encode) {
        await storage.deletePrefix(videoFolder(video.accountId, video.id));
        return skipped(`Video ${video.id} was deleted while it was clipped`);
      }
      if (clean.stale) await storage.delete(clean.stale);
      return { mode: rendered.mode, durationSeconds: rendered.durationSeconds, encodeJobId: encode.id };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});
