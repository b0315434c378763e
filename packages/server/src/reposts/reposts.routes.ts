import { eventIdParams } from '@regie/contract/clips.schemas';
import {
  REPOST_READ_RULE,
  REPOST_WRITE_RULE,
  repostBody,
  repostListResponse,
  repostPaths,
  repostResponse,
} from '@regie/contract/reposts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { VideosConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { findScopedEvent } from '../graphics/event-scope.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { createShareAdapters } from '../videos/share.adapters.ts';
import { listReposts, repost, repostVideo } from './reposts.service.ts';

export interface RepostsRoutesOptions {
  db: Db;
  guards: Guards;
  config: { videos: Pick<VideosConfig, 'share'> };
}

const common = { tags: ['reposts'], security: BEARER };

/** POST/GET events/{id}/reposts (contract reposts.ts): through the share adapters and their video.share job. */
export const repostsRoutes: FastifyPluginAsyncZod<RepostsRoutesOptions> = async (app, { db, guards, config }) => {
  const adapters = createShareAdapters(config.videos);
  app.addHook('preValidation', ignoreClientAccountKeys);

  app.post(
    repostPaths.list(':id'),
    {
      onRequest: guards.requireRule(REPOST_WRITE_RULE),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Reposts the event's replay, or one of its clips, to social platforms",
        description:
          'One video.share job per target configured on this server and linked by the user; the other targets ' +
          "answer 'not-configured' or 'not-linked'. 409: no replay, or the video is not ready.",
        params: eventIdParams,
        body: repostBody,
        response: { 202: repostResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const event = await findScopedEvent(db, auth, request.params.id);
      const video = await repostVideo(db, event, request.body.videoId);
      const results = await transaction(db, async (tx) => {
        const made = await repost(
          tx,
          adapters,
          {
            event,
            video,
            userId: auth.user.id,
            targets: request.body.targets,
            ...(request.body.message ? { message: request.body.message } : {}),
          },
          auth.language,
        );
        // The event's history: which video went where (each target's outcome).
        await writeAudit(tx, auditSourceOf(request), {
          accountId: event.accountId,
          resource: 'events',
          resourceId: event.id,
          action: 'share',
          changes: {
            videoId: { before: null, after: video.id },
            targets: { before: null, after: Object.fromEntries(made.map((one) => [one.target, one.outcome])) },
          },
        });
        return made;
      });
      return reply.code(202).send({ videoId: video.id, results });
    },
  );

  app.get(
    repostPaths.list(':id'),
    {
      onRequest: guards.requireRule(REPOST_READ_RULE),
      schema: {
        ...common,
        summary: "The event's reposts, newest first, with each target's job as it is now",
        params: eventIdParams,
        response: { 200: repostListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const event = await findScopedEvent(db, auth, request.params.id);
      return { data: await listReposts(db, event.id, auth.language) };
    },
  );
};
