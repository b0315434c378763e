import { clipPaths } from '@regie/contract/clips';
import { type AccountClipsQuery, accountClipsQuery, accountClipsResponse } from '@regie/contract/clips.schemas';
import { and, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { events } from '../db/events.table.ts';
import { videos } from '../db/videos.table.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { likePattern } from '../resources/resources.query.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import { type AuthContext, authOf, type Guard } from '../tenancy/tenancy.guards.ts';
import { listClips } from './clips.service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The conditions of the account's clips list: clip videos only (clipInSeconds is set on clips
 * only), of the event, in the state, cut from a live (no source video: live/live-clips.service.ts)
 * or from a video, with the words in their title.
 */
function clipConditions(query: AccountClipsQuery): SQL {
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [
    isNotNull(videos.clipInSeconds),
    query.eventId === undefined ? undefined : eq(videos.clipEventId, query.eventId),
    query.state === undefined ? undefined : eq(videos.state, query.state),
    query.origin === 'live' ? isNull(videos.sourceVideoId) : undefined,
    query.origin === 'replay' ? isNotNull(videos.sourceVideoId) : undefined,
    search ? ilike(videos.title, likePattern(search)) : undefined,
    query.ids === undefined ? undefined : inArray(videos.id, query.ids.split(',').map(Number)),
  ];
  return and(...conditions) ?? isNotNull(videos.clipInSeconds);
}

/** GET clips: the account's clips (the request's: visibleRows), newest first, and their events' names. */
export async function listAccountClips(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  query: AccountClipsQuery,
) {
  const page = await listClips(engine, entry, auth, clipConditions(query), query);
  const ids = page.data.map((clip) => clip.id);
  // The events of the clips listed (the clips are visible: their events are of the same account).
  const named =
    ids.length === 0
      ? []
      : await engine.db
          .selectDistinct({ id: events.id, name: events.name })
          .from(events)
          .innerJoin(videos, and(eq(videos.clipEventId, events.id), eq(videos.accountId, events.accountId)))
          .where(inArray(videos.id, ids));
  return { ...page, events: named };
}

export function accountClipsRoute(app: App, context: { engine: Engine; videosEntry: ResourceEntry; onClip: Guard }) {
  const { engine, videosEntry, onClip } = context;
  app.get(
    clipPaths.list,
    {
      onRequest: onClip,
      schema: {
        tags: ['clips'],
        security: BEARER,
        summary: 'The clips of the account, newest first: by event, state and origin (live or replay), searched',
        description:
          'Clips cut from a live have no source video (origin=live); those cut from a video, an event’s replay ' +
          'among them, have one (origin=replay). `events` names the events of the listed clips.',
        querystring: accountClipsQuery,
        response: { 200: accountClipsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAccountClips(engine, videosEntry, authOf(request), request.query),
  );
}
