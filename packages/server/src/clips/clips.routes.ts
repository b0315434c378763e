import { CAMERA_CONTENT_KINDS } from '@regie/contract/cameras';
import { CLIP_RULE, clipPaths, LIVE_EVENT_WINDOW_RULES } from '@regie/contract/clips';
import {
  clipListQuery,
  clipListResponse,
  clipResponse,
  clipSourcesQuery,
  clipSourcesResponse,
  createClipBody,
  eventIdParams,
  liveClipBody,
  liveClipParams,
  liveWindowResponse,
  markerClipBody,
  markerClipParams,
  markerClipQuery,
} from '@regie/contract/clips.schemas';
import { videoIdParams } from '@regie/contract/videos.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import { videos } from '../db/videos.table.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { findScopedContent } from '../live/cameras.service.ts';
import { createLiveClip, liveWindow } from '../live/live-clips.service.ts';
import { findVisible } from '../resources/resources.service.ts';
import { type Engine, entryOf, type ResourceEntry } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guard, type Guards } from '../tenancy/tenancy.guards.ts';
import { recordedClip } from './clips.audit.ts';
import { accountClipsRoute } from './clips.list.ts';
import { findEvent, listSources, markerClipRequest } from './clips.markers.ts';
import { createClip, listClips, presentClip } from './clips.service.ts';

export interface ClipRoutesOptions {
  engine: Engine;
  guards: Guards;
}

type App = Parameters<FastifyPluginAsyncZod<ClipRoutesOptions>>[0];

/** What every clip call needs: the engine, the two resources clips are made from, the CLIP_RULE guard. */
interface ClipRouteContext {
  engine: Engine;
  videosEntry: ResourceEntry<typeof videos>;
  eventsEntry: ResourceEntry;
  onClip: Guard;
  /** A live event's window: its clippers and its marker writers (contract LIVE_EVENT_WINDOW_RULES). */
  onWindow: Guard;
}

const common = { tags: ['clips'], security: BEARER };

/** Clips of one video: cut one, list them. */
function videoClipRoutes(app: App, { engine, videosEntry, onClip }: ClipRouteContext): void {
  app.post(
    clipPaths.videoClips(':id'),
    {
      onRequest: onClip,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Cuts a clip of a ready video into a new video (a video.clip job, then its encode job)',
        description:
          'Frame-accurate: stream copy when both points fall on keyframes, re-encoded otherwise; with a skin, one ' +
          'ffmpeg run adds the pre-roll, overlay and post-roll. Progress: GET /main-api/jobs?resourceType=Video&resourceId={clip id}.',
        params: videoIdParams,
        body: createClipBody,
        response: { 202: clipResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const source = await findVisible(engine, videosEntry, auth, request.params.id);
      const created = await recordedClip(engine.db, auditSourceOf(request), (tx) =>
        createClip(tx, auth, source, request.body),
      );
      return reply.code(202).send(await presentClip(engine, videosEntry, created, auth));
    },
  );

  app.get(
    clipPaths.videoClips(':id'),
    {
      onRequest: onClip,
      schema: {
        ...common,
        summary: 'The clips cut from a video, newest first',
        params: videoIdParams,
        querystring: clipListQuery,
        response: { 200: clipListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const source = await findVisible(engine, videosEntry, auth, request.params.id);
      return listClips(engine, videosEntry, auth, eq(videos.sourceVideoId, source.id), request.query);
    },
  );
}

/** Clips of an event: cut one around a marker, list them. */
function eventClipRoutes(app: App, { engine, videosEntry, eventsEntry, onClip }: ClipRouteContext): void {
  app.post(
    clipPaths.markerClips(':id', ':markerId'),
    {
      onRequest: onClip,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Cuts a clip around an event's marker, from the event's video",
        description:
          'Starts `offset` seconds before the marker (default: the template’s secondsBefore) and ends the template’s ' +
          'secondsAfter after the marker’s end. The template is the given one, else the account’s default one; ' +
          'the skin is clipSkinId when given (null: none), else the template’s. While the event is live and has ' +
          'no video yet, the clip is cut from the live (as POST events/{id}/live-clips, the range kept inside ' +
          'its DVR window).',
        params: markerClipParams,
        querystring: markerClipQuery,
        body: markerClipBody,
        response: { 202: clipResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const made = await markerClipRequest(engine, { videosEntry, eventsEntry }, auth, {
        eventId: request.params.id,
        markerId: request.params.markerId,
        offset: request.query.offset,
        body: request.body ?? {},
      });
      const created = await recordedClip(engine.db, auditSourceOf(request), (tx) =>
        made.kind === 'video'
          ? createClip(tx, auth, made.source, made.clip)
          : createLiveClip(
              tx,
              auth,
              { kind: 'events', id: made.event.id, accountId: made.event.accountId },
              made.clip,
              { clamp: true },
            ),
      );
      return reply.code(202).send(await presentClip(engine, videosEntry, created, auth));
    },
  );

  app.get(
    clipPaths.eventClips(':id'),
    {
      onRequest: onClip,
      schema: {
        ...common,
        summary: "The clips made from an event's markers, newest first",
        params: eventIdParams,
        querystring: clipListQuery,
        response: { 200: clipListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const event = await findEvent(engine, eventsEntry, auth, request.params.id);
      return listClips(engine, videosEntry, auth, eq(videos.clipEventId, Number(event.id)), request.query);
    },
  );
}

/** Clips of an event or a conference while it is live (contract clipPaths.liveClips). */
function liveClipRoutes(app: App, { engine, videosEntry, onClip, onWindow }: ClipRouteContext): void {
  for (const kind of CAMERA_CONTENT_KINDS) {
    app.post(
      clipPaths.liveClips(kind, ':id'),
      {
        onRequest: onClip,
        config: { audit: 'entry' },
        schema: {
          ...common,
          summary: 'Clips a live: [inSeconds, outSeconds] from its start, inside its DVR window',
          description:
            'Two phases, each a durable job on the clip video (GET /main-api/jobs?resourceType=Video&resourceId=…): ' +
            'live.clip joins the segments around the range as they are and makes the video ready (playable at ' +
            'once, segment-accurate); live.clip-render then cuts it frame-accurately in its skin, and its encode ' +
            'replaces the first media. 409 when the content is not live or nothing is recorded yet; 400 out of ' +
            'the window (the message gives it).',
          params: liveClipParams,
          body: liveClipBody,
          response: { 202: clipResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const content = await findScopedContent(engine.db, auth, { kind, id: request.params.id });
        const created = await recordedClip(
          engine.db,
          auditSourceOf(request),
          (tx) => createLiveClip(tx, auth, content, request.body),
          kind === 'business-players' ? { businessPlayerId: { before: null, after: content.id } } : {},
        );
        return reply.code(202).send(await presentClip(engine, videosEntry, created, auth));
      },
    );
    app.get(
      clipPaths.liveWindow(kind, ':id'),
      {
        onRequest: kind === 'events' ? onWindow : onClip,
        schema: {
          ...common,
          summary: 'What can be clipped of a live now, in seconds from its start, and the time of its second 0',
          description:
            'A player maps its position to the clip times with `origin`: seconds = program date of the frame − ' +
            'origin. 409 when the content is not live or nothing is recorded yet.',
          params: liveClipParams,
          response: { 200: liveWindowResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const content = await findScopedContent(engine.db, authOf(request), { kind, id: request.params.id });
        const window = await liveWindow(engine.db, content);
        return { origin: window.origin.toISOString(), fromSeconds: window.fromSeconds, toSeconds: window.toSeconds };
      },
    );
  }
}

function sourcesRoute(app: App, { engine, videosEntry, onClip }: ClipRouteContext): void {
  app.get(
    clipPaths.sources,
    {
      onRequest: onClip,
      schema: {
        ...common,
        summary: 'The ready videos of the account that can be clipped, newest first',
        description: 'For users who may clip without reading the video library (clip_only).',
        querystring: clipSourcesQuery,
        response: { 200: clipSourcesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSources(engine, videosEntry, authOf(request), request.query),
  );
}

/**
 * The clip engine's calls (contract clips.ts): cut a clip from a video or around an event's
 * marker, list the clips, and the videos that can be clipped. Every call needs CLIP_RULE; the
 * source, event, skin and template must belong to the request's account (404 / 400 otherwise).
 */
export const clipRoutes: FastifyPluginAsyncZod<ClipRoutesOptions> = async (app, { engine, guards }) => {
  const videosEntry = entryOf(engine, videos);
  const eventsEntry = engine.byName('events');
  if (!videosEntry || !eventsEntry) return;
  const context: ClipRouteContext = {
    engine,
    videosEntry,
    eventsEntry,
    onClip: guards.requireRule(CLIP_RULE),
    onWindow: guards.requireAnyRule(LIVE_EVENT_WINDOW_RULES),
  };
  app.addHook('preValidation', ignoreClientAccountKeys);
  videoClipRoutes(app, context);
  eventClipRoutes(app, context);
  liveClipRoutes(app, context);
  sourcesRoute(app, context);
  accountClipsRoute(app, context);
};
