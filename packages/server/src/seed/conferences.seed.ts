import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { asc, eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { speakers } from '../db/actors.table.ts';
import { businessPlayerChapters, businessPlayerSpeakers, businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { videos } from '../db/videos.table.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { FFMPEG_COMMON_ARGS, MEDIA_BINARIES, runProcess } from '../media/ffmpeg.runner.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { enqueueEncode } from '../videos/videos.encode.job.ts';
import { originalKey } from '../videos/videos.keys.ts';
import { french, one } from './seed.rows.ts';

/** The organiser's demo conference: its replay is generated at start-up (seedConferenceVideo). */
export const DEMO_CONFERENCE = {
  name: 'Streaming Summit 2026 — opening keynote',
  frenchName: 'Streaming Summit 2026 — keynote d’ouverture',
  videoTitle: 'Streaming Summit opening keynote (demo)',
  filename: 'streaming-summit-keynote.mp4',
  seconds: 30,
  chapters: [
    { title: 'Welcome', startSeconds: 0 },
    { title: 'The state of live video', startSeconds: 6 },
    { title: 'Panel: low latency at scale', startSeconds: 14 },
    { title: 'Questions from the audience', startSeconds: 22 },
  ],
} as const;

/**
 * The organiser's conference with its first speakers (by name) and its chapters; the replay
 * video comes in the background once the server listens (seedConferenceVideo).
 */
export async function seedConferencesDemo(db: Db, organiser: number): Promise<void> {
  const conference = one(
    await db
      .insert(businessPlayers)
      .values({
        name: DEMO_CONFERENCE.name,
        description: 'How the platform streams, clips and replays the summit, with the people who built it.',
        startsAt: new Date('2026-11-04T09:00:00.000Z'),
        endsAt: new Date('2026-11-04T10:00:00.000Z'),
        venue: 'Grand Auditorium, Lyon',
        state: 'replay',
        published: true,
        accountId: organiser,
      })
      .returning(),
    'demo conference',
  );
  await french(db, 'business-players', conference.id, { name: DEMO_CONFERENCE.frenchName });
  const firstSpeakers = await db
    .select({ id: speakers.id })
    .from(speakers)
    .where(eq(speakers.accountId, organiser))
    .orderBy(asc(speakers.name))
    .limit(3);
  if (firstSpeakers.length > 0) {
    await db.insert(businessPlayerSpeakers).values(
      firstSpeakers.map((speaker, position) => ({
        businessPlayerId: conference.id,
        speakerId: speaker.id,
        position,
      })),
    );
  }
  await db.insert(businessPlayerChapters).values(
    DEMO_CONFERENCE.chapters.map((chapter) => ({
      ...chapter,
      businessPlayerId: conference.id,
      accountId: organiser,
    })),
  );
}

/** ffmpeg's arguments for the keynote's replay (lavfi colour bars + a tone, H.264/AAC, ultrafast). */
export function conferenceVideoArgs(output: string): string[] {
  return [
    ...FFMPEG_COMMON_ARGS,
    ...['-f', 'lavfi', '-i', 'smptehdbars=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
    ...['-t', String(DEMO_CONFERENCE.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart'],
    output,
  ];
}

/**
 * Gives the demo conference its replay, made like the demo video (video.seed.ts): generated
 * with ffmpeg, stored as an upload's original, its encode job queued. Without ffmpeg it logs a
 * warning and the conference stays without a replay.
 */
export async function seedConferenceVideo(
  db: Db,
  storage: ObjectStorage,
  dataDir: string,
  log: JobLogger,
): Promise<void> {
  const [conference] = await db
    .select({ id: businessPlayers.id, accountId: businessPlayers.accountId })
    .from(businessPlayers)
    .innerJoin(accounts, eq(accounts.id, businessPlayers.accountId))
    .where(eq(accounts.name, DEMO_ACCOUNTS.events))
    .limit(1);
  if (!conference) return;
  const work = join(dataDir, 'work', 'demo-conference');
  await mkdir(work, { recursive: true });
  const file = join(work, DEMO_CONFERENCE.filename);
  try {
    try {
      await runProcess(MEDIA_BINARIES.ffmpeg, conferenceVideoArgs(file));
    } catch (error) {
      log.warn({ err: error }, 'demo conference video not made (is ffmpeg installed?)');
      return;
    }
    const { size } = await stat(file);
    const video = one(
      await db
        .insert(videos)
        .values({ title: DEMO_CONFERENCE.videoTitle, accountId: conference.accountId, state: 'uploading' })
        .returning(),
      'the demo conference video',
    );
    const key = originalKey(video.accountId, video.id, DEMO_CONFERENCE.filename);
    await storage.putStream(key, createReadStream(file), 'video/mp4', { size });
    await db
      .update(videos)
      .set({ originalKey: key, filename: DEMO_CONFERENCE.filename, size, contentType: 'video/mp4' })
      .where(eq(videos.id, video.id));
    await db.update(businessPlayers).set({ videoId: video.id }).where(eq(businessPlayers.id, conference.id));
    await enqueueEncode(db, video);
    log.info({ videoId: video.id }, 'demo conference video stored, its encode job queued');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
