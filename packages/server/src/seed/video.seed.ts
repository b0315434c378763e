import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_USERS } from '@regie/contract/demo';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/users.table.ts';
import { videos } from '../db/videos.table.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { FFMPEG_COMMON_ARGS, MEDIA_BINARIES, runProcess } from '../media/ffmpeg.runner.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { enqueueEncode } from '../videos/videos.encode.job.ts';
import { originalKey } from '../videos/videos.keys.ts';
import { attachDemoReplay } from './events.seed.ts';
import { seedDemoFeedMatch } from './import.seed.ts';
import { seedDemoMarkerClips } from './markers.seed.ts';
import { one } from './seed.rows.ts';
import { dressDemoSkin } from './skin.seed.ts';

/** The demo clip: a moving test pattern with a tone, short enough to encode in seconds. */
export const DEMO_VIDEO = {
  title: 'Riverside FC — training match (demo)',
  description: 'A generated test picture with a tone, encoded by the media worker like any upload.',
  filename: 'riverside-training-match.mp4',
  seconds: 20,
  width: 1280,
  height: 720,
} as const;

/** ffmpeg's arguments for the demo clip (lavfi testsrc2 + sine, H.264/AAC, ultrafast). */
export function demoClipArgs(output: string): string[] {
  const { seconds, width, height } = DEMO_VIDEO;
  return [
    ...FFMPEG_COMMON_ARGS,
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart'],
    output,
  ];
}

/**
 * Gives the video editor's account one real video: the clip is generated with ffmpeg, stored as
 * an upload's original would be, and its normal encode job is queued, so the videos list shows
 * it `ready` seconds after start. Run in the background after the demo data: without ffmpeg it
 * logs a warning and seeds nothing.
 */
export async function seedDemoVideo(db: Db, storage: ObjectStorage, dataDir: string, log: JobLogger): Promise<void> {
  const editor = DEMO_USERS.find((user) => user.username === 'editor');
  if (!editor) return;
  const [owner] = await db
    .select({ userId: users.id, accountId: accounts.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.username, editor.username));
  if (!owner) return;

  const work = join(dataDir, 'work', 'demo-video');
  await mkdir(work, { recursive: true });
  const clip = join(work, DEMO_VIDEO.filename);
  try {
    try {
      await runProcess(MEDIA_BINARIES.ffmpeg, demoClipArgs(clip));
    } catch (error) {
      log.warn({ err: error }, 'demo video not made (is ffmpeg installed?): the videos list starts empty');
      return;
    }
    const { size } = await stat(clip);
    const video = one(
      await db
        .insert(videos)
        .values({
          title: DEMO_VIDEO.title,
          description: DEMO_VIDEO.description,
          accountId: owner.accountId,
          ownerId: owner.userId,
          state: 'uploading',
          // Its fans download the match from the player (DOWNLOAD, issue 47.5): the encode makes the MP4.
          downloadable: true,
        })
        .returning(),
      'the demo video',
    );
    const key = originalKey(video.accountId, video.id, DEMO_VIDEO.filename);
    await storage.putStream(key, createReadStream(clip), 'video/mp4', { size });
    await db
      .update(videos)
      .set({ originalKey: key, filename: DEMO_VIDEO.filename, size, contentType: 'video/mp4' })
      .where(eq(videos.id, video.id));
    await attachDemoReplay(db, video.accountId, video.id);
    // The crest first: it is the club's watermark too, which the encode burns in.
    await dressDemoSkin(db, storage, video.accountId, work, log);
    await enqueueEncode(db, video);
    await seedDemoMarkerClips(db, video, DEMO_VIDEO.seconds, log);
    await seedDemoFeedMatch(db, video, log);
    log.info({ videoId: video.id }, 'demo video stored, its encode job queued');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
