import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TechnicalMetadata } from '@regie/contract/media';
import { MEDIA_CONTENT_TYPES, VIDEO_MESSAGES } from '@regie/contract/videos';
import { reasonOf } from '../common/message.error.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { type JobRunContext, PermanentJobError } from '../jobs/jobs.define.ts';
import { probeMedia } from '../media/ffprobe.service.ts';
import { MediaError } from '../media/media.errors.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { originalExtension } from './videos.keys.ts';

/**
 * The files a video's jobs work on: its original as a local file, each attempt's work folder, the
 * probe of what they read, and the upload of what they made.
 */

/** Files uploaded to storage side by side. */
const UPLOAD_CONCURRENCY = 4;

/**
 * The original (or another of the video's stored files, `key`) as a file ffmpeg can read: in
 * place on local storage, else downloaded into `work`.
 */
export async function sourceFile(
  storage: ObjectStorage,
  video: VideoRow,
  work: string,
  key: string = video.originalKey ?? '',
): Promise<string> {
  const local = storage.localPath(key);
  if (local && (await storage.exists(key))) return local;
  const object = await storage.get(key);
  if (!object) throw new PermanentJobError(VIDEO_MESSAGES.originalMissing);
  const target = join(work, `source.${originalExtension(key)}`);
  await pipeline(object.body, createWriteStream(target));
  return target;
}

/**
 * A fresh folder for this attempt. Each attempt has its own (a worker that lost its lease may still
 * be running the last one); the folders of earlier attempts, left by a crash, are removed.
 */
export async function workFolder(dataDir: string, name: string, attempt: number): Promise<string> {
  const root = join(dataDir, 'work');
  await mkdir(root, { recursive: true });
  for (const entry of await readdir(root)) {
    const earlier = entry.startsWith(`${name}-`) && Number(entry.slice(name.length + 1)) < attempt;
    if (earlier) await rm(join(root, entry), { recursive: true, force: true });
  }
  const folder = join(root, `${name}-${attempt}`);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  return folder;
}

/** Every file under `folder`, as paths relative to it with `/` separators. */
export async function filesUnder(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true });
  const files: string[] = [];
  for (const name of names) if ((await stat(join(folder, name))).isFile()) files.push(name.split(sep).join('/'));
  return files.sort();
}

async function upload(storage: ObjectStorage, file: string, key: string): Promise<void> {
  const type = MEDIA_CONTENT_TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
  const { size } = await stat(file);
  await storage.putStream(key, createReadStream(file), type, { size });
}

/** Uploads the encoded files, a few at a time, reporting progress from `from` to `to`. */
export async function uploadOutputs(
  context: Pick<JobRunContext, 'storage' | 'signal' | 'reportProgress'>,
  files: { file: string; key: string }[],
  from: number,
  to: number,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const item = files[next];
      next += 1;
      if (!item) continue;
      context.signal.throwIfAborted();
      await upload(context.storage, item.file, item.key);
      done += 1;
      context.reportProgress(from + ((to - from) * done) / files.length);
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
}

/** The file's technical metadata; a file ffprobe cannot read fails the job for good (it will not get better). */
export async function probeSource(source: string, signal: AbortSignal): Promise<TechnicalMetadata> {
  try {
    return await probeMedia(source, { signal });
  } catch (error) {
    if (error instanceof MediaError && error.code !== 'tooling') {
      throw new PermanentJobError(reasonOf(error), { cause: error });
    }
    throw error;
  }
}
