import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { findMediaTools, missingMediaTools } from '../media/media.tools.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { DEMO_CONFERENCE, seedConferenceVideo } from './conferences.seed.ts';
import { DEMO_VIDEO, seedDemoVideo } from './video.seed.ts';

/** Left in the data folder when the demo videos could not be made: the next start makes them. */
export const DEMO_VIDEOS_PENDING_FILE = 'demo-videos.pending';

/** The videos ffmpeg generates for the demo, named in the log when they are skipped. */
export const DEMO_VIDEO_TITLES = [DEMO_VIDEO.title, DEMO_CONFERENCE.videoTitle] as const;

/**
 * Makes the demo videos (the editor's clip, the conference replay) after the first start's demo
 * data, or at a later start when an earlier one had to skip them. Without ffmpeg it says in the
 * log which videos are skipped, why and what to do, and leaves a note so that the first start
 * with ffmpeg installed makes them. Resolves true when it made them (their jobs wait for a worker).
 */
export async function seedDemoVideos(
  db: Db,
  storage: ObjectStorage,
  dataDir: string,
  log: JobLogger,
  firstStart: boolean,
): Promise<boolean> {
  const pending = join(dataDir, DEMO_VIDEOS_PENDING_FILE);
  if (!firstStart && !existsSync(pending)) return false;
  const missing = missingMediaTools(findMediaTools());
  if (missing.length > 0) {
    await writeFile(pending, `${missing.join(', ')} missing on ${new Date().toISOString()}\n`);
    const titles = DEMO_VIDEO_TITLES.map((title) => `"${title}"`).join(' and ');
    log.warn(
      { skipped: DEMO_VIDEO_TITLES, missing },
      `demo videos skipped, ${missing.join(' and ')} not installed: ${titles} are made at the next start once ffmpeg is installed (Debian or Ubuntu: sudo apt-get install -y ffmpeg)`,
    );
    return false;
  }
  await seedDemoVideo(db, storage, dataDir, log);
  await seedConferenceVideo(db, storage, dataDir, log);
  await rm(pending, { force: true });
  return true;
}
