import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VIDEO_MESSAGES } from '@regie/contract/videos';
import type { VideoRow } from '../db/videos.table.ts';
import { PermanentJobError } from '../jobs/jobs.define.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { originalExtension } from './videos.keys.ts';

/** The files a video's jobs work on: its original as a local file, and each attempt's work folder. */

/** The original as a file ffmpeg can read: in place on local storage, else downloaded into `work`. */
export async function sourceFile(storage: ObjectStorage, video: VideoRow, work: string): Promise<string> {
  const key = video.originalKey ?? '';
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
