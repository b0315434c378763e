import { CLIP_MESSAGES } from '@regie/contract/clips';
import type { ClipSourcesResponse, MarkerClipBody } from '@regie/contract/clips.schemas';
import type { PeriodStart } from '@regie/contract/match-clock';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { markers } from '../db/events.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { assertMayRead, visibleRows } from '../resources/resources.access.ts';
import { likePattern } from '../resources/resources.query.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry, Row } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { playbackOf, type VideosEntry } from '../videos/videos.resource.ts';
import { markerClipTitle, markerTypeName } from './clip-title.ts';
import { type ClipRequest, defaultTemplate, findTemplate, templateSeconds } from './clips.service.ts';

/** An event the request may see (404 naming it otherwise: another account's included). */
export async function findEvent(engine: Engine, entry: ResourceEntry, auth: AuthContext, id: number): Promise<Row> {
  // Clipping an event's markers needs reading the event (a video writer alone may not).
  assertMayRead(entry.definition, auth);
  try {
    return await findVisible(engine, entry, auth, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(CLIP_MESSAGES.eventNotFound(id));
    throw error;
  }
}

/** A marker's clip: from the event's video, or from its live while it has no replay yet. */
export type MarkerClip =
  | { kind: 'video'; source: VideoRow; clip: ClipRequest }
  | { kind: 'live'; event: { id: number; accountId: number }; clip: ClipRequest };

type MarkerRow = typeof markers.$inferSelect;

/**
 * A marker's clip of a live event with no video yet: the same timings counted from the live's
 * start (marker time 0 is the live's first program segment), cut from the live's segments
 * (live/live-clips.service.ts, which keeps it inside the DVR window).
 */
async function liveMarkerClip(
  engine: Engine,
  event: { id: number; accountId: number },
  marker: MarkerRow,
  input: { offset: number | undefined; body: MarkerClipBody; title: string },
): Promise<MarkerClip> {
  const { clipTemplateId } = input.body;
  const template =
    typeof clipTemplateId === 'number'
      ? await findTemplate(engine.db, event.accountId, clipTemplateId)
      : clipTemplateId === null
        ? null
        : await defaultTemplate(engine.db, event.accountId);
  const seconds = templateSeconds(template);
  return {
    kind: 'live',
    event,
    clip: {
      inSeconds: Math.max(0, marker.timeSeconds - (input.offset ?? seconds.before)),
      outSeconds: marker.timeSeconds + (marker.durationSeconds ?? 0) + seconds.after,
      title: input.title,
      clipTemplateId: template?.id ?? null,
      clipSkinId: input.body.clipSkinId,
      markerId: marker.id,
      eventId: event.id,
      graphicIds: input.body.graphicIds,
    },
  };
}

/**
 * What POST events/{id}/markers/{markerId}/clips?offset=n cuts: from `offset` seconds before the
 * marker (default the template's secondsBefore) to the template's secondsAfter past its end,
 * within the event's video. The template is the given one, else the account's default (null in
 * the body: none, the contract's default timings and no skin).
 */
export async function markerClipRequest(
  engine: Engine,
  entries: { videosEntry: VideosEntry; eventsEntry: ResourceEntry },
  auth: AuthContext,
  input: { eventId: number; markerId: number; offset: number | undefined; body: MarkerClipBody },
): Promise<MarkerClip> {
  const event = await findEvent(engine, entries.eventsEntry, auth, input.eventId);
  const eventId = Number(event.id);
  const [marker] = await engine.db
    .select()
    .from(markers)
    .where(and(eq(markers.id, input.markerId), eq(markers.eventId, eventId)))
    .limit(1);
  if (!marker) throw notFound(CLIP_MESSAGES.markerNotFound(input.markerId));
  const title =
    input.body.title ??
    markerClipTitle({
      eventName: String(event.name),
      periods: Array.isArray(event.periods) ? (event.periods as PeriodStart[]) : null,
      marker,
      typeName: await markerTypeName(engine.db, marker.markerTypeId),
    });
  if (typeof event.videoId !== 'number' && event.state === 'live') {
    return liveMarkerClip(engine, { id: eventId, accountId: Number(event.accountId) }, marker, { ...input, title });
  }
  if (typeof event.videoId !== 'number') throw new HttpError(409, CLIP_MESSAGES.eventHasNoVideo(eventId));
  const source = await findVisible(engine, entries.videosEntry, auth, event.videoId);
  const { clipTemplateId } = input.body;
  const template =
    typeof clipTemplateId === 'number'
      ? await findTemplate(engine.db, source.accountId, clipTemplateId)
      : clipTemplateId === null
        ? null
        : await defaultTemplate(engine.db, source.accountId);
  const seconds = templateSeconds(template);
  if (source.duration !== null && marker.timeSeconds >= source.duration) {
    throw badRequest(CLIP_MESSAGES.markerBeyondVideo);
  }
  const end = marker.timeSeconds + (marker.durationSeconds ?? 0) + seconds.after;
  return {
    kind: 'video',
    source,
    clip: {
      inSeconds: Math.max(0, marker.timeSeconds - (input.offset ?? seconds.before)),
      outSeconds: source.duration === null ? end : Math.min(source.duration, end),
      title,
      clipTemplateId: template?.id ?? null,
      // Left out: the template's skin (createClip); given: this one, or none.
      clipSkinId: input.body.clipSkinId,
      markerId: marker.id,
      eventId,
      graphicIds: input.body.graphicIds,
    },
  };
}

/** GET clips/sources: the ready videos the request may see, newest first, as players need them. */
export async function listSources(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<ClipSourcesResponse> {
  const search = query.search?.trim();
  const where = and(
    eq(videos.state, 'ready'),
    visibleRows(entry, auth),
    search ? ilike(videos.title, likePattern(search)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    engine.db
      .select()
      .from(videos)
      .where(where)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(query.limit)
      .offset(query.offset),
    engine.db.select({ total: count() }).from(videos).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      duration: row.duration,
      width: row.width,
      height: row.height,
      playback: playbackOf(row, engine.present),
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}
