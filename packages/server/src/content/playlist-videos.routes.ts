import { recordId } from '@regie/contract/accounts';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import {
  PLAYLIST_VIDEO_MESSAGES,
  playlistsResource,
  playlistVideosBody,
  playlistVideosPath,
} from '@regie/contract/resources/playlists';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { playlists, playlistVideos } from '../db/playlists.table.ts';
import { transaction } from '../db/transactions.ts';
import { videos } from '../db/videos.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayChange, assertMayRead, assertMayWrite, visibleRows } from '../resources/resources.access.ts';
import { plainJson } from '../resources/resources.http.ts';
import { allOf } from '../resources/resources.query.ts';
import { findVisible, presentRows } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';

const response = z.object({ data: z.array(z.looseObject({ id: z.number() })) });

/**
 * PUT /main-api/playlists/{id}/videos: the playlist's videos in their new order. One call adds,
 * removes and reorders, so the stored order is always the one a user saw; reading is
 * GET playlists/{id}?expand=[Video].
 */
export const playlistVideosRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const playlistsEntry = engine.byName(playlistsResource.name);
  const videosEntry = engine.byName('videos');
  // A registry without videos (a test of other content) has nothing to put in a playlist.
  if (!playlistsEntry || !videosEntry) return;

  app.put(
    playlistVideosPath(':id'),
    {
      onRequest: guards.requireAuth,
      // The playlist's entry (an update of its `videoIds`) only when the list or its order changes.
      config: { audit: 'entry-if-changed' },
      serializerCompiler: plainJson,
      schema: {
        tags: ['playlists'],
        security: BEARER,
        summary: "Sets a playlist's videos, in order: videos of the playlist's account, each once",
        params: z.object({ id: recordId }),
        body: playlistVideosBody,
        response: { 200: response, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayWrite(playlistsEntry.definition, auth);
      // Choosing videos means reading them: the same rule as expand=[Video].
      assertMayRead(videosEntry.definition, auth);
      const playlist = await findVisible(engine, playlistsEntry, auth, request.params.id);
      assertMayChange(playlistsEntry, auth, playlist);
      const accountId = Number(playlist.accountId);
      const { videoIds } = request.body;
      const found = await linkableVideos(engine, videosEntry, auth, accountId, videoIds);
      const missing = videoIds.flatMap((videoId, index) => (found.has(videoId) ? [] : [{ videoId, index }]));
      if (missing.length) {
        const errors = missing.map(({ videoId, index }) => ({
          path: `videoIds.${index}`,
          message: PLAYLIST_VIDEO_MESSAGES.unknownVideo(videoId),
        }));
        throw badRequest(errors[0]?.message ?? HTTP_MESSAGES.validationFailed, errors);
      }
      await transaction(engine.db, async (tx) => {
        // Two saves of one playlist at once: the second waits, then replaces the first's list.
        await tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, request.params.id)).for('update');
        const before = await tx
          .select({ videoId: playlistVideos.videoId })
          .from(playlistVideos)
          .where(eq(playlistVideos.playlistId, request.params.id))
          .orderBy(asc(playlistVideos.position));
        const videoIdsBefore = before.map((row) => row.videoId);
        if (videoIdsBefore.join() !== videoIds.join()) {
          await writeAudit(tx, auditSourceOf(request), {
            accountId,
            resource: playlistsResource.name,
            resourceId: request.params.id,
            action: 'update',
            changes: { videoIds: { before: videoIdsBefore, after: [...videoIds] } },
          });
        }
        await tx.delete(playlistVideos).where(eq(playlistVideos.playlistId, request.params.id));
        if (videoIds.length) {
          await tx
            .insert(playlistVideos)
            .values(
              videoIds.map((videoId, position) => ({ playlistId: request.params.id, videoId, position, accountId })),
            );
        }
      });
      const rows = [...found.values()];
      const presented = await presentRows(engine, videosEntry, rows, auth);
      const byId = new Map(presented.map((record) => [Number(record.id), { ...record, id: Number(record.id) }]));
      return { data: videoIds.flatMap((videoId) => byId.get(videoId) ?? []) };
    },
  );
};

/**
 * The listed videos the caller may link: visible to them and of the playlist's own account
 * (an admin acting for no account sees every account's videos, and must not mix them).
 */
async function linkableVideos(
  engine: Engine,
  videosEntry: ResourceEntry,
  auth: ReturnType<typeof authOf>,
  accountId: number,
  videoIds: readonly number[],
) {
  if (videoIds.length === 0) return new Map<number, Record<string, unknown>>();
  const rows = await engine.db
    .select()
    .from(videos)
    .where(
      allOf(and(inArray(videos.id, [...videoIds]), eq(videos.accountId, accountId)), visibleRows(videosEntry, auth)),
    );
  return new Map<number, Record<string, unknown>>(rows.map((row) => [row.id, row]));
}
