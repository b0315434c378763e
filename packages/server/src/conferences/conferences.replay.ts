import { conferencePaths } from '@regie/contract/conferences';
import { conferenceIdParams, conferenceReplay } from '@regie/contract/conferences.schemas';
import { CONFERENCE_WRITE_RULE } from '@regie/contract/resources/business-players';
import { and, eq } from 'drizzle-orm';
import { videos } from '../db/videos.table.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayRead, visibleRows } from '../resources/resources.access.ts';
import { authOf } from '../tenancy/tenancy.guards.ts';
import { registerReplaySources } from '../videos/replay-sources.route.ts';
import { playbackOf } from '../videos/videos.resource.ts';
import type { ConferenceRouteContext, ConferencesApp } from './conferences.context.ts';
import { findConference } from './conferences.find.ts';

const common = { tags: ['business-players'], security: BEARER };

/**
 * The replay in the chapters editor and the clip workspace (GET …/replay), and the videos a
 * writer may choose as a replay (GET business-players/replay-sources): conference people need
 * the player without reading the video library (spec §6 gives them no video role).
 */
export function registerReplayRoutes(app: ConferencesApp, context: ConferenceRouteContext): void {
  const { engine, entry, videosEntry, guards } = context;
  registerReplaySources(app, {
    path: conferencePaths.replaySources,
    rule: CONFERENCE_WRITE_RULE,
    tag: 'business-players',
    engine,
    guards,
  });

  app.get(
    conferencePaths.replay(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: "A conference's replay video, as the player needs it (null without a ready one)",
        params: conferenceIdParams,
        response: { 200: conferenceReplay, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(entry.definition, auth);
      const conference = await findConference(engine, entry, auth, request.params.id);
      if (conference.videoId === null) return { video: null };
      const [row] = await engine.db
        .select()
        .from(videos)
        .where(and(eq(videos.id, conference.videoId), eq(videos.state, 'ready'), visibleRows(videosEntry, auth)))
        .limit(1);
      if (!row) return { video: null };
      const video = {
        id: row.id,
        title: row.title,
        duration: row.duration,
        width: row.width,
        height: row.height,
        playback: playbackOf(row, engine.present),
        createdAt: row.createdAt.toISOString(),
      };
      return { video };
    },
  );
}
