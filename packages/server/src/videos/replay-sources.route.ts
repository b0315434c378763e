import type { AccessRule } from '@regie/contract/access';
import { clipSourcesQuery, clipSourcesResponse } from '@regie/contract/clips.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSources } from '../clips/clips.markers.ts';
import { videos } from '../db/videos.table.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { type Engine, entryOf } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * GET {path}: the account's ready videos a writer of events or conferences may choose as the
 * replay, newest first, found by title. Their writers need it without reading the video library
 * (spec §6 gives a producer no video role): the same answer as the clip sources.
 */
export function registerReplaySources(
  app: App,
  options: { path: string; rule: AccessRule; tag: string; engine: Engine; guards: Guards },
): void {
  const { engine, guards } = options;
  const videosEntry = entryOf(engine, videos);
  // A registry without videos (a test of other resources) has no replay to choose.
  if (!videosEntry) return;
  app.get(
    options.path,
    {
      onRequest: guards.requireRule(options.rule),
      schema: {
        tags: [options.tag],
        security: BEARER,
        summary: 'The ready videos of the account it may take as its replay, newest first',
        querystring: clipSourcesQuery,
        response: { 200: clipSourcesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSources(engine, videosEntry, authOf(request), request.query),
  );
}
