import type { IncomingMessage } from 'node:http';
import { recordId } from '@regie/contract/accounts';
import { errorBody } from '@regie/contract/auth';
import { GEO_REFUSED_STATUS } from '@regie/contract/geo';
import { LIVE_MEDIA_PATH, LIVE_MESSAGES } from '@regie/contract/live';
import { MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { liveSegments } from '../db/live.table.ts';
import type { CacheBook, MicroCache } from '../http/http.cache.ts';
import { forbidden, notFound } from '../http/http.errors.ts';
import { fileResponse } from '../http/media.schema.ts';
import { PUBLIC } from '../http/responses.schema.ts';
import type { ViewerScopes } from '../playback/viewer-scope.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { sendObject } from '../videos/media.send.ts';
import type { LivePlaylistBook } from './live.playlist-book.ts';
import type { LiveSupervisor } from './live.supervisor.ts';
import type { LiveTokens } from './live.tokens.ts';
import { programPlaylist } from './program.media.ts';
import type { ContentRef } from './program.ts';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/**
 * A playlist changes with each segment (1 or 2 s): a player or a CDN may keep it half a segment.
 * The URL carries its token, which is the authorisation: a shared cache may keep it.
 */
const PLAYLIST_CACHE_CONTROL = 'public, max-age=1';
/** The most a playlist is served from the front cache (each segment or state change ends it sooner). */
const PLAYLIST_FRONT_MS = 1_000;
/** A segment's URL names one sequence of one input, which is never written again. */
const SEGMENT_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const params = z.object({ accountId: recordId, inputId: recordId });
const query = z.object({ [MEDIA_TOKEN_PARAM]: z.string().max(200) });
const SEGMENT_TYPE = 'video/mp2t';
const refusals = { 403: errorBody, 404: errorBody, [GEO_REFUSED_STATUS]: errorBody };
const playlistResponses = { 200: fileResponse('The HLS playlist', [PLAYLIST_TYPE]), ...refusals };
const segmentResponses = {
  200: fileResponse('The segment', [SEGMENT_TYPE]),
  206: fileResponse('Part of the segment (Range)', [SEGMENT_TYPE]),
  ...refusals,
};
// Players send no headers: each URL carries its input's `?t=` token.
const common = { tags: ['live'], security: PUBLIC };

/**
 * An input's live media, outside the API (players send no headers): the live and DVR playlists,
 * built from the segment index, and the segments, each authorised by the input's `?t=` token
 * (the URLs GET streams/{id} gives). A wrong token is a 403, an unknown input or segment a 404.
 */
export const liveMediaRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: ObjectStorage;
  tokens: LiveTokens;
  supervisor: LiveSupervisor;
  playlists: LivePlaylistBook;
  caches: CacheBook;
  scopes: ViewerScopes;
}> = async (app, { db, storage, tokens, supervisor, playlists, caches, scopes }) => {
  /**
   * The input's playlists from memory, once its token is checked; 403 / 404 otherwise, and 451
   * when the token is bound to a viewer's country (geo blocking) and this asker is elsewhere.
   */
  const authorise = async (request: IncomingMessage, accountId: number, inputId: number, token: string) => {
    if (!tokens.verify(token, accountId, inputId)) throw forbidden(LIVE_MESSAGES.linkExpired);
    await scopes.check(request, token);
    const booked = await playlists.read(accountId, inputId);
    if (!booked) throw notFound(LIVE_MESSAGES.notFound(inputId));
    return booked;
  };

  for (const name of ['live', 'dvr'] as const) {
    app.get(
      `${LIVE_MEDIA_PATH}/:accountId/:inputId/${name}.m3u8`,
      {
        // Kept in front (http/front.cache.ts) until the next segment or state change, at most half a segment.
        onSend: caches.front.keeper,
        schema: {
          ...common,
          summary: name === 'live' ? 'The live playlist (sliding, at the edge)' : 'The DVR playlist (last 2 hours)',
          description: `Served from memory, kept by the hub; \`${PLAYLIST_CACHE_CONTROL}\` (half a segment).`,
          params,
          querystring: query,
          response: playlistResponses,
        },
      },
      async (request, reply) => {
        const { accountId, inputId } = request.params;
        const token = request.query[MEDIA_TOKEN_PARAM];
        const booked = await authorise(request.raw, accountId, inputId, token);
        // On air here, or on the live node receiving it (its state, issue 27): the list goes on.
        const ended = !(supervisor.isOnAir(inputId) || booked.state === 'live');
        const text = booked.render(name, ended, token);
        caches.front.keep(request, {
          accountId,
          query: [MEDIA_TOKEN_PARAM],
          tag: `live:${inputId}`,
          ttlMs: PLAYLIST_FRONT_MS,
          valid: booked.unchanged(name, ended),
          admit: scopes.admit(token),
        });
        return reply.header('cache-control', PLAYLIST_CACHE_CONTROL).type(PLAYLIST_TYPE).send(text);
      },
    );
  }

  registerProgramRoutes(app, db, tokens, caches.cache<ProgramText>(), scopes);

  app.get(
    `${LIVE_MEDIA_PATH}/:accountId/:inputId/:segment`,
    {
      schema: {
        ...common,
        summary: 'A live segment (MPEG-TS)',
        description: `A sequence is never written twice: \`${SEGMENT_CACHE_CONTROL}\`.`,
        params: params.extend({ segment: z.string().regex(/^\d{1,9}\.ts$/) }),
        querystring: query,
        response: segmentResponses,
      },
    },
    async (request, reply) => {
      const { accountId, inputId, segment } = request.params;
      const booked = await authorise(request.raw, accountId, inputId, request.query[MEDIA_TOKEN_PARAM]);
      const sequence = Number.parseInt(segment, 10);
      let path = booked.pathOf(sequence);
      if (path === null) {
        // Older than the DVR window, or indexed a moment ago on another node: the index says.
        const [row] = await db
          .select({ path: liveSegments.path })
          .from(liveSegments)
          .where(and(eq(liveSegments.inputId, inputId), eq(liveSegments.sequence, sequence)))
          .limit(1);
        if (!row) throw notFound(LIVE_MESSAGES.segmentNotFound);
        path = row.path;
      }
      return sendObject(reply, storage, path, request.headers.range, {
        contentType: SEGMENT_TYPE,
        cacheControl: SEGMENT_CACHE_CONTROL,
        notFoundMessage: LIVE_MESSAGES.segmentNotFound,
      });
    },
  );
};

const programParams = z.object({
  accountId: recordId,
  kind: z.enum(['events', 'business-players']),
  contentId: recordId,
  name: z.enum(['live.m3u8', 'dvr.m3u8']),
});

/** The state of the content (live or not), if it is the account's; null otherwise. */
async function contentState(db: Db, accountId: number, content: ContentRef): Promise<string | null> {
  const table = content.kind === 'events' ? events : businessPlayers;
  const [row] = await db
    .select({ state: table.state })
    .from(table)
    .where(and(eq(table.id, content.id), eq(table.accountId, accountId)))
    .limit(1);
  return row?.state ?? null;
}

/** A content's program (cameras and switches, program.ts): its live and DVR playlists, signed by `?t=`. */
/** A program playlist as made for everyone: its state and text (its segment URLs carry their own tokens). */
interface ProgramText {
  state: string | null;
  text: string;
}

/**
 * A program's playlists, kept in memory a second per program (a crowd's asks cost one read a
 * second), dropped at once by a staff write of the account on this process (a camera switch).
 */
function registerProgramRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  db: Db,
  tokens: LiveTokens,
  made: MicroCache<ProgramText>,
  scopes: ViewerScopes,
): void {
  app.get(
    `${LIVE_MEDIA_PATH}/:accountId/program/:kind/:contentId/:name`,
    {
      schema: {
        ...common,
        summary: 'The program of an event or conference: its live edge or its DVR window, across cameras',
        params: programParams,
        querystring: query,
        response: playlistResponses,
      },
    },
    async (request, reply) => {
      const { accountId, kind, contentId, name } = request.params;
      const content: ContentRef = { kind, id: contentId };
      const token = request.query[MEDIA_TOKEN_PARAM];
      if (!tokens.verifyProgram(token, accountId, content)) throw forbidden(LIVE_MESSAGES.linkExpired);
      // A viewer's program (geo blocking, fans only, paid): its segments signed for their scope too.
      const scope = (await scopes.check(request.raw, token)) ?? undefined;
      const { state, text } = await made.get(accountId, `${kind}/${contentId}/${name}/${scope ?? ''}`, async () => {
        const found = await contentState(db, accountId, content);
        if (found === null) return { state: null, text: '' };
        const playlist = await programPlaylist(db, tokens, {
          accountId,
          content,
          name: name === 'live.m3u8' ? 'live' : 'dvr',
          ended: found !== 'live',
          scope,
        });
        return { state: found, text: playlist };
      });
      if (state === null) throw notFound(LIVE_MESSAGES.segmentNotFound);
      return reply.header('cache-control', PLAYLIST_CACHE_CONTROL).type(PLAYLIST_TYPE).send(text);
    },
  );
}
