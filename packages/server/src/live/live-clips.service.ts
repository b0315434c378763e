import { CLIP_MAX_SECONDS, CLIP_MESSAGES } from '@regie/contract/clips';
import { LIVE_LIMITS } from '@regie/contract/live';
import { VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { and, eq, isNull } from 'drizzle-orm';
import { type ClipOwner, type ClipRequest, clipDressing, defaultClipTitle } from '../clips/clips.service.ts';
import { contentLives } from '../db/cameras.table.ts';
import { businessPlayerClips, businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { linkClipGraphics } from '../graphics/graphics.clips.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { liveClipJob } from './live-clip.job.ts';
import { type ContentRef, ofContent, programSegments } from './program.ts';
import { openLive } from './replay.service.ts';

/** Two times closer than this are the same instant (a player's currentTime, rounded durations). */
const TOLERANCE_SECONDS = 0.05;

/**
 * What can be clipped of a live now, in seconds from its start (its first program segment, time
 * 0 of markers and of the replay): from the oldest segment still in the DVR window to the end of
 * the last one indexed.
 */
export interface LiveWindow {
  /** Wall-clock time of second 0. */
  origin: Date;
  fromSeconds: number;
  toSeconds: number;
}

async function contentState(db: Db, content: ContentRef): Promise<{ state: string; name: string } | null> {
  const table = content.kind === 'events' ? events : businessPlayers;
  const [row] = await db.select({ state: table.state, name: table.name }).from(table).where(eq(table.id, content.id));
  return row ?? null;
}

/** The window of a content on air: 409 when it is not live or nothing is recorded yet. */
export async function liveWindow(
  db: Db,
  content: ContentRef & { accountId: number },
  nowMs = Date.now(),
): Promise<LiveWindow> {
  const found = await contentState(db, content);
  if (found?.state !== 'live') throw new HttpError(409, CLIP_MESSAGES.notLive);
  // A content that went live before lives were recorded gets its live now (from its program's start).
  let [live] = await db
    .select()
    .from(contentLives)
    .where(and(ofContent(contentLives, content), isNull(contentLives.endedAt)))
    .limit(1);
  if (!live) {
    await openLive(db, content, content.accountId);
    [live] = await db
      .select()
      .from(contentLives)
      .where(and(ofContent(contentLives, content), isNull(contentLives.endedAt)))
      .limit(1);
  }
  const segments = live ? await programSegments(db, content, { from: live.startedAt }) : [];
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) throw new HttpError(409, CLIP_MESSAGES.liveNothingRecorded);
  const origin = first.startedAt;
  const dvrFrom = nowMs - LIVE_LIMITS.dvrWindowSeconds * 1000;
  const oldest = segments.find((segment) => segment.startedAt.getTime() >= dvrFrom) ?? last;
  const seconds = (at: number) => (at - origin.getTime()) / 1000;
  return {
    origin,
    fromSeconds: seconds(oldest.startedAt.getTime()),
    toSeconds: seconds(last.startedAt.getTime() + last.duration * 1000),
  };
}

/**
 * [in, out] inside the window and no longer than CLIP_MAX_SECONDS (400 naming the field
 * otherwise). With `clamp` (a marker's clip), a range overlapping the window is cut to it.
 */
function rangeIn(window: LiveWindow, request: ClipRequest, clamp: boolean): { inSeconds: number; outSeconds: number } {
  const outside = () => {
    const message = CLIP_MESSAGES.outsideLiveWindow(window.fromSeconds, window.toSeconds);
    return badRequest(message, [{ path: 'inSeconds', message }]);
  };
  let { inSeconds, outSeconds } = request;
  if (clamp) {
    if (inSeconds >= window.toSeconds || outSeconds <= window.fromSeconds) throw outside();
    inSeconds = Math.max(inSeconds, window.fromSeconds);
    outSeconds = Math.min(outSeconds, window.toSeconds);
  }
  if (!(outSeconds > inSeconds)) {
    throw badRequest(CLIP_MESSAGES.inNotBeforeOut, [{ path: 'outSeconds', message: CLIP_MESSAGES.inNotBeforeOut }]);
  }
  if (inSeconds < window.fromSeconds - TOLERANCE_SECONDS || outSeconds > window.toSeconds + TOLERANCE_SECONDS) {
    throw outside();
  }
  if (outSeconds - inSeconds > CLIP_MAX_SECONDS) {
    throw badRequest(CLIP_MESSAGES.tooLong, [{ path: 'outSeconds', message: CLIP_MESSAGES.tooLong }]);
  }
  return {
    inSeconds: Math.max(inSeconds, window.fromSeconds),
    outSeconds: Math.min(outSeconds, window.toSeconds),
  };
}

/**
 * A clip of a content while it is live (POST …/live-clips, or a marker's clip of a live event
 * without a replay yet): the clip video (the content's account, owned by the requester,
 * processing) and its phase-1 job, in one transaction (live/live-clip.job.ts).
 */
export async function createLiveClip(
  db: Db,
  auth: ClipOwner,
  content: ContentRef & { accountId: number },
  request: ClipRequest,
  options: { clamp?: boolean } = {},
): Promise<{ video: VideoRow; job: JobRow }> {
  const window = await liveWindow(db, content);
  const range = rangeIn(window, request, options.clamp ?? false);
  const { accountId } = content;
  const eventId = content.kind === 'events' ? content.id : null;
  const { template, clipSkinId, graphicIds } = await clipDressing(db, accountId, { ...request, eventId });
  const details = await contentState(db, content);
  const sportId =
    content.kind === 'events'
      ? ((await db.select({ sportId: events.sportId }).from(events).where(eq(events.id, content.id)))[0]?.sportId ??
        null)
      : null;
  const at = (seconds: number) => new Date(window.origin.getTime() + seconds * 1000).toISOString();
  return transaction(db, async (tx) => {
    const [video] = await tx
      .insert(videos)
      .values({
        title: request.title ?? defaultClipTitle(details?.name ?? '', 'live clip'),
        sportId,
        state: 'processing',
        published: request.published ?? false,
        ownerId: auth.user?.id ?? null,
        accountId,
        clipInSeconds: range.inSeconds,
        clipOutSeconds: range.outSeconds,
        clipSkinId,
        clipTemplateId: template?.id ?? null,
        clipMarkerId: request.markerId ?? null,
        clipEventId: eventId,
      })
      .returning();
    if (!video) throw new Error('The live clip video was not created');
    await linkClipGraphics(tx, video.id, graphicIds);
    // A conference's clips are its links (GET business-players/{id}/clips lists them).
    if (content.kind === 'business-players') {
      await tx.insert(businessPlayerClips).values({ videoId: video.id, businessPlayerId: content.id });
    }
    const job = await enqueueJob(
      tx,
      liveClipJob,
      {
        videoId: video.id,
        content: { kind: content.kind, id: content.id },
        from: at(range.inSeconds),
        to: at(range.outSeconds),
      },
      { accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: video.id },
    );
    return { video, job };
  });
}
