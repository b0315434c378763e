import { createWriteStream } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LIVE_MESSAGES } from '@regie/contract/live';
import { PermanentJobError } from '../jobs/jobs.define.ts';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { ProgramSegment } from './program.ts';

/**
 * Joins recorded program segments into one file, for the replay (replay.job.ts) and live clips
 * (live-clip.job.ts). Segments joined by one ffmpeg run: the concat: protocol takes them as one
 * argument, and an argument must stay well under Linux's 128 KiB; a longer recording is joined in
 * parts first.
 */
const SEGMENTS_PER_RUN = 400;

/** A segment as a local file: in place on local storage (linked), else downloaded. */
async function segmentFile(storage: ObjectStorage, segment: ProgramSegment, target: string): Promise<void> {
  const local = storage.localPath(segment.path);
  if (local && (await storage.exists(segment.path))) {
    await symlink(local, target);
    return;
  }
  const object = await storage.get(segment.path);
  if (!object) throw new PermanentJobError(LIVE_MESSAGES.recordingSegmentMissing(segment.sequence, segment.inputId));
  await pipeline(object.body, createWriteStream(target));
}

/**
 * The concat: protocol reads the files one after the other as one MPEG-TS stream (exact: every
 * frame once, audio kept; the concat demuxer duplicated frames at the joins), copied as it is.
 */
function concatArgs(files: readonly string[], output: string): string[] {
  return ['-i', `concat:${files.join('|')}`, '-map', '0', '-c', 'copy', '-f', 'mpegts', output];
}

export interface JoinOptions {
  storage: ObjectStorage;
  signal: AbortSignal;
  /** 0–1: the segments gathered count for the first fifth, ffmpeg for the rest. */
  onProgress?(fraction: number): void;
}

/** The segments' total duration in seconds. */
export const recordedSeconds = (segments: readonly ProgramSegment[]) =>
  segments.reduce((sum, segment) => sum + segment.duration, 0);

/** Joins `segments` (in order) into `output` (MPEG-TS) with files in `work`; resolves its duration. */
export async function joinSegments(
  options: JoinOptions,
  segments: readonly ProgramSegment[],
  work: string,
  output: string,
): Promise<number> {
  const { storage, signal } = options;
  const report = options.onProgress ?? (() => undefined);
  const files: string[] = [];
  for (const [index, segment] of segments.entries()) {
    signal.throwIfAborted();
    const file = join(work, `segment-${index}.ts`);
    await segmentFile(storage, segment, file);
    files.push(file);
    report((0.2 * (index + 1)) / segments.length);
  }
  const total = recordedSeconds(segments);
  const runs = Math.ceil(files.length / SEGMENTS_PER_RUN);
  // ffmpeg's share of the work: each part once, then the whole again when there are parts.
  const ffmpegSeconds = runs > 1 ? 2 * total : total;
  let done = 0;
  const joining = (seconds: number) => (percent: number) =>
    report(0.2 + (0.8 * (done + (seconds * percent) / 100)) / Math.max(ffmpegSeconds, 1e-6));
  if (runs <= 1) {
    await runFfmpeg(concatArgs(files, output), { durationSeconds: total, onProgress: joining(total), signal });
    return total;
  }
  const parts: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    const range = [run * SEGMENTS_PER_RUN, (run + 1) * SEGMENTS_PER_RUN] as const;
    const seconds = recordedSeconds(segments.slice(...range));
    const part = join(work, `part-${run}.ts`);
    await runFfmpeg(concatArgs(files.slice(...range), part), {
      durationSeconds: seconds,
      onProgress: joining(seconds),
      signal,
    });
    done += seconds;
    parts.push(part);
  }
  await runFfmpeg(concatArgs(parts, output), { durationSeconds: total, onProgress: joining(total), signal });
  return total;
}
