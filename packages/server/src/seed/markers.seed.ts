import { VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { clipVideoJob } from '../clips/clip.job.ts';
import { defaultClipTitle } from '../clips/clips.service.ts';
import { clipTemplates } from '../db/clip-templates.table.ts';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { transaction } from '../db/transactions.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import type { JobLogger } from '../jobs/jobs.define.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';

/** The club's demo match (seeded with the clip templates, clips.seed.ts). */
export const DEMO_MATCH_NAME = 'Riverside vs Harbour City';

/**
 * The match's markers, within the demo video (its replay, 20 s long: video.seed.ts DEMO_VIDEO): several
 * marker types, two goals with a duration (what the demo clips are cut from).
 */
const DEMO_MARKERS = [
  { type: 'Kick-off', label: 'Kick-off', timeSeconds: 0.5, durationSeconds: null },
  { type: 'Big chance', label: 'L. Bernardi hits the bar', timeSeconds: 3.2, durationSeconds: 1.5 },
  { type: 'Goal', label: 'J. Miles opens the scoring', timeSeconds: 6, durationSeconds: 3 },
  { type: 'Yellow card', label: 'T. Marchand booked', timeSeconds: 9.5, durationSeconds: null },
  { type: 'Substitution', label: 'S. Okoro comes on', timeSeconds: 12, durationSeconds: null },
  { type: 'Goal', label: 'L. Bernardi doubles the lead', timeSeconds: 15.5, durationSeconds: 2 },
  { type: 'Full-time', label: 'Full-time', timeSeconds: 19, durationSeconds: null },
] as const;

/** The two demo clips: which goal, cut with which of the club's templates. */
const DEMO_CLIPS = [
  { label: 'J. Miles opens the scoring', template: 'Goal highlight' },
  { label: 'L. Bernardi doubles the lead', template: 'Quick replay' },
] as const;

async function demoMatch(db: Db, club: number) {
  const [match] = await db
    .select()
    .from(events)
    .where(and(eq(events.accountId, club), eq(events.name, DEMO_MATCH_NAME)))
    .limit(1);
  return match ?? null;
}

/**
 * Gives the match its markers. The placeholders seeded with the clip templates (before the match
 * had a replay, at times past the demo video's end) are replaced by ones inside the replay.
 */
export async function seedDemoMarkers(db: Db, club: number): Promise<void> {
  const match = await demoMatch(db, club);
  if (!match) return;
  const types = await db
    .select({ id: markerTypes.id, name: markerTypes.name })
    .from(markerTypes)
    .where(
      and(eq(markerTypes.accountId, club), inArray(markerTypes.name, [...new Set(DEMO_MARKERS.map((m) => m.type))])),
    );
  const typeId = new Map(types.map((type) => [type.name, type.id]));
  await db.delete(markers).where(eq(markers.eventId, match.id));
  await db.insert(markers).values(
    DEMO_MARKERS.map(({ type, ...marker }) => ({
      ...marker,
      eventId: match.id,
      markerTypeId: typeId.get(type) ?? null,
      accountId: club,
    })),
  );
}

/**
 * Once the demo video is stored: it becomes the match's replay (unless the match has one), and
 * two clips are cut from its goals with the club's templates. Their video.clip jobs need only
 * the stored original, so they are queued at once, beside the source's encode job.
 */
export async function seedDemoMarkerClips(
  db: Db,
  video: VideoRow,
  videoSeconds: number,
  log: JobLogger,
): Promise<void> {
  const match = await demoMatch(db, video.accountId);
  if (!match) return;
  await db
    .update(events)
    .set({ videoId: video.id })
    .where(and(eq(events.id, match.id), isNull(events.videoId)));
  if (match.videoId !== null && match.videoId !== video.id) return;
  for (const wanted of DEMO_CLIPS) {
    const [marker] = await db
      .select()
      .from(markers)
      .where(and(eq(markers.eventId, match.id), eq(markers.label, wanted.label)))
      .limit(1);
    const [template] = await db
      .select()
      .from(clipTemplates)
      .where(and(eq(clipTemplates.accountId, video.accountId), eq(clipTemplates.name, wanted.template)))
      .limit(1);
    if (!marker || !template) continue;
    const inSeconds = Math.max(0, marker.timeSeconds - template.secondsBefore);
    const end = marker.timeSeconds + (marker.durationSeconds ?? 0) + template.secondsAfter;
    const clipId = await transaction(db, async (tx) => {
      const [clip] = await tx
        .insert(videos)
        .values({
          title: defaultClipTitle(match.name, marker.label),
          sportId: match.sportId,
          state: 'processing',
          ownerId: video.ownerId,
          accountId: video.accountId,
          sourceVideoId: video.id,
          clipInSeconds: inSeconds,
          clipOutSeconds: Math.min(videoSeconds, end),
          clipSkinId: template.clipSkinId,
          clipTemplateId: template.id,
          clipMarkerId: marker.id,
          clipEventId: match.id,
        })
        .returning();
      if (!clip) throw new Error('The demo clip was not created');
      const resource = { accountId: video.accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: clip.id };
      await enqueueJob(tx, clipVideoJob, { videoId: clip.id }, resource);
      return clip.id;
    });
    log.info({ videoId: clipId, markerId: marker.id }, 'demo clip queued');
  }
}
