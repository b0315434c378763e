import { recordId } from '@regie/contract/accounts';
import { errorBody } from '@regie/contract/auth';
import { LIVE_LIMITS, LIVE_MEDIA_PATH, LIVE_MESSAGES } from '@regie/contract/live';
import { MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { liveInputs, liveSegments } from '../db/live.table.ts';
import { forbidden, notFound } from '../http/http.errors.ts';
import { PUBLIC } from '../http/responses.schema.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { sendObject } from '../videos/media.send.ts';
import { type IndexedSegment, mediaPlaylist } from './live.playlists.ts';
import type { LiveSupervisor } from './live.supervisor.ts';
import type { LiveTokens } from './live.tokens.ts';
import { programPlaylist } from './program.media.ts';
import type { ContentRef } from './program.ts';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const params = z.object({ accountId: recordId, inputId: recordId });
const query = z.object({ [MEDIA_TOKEN_PARAM]: z.string().max(200) });
const responses = { 200: z.unknown().describe('The file'), 206: z.unknown(), 403: errorBody, 404: errorBody };
// Players send no headers: each URL carries its input's `?t=` token.
const common = { tags: ['live'], security: PUBLIC };

const segmentColumns = {
  sequence: liveSegments.sequence,
  startedAt: liveSegments.startedAt,
  duration: liveSegments.duration,
  discontinuity: liveSegments.discontinuity,
};

/** The live edge: the last LIVE_LIMITS.liveSegments segments, in order. */
async function liveEdge(db: Db, inputId: number): Promise<IndexedSegment[]> {
  const rows = await db
    .select(segmentColumns)
    .from(liveSegments)
    .where(eq(liveSegments.inputId, inputId))
    .orderBy(desc(liveSegments.sequence))
    .limit(LIVE_LIMITS.liveSegments);
  return rows.reverse();
}

/** The DVR window: the segments of the last LIVE_LIMITS.dvrWindowSeconds, in order. */
function dvrWindow(db: Db, inputId: number): Promise<IndexedSegment[]> {
  const since = new Date(Date.now() - LIVE_LIMITS.dvrWindowSeconds * 1000);
  return db
    .select(segmentColumns)
    .from(liveSegments)
    .where(and(eq(liveSegments.inputId, inputId), gte(liveSegments.startedAt, since)))
    .orderBy(asc(liveSegments.sequence));
}

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
}> = async (app, { db, storage, tokens, supervisor }) => {
  const authorise = async (accountId: number, inputId: number, token: string) => {
    if (!tokens.verify(token, accountId, inputId)) throw forbidden(LIVE_MESSAGES.linkExpired);
    const [input] = await db
      .select({ id: liveInputs.id, state: liveInputs.state })
      .from(liveInputs)
      .where(and(eq(liveInputs.id, inputId), eq(liveInputs.accountId, accountId)))
      .limit(1);
    if (!input) throw notFound(LIVE_MESSAGES.notFound(inputId));
    return input;
  };

  for (const [name, read] of [
    ['live', liveEdge],
    ['dvr', dvrWindow],
  ] as const) {
    app.get(
      `${LIVE_MEDIA_PATH}/:accountId/:inputId/${name}.m3u8`,
      {
        schema: {
          ...common,
          summary: name === 'live' ? 'The live playlist (sliding, at the edge)' : 'The DVR playlist (last 2 hours)',
          params,
          querystring: query,
          response: responses,
        },
      },
      async (request, reply) => {
        const { accountId, inputId } = request.params;
        const token = request.query[MEDIA_TOKEN_PARAM];
        const input = await authorise(accountId, inputId, token);
        const text = mediaPlaylist(await read(db, inputId), {
          uri: (sequence) => `${sequence}.ts?${MEDIA_TOKEN_PARAM}=${token}`,
          // On air here, or on the live node receiving it (its state, issue 27): the list goes on.
          ended: !(supervisor.isOnAir(inputId) || input.state === 'live'),
        });
        return reply.header('cache-control', 'no-cache').type(PLAYLIST_TYPE).send(text);
      },
    );
  }

  registerProgramRoutes(app, db, tokens);

  app.get(
    `${LIVE_MEDIA_PATH}/:accountId/:inputId/:segment`,
    {
      schema: {
        ...common,
        summary: 'A live segment (MPEG-TS)',
        params: params.extend({ segment: z.string().regex(/^\d{1,9}\.ts$/) }),
        querystring: query,
        response: responses,
      },
    },
    async (request, reply) => {
      const { accountId, inputId, segment } = request.params;
      await authorise(accountId, inputId, request.query[MEDIA_TOKEN_PARAM]);
      const [row] = await db
        .select({ path: liveSegments.path })
        .from(liveSegments)
        .where(and(eq(liveSegments.inputId, inputId), eq(liveSegments.sequence, Number.parseInt(segment, 10))))
        .limit(1);
      if (!row) throw notFound(LIVE_MESSAGES.segmentNotFound);
      return sendObject(reply, storage, row.path, request.headers.range, {
        contentType: 'video/mp2t',
        cacheControl: 'private, max-age=3600',
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
function registerProgramRoutes(app: Parameters<FastifyPluginAsyncZod>[0], db: Db, tokens: LiveTokens): void {
  app.get(
    `${LIVE_MEDIA_PATH}/:accountId/program/:kind/:contentId/:name`,
    {
      schema: {
        ...common,
        summary: 'The program of an event or conference: its live edge or its DVR window, across cameras',
        params: programParams,
        querystring: query,
        response: responses,
      },
    },
    async (request, reply) => {
      const { accountId, kind, contentId, name } = request.params;
      const content: ContentRef = { kind, id: contentId };
      if (!tokens.verifyProgram(request.query[MEDIA_TOKEN_PARAM], accountId, content)) {
        throw forbidden(LIVE_MESSAGES.linkExpired);
      }
      const state = await contentState(db, accountId, content);
      if (state === null) throw notFound(LIVE_MESSAGES.segmentNotFound);
      const text = await programPlaylist(db, tokens, {
        accountId,
        content,
        name: name === 'live.m3u8' ? 'live' : 'dvr',
        ended: state !== 'live',
      });
      return reply.header('cache-control', 'no-cache').type(PLAYLIST_TYPE).send(text);
    },
  );
}
