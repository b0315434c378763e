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
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { findScopedEvent } from '../graphics/event-scope.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { requireSocialModule } from '../social/social.service.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { listReposts, repost, repostVideo } from './reposts.service.ts';

export interface RepostsRoutesOptions {
  db: Db;
  guards: Guards;
}

const common = { tags: ['reposts'], security: BEARER };

/** POST/GET events/{id}/reposts (contract reposts.ts): publications through the user's social links. */
export const repostsRoutes: FastifyPluginAsyncZod<RepostsRoutesOptions> = async (app, { db, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);

  app.post(
    repostPaths.list(':id'),
    {
      onRequest: guards.requireRule(REPOST_WRITE_RULE),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: "Publishes the event's replay, or one of its clips, to the user's linked social accounts",
        description:
          'One publication per target (as POST videos/{id}/share/{target}), each answering on its own: ' +
          "'queued' with its publication, or 'refused' with the reasons (no active link, a platform's limit). " +
          '403: the account has no SOCIAL_SHARING module; 409: no replay, or the video is not ready.',
        params: eventIdParams,
        body: repostBody,
        response: { 202: repostResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const event = await findScopedEvent(db, auth, request.params.id);
      requireSocialModule(auth.account.modules);
      const video = await repostVideo(db, event, request.body.videoId);
      const audit = auditSourceOf(request);
      const results = await transaction(db, async (tx) => {
        const made = await repost(
          tx,
          {
            event,
            video,
            userId: auth.user.id,
            userName: auth.user.name,
            modules: auth.account.modules,
            targets: request.body.targets,
            message: request.body.message || undefined,
            audit,
            requestId: request.id,
          },
          auth.language,
        );
        // The event's history: which video went where (each target's publication, or its refusal).
        await writeAudit(tx, audit, {
          accountId: event.accountId,
          resource: 'events',
          resourceId: event.id,
          action: 'share',
          changes: {
            videoId: { before: null, after: video.id },
            targets: {
              before: null,
              after: Object.fromEntries(made.map((one) => [one.target, one.publication?.id ?? one.outcome])),
            },
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
        summary: "The event's reposts, newest first, with each target's publication as it is now (URL once published)",
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
